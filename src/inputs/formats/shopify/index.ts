import type { TargetColumn } from '../csv-writer.js';
import type { RuleFormatSpec } from '../spec.js';
import { readShopify } from './read.js';

/** Shopify's export names its target column `Redirect to` (any case, as ./read.ts reads it). */
const SHOPIFY_TARGET: TargetColumn = {
  fromHeader: (header) => header.findIndex((name) => name.trim().toLowerCase() === 'redirect to'),
};

/** Shopify's URL redirects export (CSV with a header). */
export const shopifyFormat: RuleFormatSpec = {
  read: readShopify,
  write: async (text, edits) => (await import('../csv-writer.js')).writeCsv(text, edits, SHOPIFY_TARGET),
  lines: 'headed',
};
