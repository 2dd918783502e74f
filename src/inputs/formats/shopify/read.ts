import type { Readable } from 'node:stream';
import type { InputItem } from '../../row.js';
import { type RuleReadOptions, ruleRow } from '../../rule-row.js';
import { readPresetCsv } from '../../text/header-csv.js';
import { readWholeText } from '../../text/whole-text.js';

/** Shopify's URL redirects are permanent: every one answers 301. */
const SHOPIFY_STATUS = 301;

/**
 * Reads Shopify's URL redirect CSV (`Redirect from,Redirect to`): the source is a path on the store, the target a
 * path on it or a URL; every redirect is expected to answer 301.
 */
export async function* readShopify(stream: Readable, options: RuleReadOptions): AsyncGenerator<InputItem> {
  const columns = { from: ['redirect from'], to: ['redirect to'] } as const;
  yield* readPresetCsv(await readWholeText(stream), 'Shopify', columns, ['from', 'to'], (fields, line) => {
    if (fields.from === '' || fields.to === '')
      return { kind: 'invalid', line, message: 'a redirect needs both columns' };
    const from = fields.from.startsWith('/') || /^https?:/i.test(fields.from) ? fields.from : `/${fields.from}`;
    return ruleRow({ line, from, to: fields.to, status: SHOPIFY_STATUS }, options);
  });
}
