import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { malformedInput } from '../errors.js';
import { MAX_LINE_LENGTH } from '../text/lines.js';

/**
 * Calls `onLine` with each line of a stream as it arrives (LF or CRLF, UTF-8, a leading BOM dropped), checking the
 * signal at each chunk. Unlike the inputs' line reader (src/inputs/text/lines.ts) it makes no object and no array
 * per line: a log of ten million lines is read here, and what a line leaves behind is what the memory and the
 * garbage collector pay for.
 */
export async function eachLine(stream: Readable, onLine: (text: string) => void, signal?: AbortSignal): Promise<void> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let first = true;
  for await (const chunk of stream) {
    signal?.throwIfAborted();
    let text = pending + (typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer));
    if (first && text !== '') {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      onLine(end > start && text.charCodeAt(end - 1) === 0x0d ? text.slice(start, end - 1) : text.slice(start, end));
      start = end + 1;
    }
    pending = text.slice(start);
    if (pending.length > MAX_LINE_LENGTH) throw malformedInput(`a line is longer than ${MAX_LINE_LENGTH} characters`);
  }
  pending += decoder.end();
  if (pending !== '') onLine(pending.endsWith('\r') ? pending.slice(0, -1) : pending);
}
