import { RULE_FORMATS, type RuleFormat } from '../index.js';
import type { RedirectsVariant } from '../netlify-line.js';
import { writeAmplify } from './amplify-writer.js';
import { writeApache } from './apache-writer.js';
import { type TargetColumn, writeCsv } from './csv-writer.js';
import type { FixEdit } from './fix-edit.js';
import { writeNetlify } from './netlify-writer.js';
import { writeNginx } from './nginx-writer.js';
import { writeVercelBulk } from './vercel-bulk-writer.js';
import { writeVercel } from './vercel-writer.js';
import { writeWordpress } from './wordpress-writer.js';

export { type TargetColumn, writeCsv } from './csv-writer.js';
export { destinationText, type FixEdit } from './fix-edit.js';

/**
 * The rule formats `hoplens fix` writes back (the CLI's own `csv` input too, through {@link writeCsv}): every one but
 * `screaming-frog`, a crawl's report of the chains it found rather than rules a host applies.
 */
export const FIX_RULE_FORMATS: readonly RuleFormat[] = Object.freeze(
  RULE_FORMATS.filter((format) => format !== 'screaming-frog'),
);

/** Shopify's export names its target column `Redirect to` (any case, as src/rules/shopify.ts reads it). */
const SHOPIFY_TARGET: TargetColumn = {
  fromHeader: (header) => header.findIndex((name) => name.trim().toLowerCase() === 'redirect to'),
};

/**
 * Writes `text` (a rules file of `format`, without its BOM) with each edit's rule pointed at its new destination,
 * every other line kept; undefined for a format it does not write (`screaming-frog`).
 */
export function writeFixedRules(
  format: RuleFormat,
  text: string,
  edits: readonly FixEdit[],
  options: { variant?: RedirectsVariant },
): string | undefined {
  switch (format) {
    case 'netlify':
      return writeNetlify(text, edits, options.variant ?? 'netlify');
    case 'vercel':
      return writeVercel(text, edits);
    // A Bulk Redirects list has no header: source, then target.
    case 'cloudflare':
      return writeCsv(text, edits, { index: 1 });
    case 'shopify':
      return writeCsv(text, edits, SHOPIFY_TARGET);
    case 'apache':
      return writeApache(text, edits);
    case 'nginx':
      return writeNginx(text, edits);
    case 'wordpress':
      return writeWordpress(text, edits);
    case 'vercel-bulk':
      return writeVercelBulk(text, edits);
    case 'amplify':
      return writeAmplify(text, edits);
    default:
      return undefined;
  }
}
