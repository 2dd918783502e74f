import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { malformedInput } from '../errors.js';
import type { NumberedLine } from './text-lines.js';

export type { NumberedLine } from './text-lines.js';

/** Longest line accepted: a stream without newlines must not be buffered whole. */
export const MAX_LINE_LENGTH = 1024 * 1024;

/**
 * Splits a stream into lines as it arrives (LF or CRLF, UTF-8, a leading BOM dropped). Pulling from the stream only
 * when the consumer asks gives backpressure, so a huge file is never read ahead.
 */
export async function* readLines(stream: Readable): AsyncGenerator<NumberedLine> {
  for await (const lines of readLineBatches(stream)) yield* lines;
}

/**
 * {@link readLines}, a chunk's lines at a time: for a reader that turns every line of a large input into a row, one
 * step of an async generator per chunk instead of one per line is a measurable share of a bulk check's work.
 */
export async function* readLineBatches(stream: Readable): AsyncGenerator<NumberedLine[]> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let number = 0;
  const emit = (text: string): NumberedLine => {
    number++;
    const clean = text.endsWith('\r') ? text.slice(0, -1) : text;
    return { number, text: number === 1 && clean.startsWith('\uFEFF') ? clean.slice(1) : clean };
  };
  for await (const chunk of stream) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    const lines: NumberedLine[] = [];
    let start = 0;
    for (let end = pending.indexOf('\n', start); end !== -1; end = pending.indexOf('\n', start)) {
      lines.push(emit(pending.slice(start, end)));
      start = end + 1;
    }
    pending = pending.slice(start);
    if (lines.length > 0) yield lines;
    if (pending.length > MAX_LINE_LENGTH) {
      throw malformedInput(`line ${number + 1} is longer than ${MAX_LINE_LENGTH} characters`);
    }
  }
  pending += decoder.end();
  if (pending !== '') yield [emit(pending)];
}

// Pure, beside the text splitter the page can load; re-exported for the stream readers.
export { isBlankOrComment } from './text-lines.js';
