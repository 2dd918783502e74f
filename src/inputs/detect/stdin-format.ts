import { Readable } from 'node:stream';
import type { InputFormat } from '../light.js';
import { decodeHead } from '../text/text-input.js';
import { formatOfText, HEAD_BYTES } from './by-content.js';

type Chunk = IteratorResult<Buffer | string>;

/**
 * Standard input's format by its start, as a file's is told when its name says nothing (./detect.ts): a CSV piped to
 * `hoplens check -` is read as a CSV, not a list of lines. Only the first chunk is waited for (what the writer sent
 * first, a pipe's buffer for a file): a producer writing a row at a time is checked as it writes, never held until
 * more comes. Standard input is read once, so that chunk is handed back in front of the rest: the stream returned is
 * the one to read from then on. An abort while nothing has come yet leaves it a list (the run then ends at once).
 */
export async function detectStdinFormat(
  stdin: Readable,
  signal?: AbortSignal,
): Promise<{ format: InputFormat; stream: Readable }> {
  const iterator = stdin[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const pending = iterator.next();
  const first = await Promise.race([pending, abortedOf(signal)]);
  async function* replayed(): AsyncGenerator<Buffer> {
    for (let next = await pending; next.done !== true; next = await iterator.next()) yield Buffer.from(next.value);
  }
  const stream = Readable.from(replayed(), { objectMode: false });
  if (first === undefined || first.done === true) return { format: 'list', stream };
  const head = Buffer.from(first.value).subarray(0, HEAD_BYTES);
  return { format: formatOfText(decodeHead(head)), stream };
}

/** Settles (with nothing) when `signal` aborts; never without one. */
function abortedOf(signal: AbortSignal | undefined): Promise<Chunk | undefined> {
  return new Promise((resolve) => {
    if (signal === undefined) return;
    if (signal.aborted) resolve(undefined);
    signal.addEventListener('abort', () => resolve(undefined), { once: true });
  });
}
