import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { malformedInput } from '../errors.js';

/** Largest whole-file input (a JSON or TOML configuration): these are parsed at once, not streamed. */
export const MAX_WHOLE_TEXT = 32 * 1024 * 1024;

/** Reads a stream as UTF-8 text (a leading BOM dropped), refusing more than {@link MAX_WHOLE_TEXT} bytes. */
export async function readWholeText(stream: Readable): Promise<string> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > MAX_WHOLE_TEXT) throw malformedInput(`the file is larger than ${MAX_WHOLE_TEXT} bytes`);
    text += decoder.write(bytes);
  }
  text += decoder.end();
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** A function giving the 1-based line of a character offset in `text` (line starts found once, then searched). */
export function lineFinder(text: string): (offset: number) => number {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}
