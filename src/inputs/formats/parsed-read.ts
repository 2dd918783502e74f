import type { Readable } from 'node:stream';
import type { CompiledRules } from '../patterns/rule-match.js';
import type { InputItem } from '../row.js';
import type { RulePlaces } from '../rule-places.js';
import { readWholeText } from '../text/whole-text.js';
import type { FormatReadOptions, ParsedRuleText, RuleFormatSpec } from './spec.js';

/** The reader of a format parsed whole: the stream's text (at most MAX_WHOLE_TEXT) parsed once, its items in order. */
export function readParsed(
  parse: (text: string, options: FormatReadOptions) => Promise<ParsedRuleText>,
): (stream: Readable, options: FormatReadOptions) => AsyncGenerator<InputItem> {
  return async function* read(stream, options) {
    yield* (await parse(await readWholeText(stream), options)).items;
  };
}

/**
 * A format's text parsed once (its folder's `parse`), with its matcher compiled from that same parse. A file the
 * matcher cannot compile is left uncompiled: its rows report what is wrong with it.
 */
export async function parseAndCompile(
  parse: NonNullable<RuleFormatSpec['parse']>,
  text: string,
  options: FormatReadOptions,
): Promise<{ items: InputItem[]; compiled?: CompiledRules; places?: RulePlaces }> {
  const parsed = await parse(text, options);
  const compiled = await parsed.compile?.().catch(() => undefined);
  return {
    items: parsed.items,
    ...(compiled === undefined ? {} : { compiled }),
    ...(parsed.places === undefined ? {} : { places: parsed.places }),
  };
}
