import type { Readable } from 'node:stream';
import type { InputItem } from '../../row.js';
import { type RuleReadOptions, ruleRow } from '../../rule-row.js';
import { readPresetCsv } from '../../text/header-csv.js';
import { readWholeText } from '../../text/whole-text.js';

/**
 * Reads Screaming Frog's redirect chains report: each `Address` is expected to end at its `Final Address`, as the
 * crawl found it; the report's hop statuses describe the chain seen then, not an expectation, and are not read.
 */
export async function* readScreamingFrog(stream: Readable, options: RuleReadOptions): AsyncGenerator<InputItem> {
  const columns = { address: ['address'], final: ['final address'] } as const;
  const text = await readWholeText(stream);
  yield* readPresetCsv(text, 'Screaming Frog redirect chains', columns, ['address', 'final'], (fields, line) => {
    if (fields.address === '' || fields.final === '') {
      return { kind: 'invalid', line, message: 'a row needs an Address and a Final Address' };
    }
    return ruleRow({ line, from: fields.address, to: fields.final }, options);
  });
}
