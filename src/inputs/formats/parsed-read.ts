import type { Readable } from 'node:stream';
import type { InputItem } from '../row.js';
import { readWholeText } from '../text/whole-text.js';
import type { FormatReadOptions, ParsedRuleText } from './spec.js';

/** The reader of a format parsed whole: the stream's text (at most MAX_WHOLE_TEXT) parsed once, its items in order. */
export function readParsed(
  parse: (text: string, options: FormatReadOptions) => Promise<ParsedRuleText>,
): (stream: Readable, options: FormatReadOptions) => AsyncGenerator<InputItem> {
  return async function* read(stream, options) {
    yield* (await parse(await readWholeText(stream), options)).items;
  };
}
