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

// Pure, beside the text splitter the page can load; re-exported for the writers.
export { lineFinder } from './text-lines.js';
