/** What {@link inOrder} tells as it goes, and what stops it. */
export interface InOrderHooks<R> {
  /** Each result, in the items' order, as soon as it and every one before it are done. */
  deliver?: (result: R, index: number) => Promise<void>;
  /** How many have finished, after each one does (in any order): for progress. */
  finished?: (count: number) => Promise<void>;
  /** Stops starting work and delivering; the work already started is waited for. */
  signal?: AbortSignal | undefined;
}

/**
 * Runs `work` on each item, at most `concurrency` at once, and resolves with the results delivered, in the items'
 * order (all of them unless the signal stopped it): how `hoplens URL...` prints many chains as they are ready and
 * how the MCP `check` tool runs its rows.
 */
export async function inOrder<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
  hooks: InOrderHooks<R> = {},
): Promise<R[]> {
  const running: Array<Promise<R>> = [];
  const delivered: R[] = [];
  let next = 0;
  let finished = 0;
  const start = () => {
    while (next < items.length && running.length < concurrency && hooks.signal?.aborted !== true) {
      const result = work(items[next++]!).then(async (done) => {
        await hooks.finished?.(++finished);
        return done;
      });
      // Its failure is met when its turn comes (or by allSettled): not an unhandled rejection while an earlier waits.
      result.catch(() => {});
      running.push(result);
    }
  };
  start();
  try {
    while (running.length > 0) {
      const result = await running[0]!;
      running.shift();
      start();
      if (hooks.signal?.aborted === true) break;
      await hooks.deliver?.(result, delivered.length);
      delivered.push(result);
    }
  } finally {
    await Promise.allSettled(running);
  }
  return delivered;
}
