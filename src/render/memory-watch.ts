/** How often the page's memory is read, in ms: a page cannot fill much more than a few hundred MB in between. */
const INTERVAL_MS = 100;

/** What one read returns: CDP `Runtime.getHeapUsage` of a session, or their sum over a render's targets. */
export interface HeapUsage {
  totalSize: number;
  embedderHeapUsedSize: number;
  backingStorageSize: number;
}

/**
 * Reads, every {@link INTERVAL_MS}, the memory a render's targets hold as Chromium counts it (`Runtime.getHeapUsage`
 * of each: the JavaScript heap, the DOM's and ArrayBuffers' backing stores), and calls `onExceeded`
 * (once) when it passes `limit` bytes. Returns the function that stops watching.
 */
export function watchMemory(
  readUsage: () => Promise<HeapUsage>,
  limit: number,
  onExceeded: (bytes: number) => void,
  onError: (error: unknown) => void,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // One read at a time: the next is scheduled when the last has answered.
  const read = async () => {
    try {
      const usage = await readUsage();
      const bytes = usage.totalSize + usage.embedderHeapUsedSize + usage.backingStorageSize;
      if (bytes > limit && !stopped) {
        stopped = true;
        onExceeded(bytes);
      }
    } catch (error) {
      // Logged and counted, unless the page is gone (then its session's end is what counts); the next read follows.
      onError(error);
    }
    if (!stopped) timer = setTimeout(read, INTERVAL_MS);
  };
  timer = setTimeout(read, INTERVAL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
