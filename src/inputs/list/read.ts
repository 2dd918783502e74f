import type { Readable } from 'node:stream';
import { ruleFormatHint } from '../detect/line-signs.js';
import type { InputItem } from '../row.js';
import { isBlankOrComment, readLineBatches } from '../text/lines.js';
import { readSourceUrl } from '../text/urls.js';

/**
 * Reads a plain list: one URL a line, blank lines and `#` comments ignored. A row from a list has no expectation
 * besides working: it passes when its chain ends in 2xx with no error issue. Paths are made absolute on `baseUrl`.
 * A line with spaces inside is malformed (a URL has none: `new URL` would turn them into `%20`); the first such
 * line that looks like a rules format says which `--input` reads it, since a rules file with an unknown name
 * (`rules.netlify`) is read as a list.
 */
export async function* readList(stream: Readable, baseUrl?: string): AsyncGenerator<InputItem> {
  let hinted = false;
  for await (const lines of readLineBatches(stream)) {
    for (const { number, text } of lines) {
      if (isBlankOrComment(text)) continue;
      const trimmed = text.trim();
      const source = /\s/.test(trimmed) ? undefined : readSourceUrl(trimmed, baseUrl);
      if (source?.ok === true) {
        yield { kind: 'row', row: { line: number, source: source.url } };
        continue;
      }
      const hint: string | undefined = hinted ? undefined : ruleFormatHint(trimmed);
      hinted ||= hint !== undefined;
      const problem =
        source === undefined ? 'a list line holds one URL, and this one has spaces in it' : source.message;
      yield { kind: 'invalid', line: number, message: hint === undefined ? problem : `${problem}; ${hint}` };
    }
  }
}
