import type { Readable } from 'node:stream';
import type { InputItem } from '../../check/row.js';
import { isBlankOrComment, readLineBatches } from '../../rules/lines.js';
import { readSourceUrl } from '../../rules/urls.js';

/**
 * Reads a plain list: one URL a line, blank lines and `#` comments ignored. A row from a list has no expectation
 * besides working: it passes when its chain ends in 2xx with no error issue. Paths are made absolute on `baseUrl`.
 */
export async function* readList(stream: Readable, baseUrl?: string): AsyncGenerator<InputItem> {
  for await (const lines of readLineBatches(stream)) {
    for (const { number, text } of lines) {
      if (isBlankOrComment(text)) continue;
      const source = readSourceUrl(text.trim(), baseUrl);
      yield source.ok
        ? { kind: 'row', row: { line: number, source: source.url } }
        : { kind: 'invalid', line: number, message: source.message };
    }
  }
}
