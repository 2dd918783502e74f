import { Readable } from 'node:stream';
import type { InputFormat } from '../light.js';
import { decodeHead } from '../text/text-input.js';
import { formatOfText, HEAD_BYTES } from './by-content.js';

/**
 * Standard input's format by its start, as a file's is told when its name says nothing (./detect.ts): a CSV piped to
 * `hoplens check -` is read as a CSV, not a list of lines. Standard input is read once, so its start is read here and
 * handed back in front of the rest: the stream returned is the one to read from then on.
 */
export async function detectStdinFormat(stdin: Readable): Promise<{ format: InputFormat; stream: Readable }> {
  const iterator = stdin[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done === true) {
      ended = true;
      break;
    }
    const chunk = Buffer.from(next.value);
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* replayed(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    if (ended) return;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next())
      yield Buffer.from(next.value);
  }
  return {
    format: formatOfText(decodeHead(head.subarray(0, HEAD_BYTES))),
    stream: Readable.from(replayed(), { objectMode: false }),
  };
}
