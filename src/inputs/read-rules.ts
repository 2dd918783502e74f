import type { Readable } from 'node:stream';
import { parseAndCompile } from './formats/parsed-read.js';
import type { FormatReadOptions } from './formats/spec.js';
import { FORMAT_TABLE, isOrdered } from './formats/table.js';
import type { RuleFormat } from './light.js';
import { hasPatternMatching, type PatternFormat } from './patterns/formats.js';
import { skippedPatternItems } from './patterns/skipped-items.js';
import type { InputItem } from './row.js';
import { skipShadowed } from './shadowing.js';
import { readWholeText } from './text/whole-text.js';

/** Options of {@link readRules}. */
export interface ReadRulesOptions extends FormatReadOptions {
  /**
   * Yield rules that an earlier rule shadows as rows rather than skipping them: `hoplens lint` reports them itself
   * (src/lint/), and `hoplens fix` must see every line it may rewrite.
   */
  keepShadowed?: boolean;
}

/**
 * Reads a redirect-rule file as rows to check, in input order: literal rules become rows, rules that match many URLs
 * or some requests only are skipped with their reason, malformed ones are invalid with their line. A rule whose
 * source an earlier rule already answers (first match wins; for nginx, the location its precedence picks) is skipped
 * as shadowed, naming the line that answers instead.
 */
export function readRules(format: RuleFormat, stream: Readable, options: ReadRulesOptions): AsyncIterable<InputItem> {
  if (options.keepShadowed === true) return FORMAT_TABLE[format].read(stream, options);
  if (hasPatternMatching(format)) return readPatternShadowed(format, stream, options);
  return skipShadowed(FORMAT_TABLE[format].read(stream, options), { ordered: isOrdered(format) });
}

/**
 * The rules of a format with pattern rules, a literal rule that an earlier pattern answers first skipped as shadowed:
 * the file is read whole and parsed once by its format (src/inputs/formats/spec.ts), the rows and the matcher
 * (src/inputs/patterns/) both made from that parse. A file the matcher cannot compile is read without it, its rows
 * reporting what is wrong.
 */
async function* readPatternShadowed(
  format: PatternFormat,
  stream: Readable,
  options: ReadRulesOptions,
): AsyncGenerator<InputItem> {
  const text = await readWholeText(stream);
  const { items, compiled: rules, places } = await parseAndCompile(FORMAT_TABLE[format].parse!, text, options);
  const shadowing = {
    ordered: isOrdered(format),
    ...(rules === undefined ? {} : { rules }),
    ...(places === undefined ? {} : { places }),
  };
  yield* skipShadowed(toAsync(items), shadowing);
  if (rules !== undefined) yield* skippedPatternItems(rules.skipped);
}

/** An array as the async iterable {@link skipShadowed} takes. */
async function* toAsync<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}
