import { Readable } from 'node:stream';

/** How much of a stream {@link peekHead} reads at most, looking for the end of the first line. */
const HEAD_LIMIT = 64 * 1024;

/**
 * Reads the start of a stream, up to the end of its first line (or {@link HEAD_LIMIT} bytes), and gives it with a
 * stream of the whole input, that start included: a reader can decide how to read (a CSV's separator, whether it is
 * text at all) before reading. With `minBytes`, it reads on past the first line to that many bytes (or the end): a
 * file's start, which is there to read, not standard input's, which may be typed a line at a time.
 */
export async function peekHead(stream: Readable, minBytes = 0): Promise<{ head: Buffer; rest: Readable }> {
  const iterator: AsyncIterator<Buffer | string> = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < Math.max(HEAD_LIMIT, minBytes)) {
    const next = await iterator.next();
    if (next.done === true) {
      done = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    size += chunk.length;
    if (size >= minBytes && chunk.includes(0x0a)) break;
  }
  const head = Buffer.concat(chunks);
  async function* replay(): AsyncGenerator<Buffer> {
    try {
      if (head.length > 0) yield head;
      if (done) return;
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
        yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      }
      done = true;
    } finally {
      // A reader that stops early (a bad header) closes the source too, not only this stream over it.
      if (!done) await iterator.return?.();
    }
  }
  return { head, rest: Readable.from(replay(), { objectMode: false }) };
}

/**
 * Whether the start of a file is not text: a NUL byte (no text encoding hoplens reads has one), or more than one
 * byte in ten a control character other than tab, line feed, form feed and carriage return (as `file` and git judge).
 */
export function isBinaryHead(head: Buffer): boolean {
  if (head.includes(0)) return true;
  let control = 0;
  for (const byte of head) {
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f) control++;
  }
  return control * 10 > head.length;
}
