import { ruleFormatHint } from '../detect/line-signs.js';
import type { InputItem } from '../row.js';
import { isBlankOrComment, type NumberedLine } from '../text/text-lines.js';
import { readSourceUrl, type SourceReadOptions } from '../text/urls.js';

/** What reading a list carries from one line to the next: whether a rules format was already hinted at. */
export interface ListState {
  hinted: boolean;
}

/**
 * A plain list's lines as items: one URL a line, blank lines and `#` comments ignored. A row from a list has no
 * expectation besides working: it passes when its chain ends in 2xx with no error issue. Paths are made absolute on
 * `baseUrl`. A line with spaces inside is malformed (a URL has none: `new URL` would turn them into `%20`); the first
 * such line that looks like a rules format says which `--input` reads it, since a rules file with an unknown name
 * (`rules.netlify`) is read as a list. Works on lines, not a stream, so that the page reads a list with it too.
 */
export function listItems(
  lines: Iterable<NumberedLine>,
  baseUrl: string | undefined,
  state: ListState = { hinted: false },
  sourceOptions: SourceReadOptions = {},
): InputItem[] {
  // An array, not a generator: a list of a million lines pays for every step of a generator (BENCHMARKS.md).
  const items: InputItem[] = [];
  for (const { number, text } of lines) {
    if (isBlankOrComment(text)) continue;
    const trimmed = text.trim();
    const source = /\s/.test(trimmed) ? undefined : readSourceUrl(trimmed, baseUrl, sourceOptions);
    if (source?.ok === true) {
      items.push({ kind: 'row', row: { line: number, source: source.url } });
      continue;
    }
    const hint: string | undefined = state.hinted ? undefined : ruleFormatHint(trimmed);
    state.hinted ||= hint !== undefined;
    const problem = source === undefined ? 'a list line holds one URL, and this one has spaces in it' : source.message;
    items.push({ kind: 'invalid', line: number, message: hint === undefined ? problem : `${problem}; ${hint}` });
  }
  return items;
}
