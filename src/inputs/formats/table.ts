import { RULE_FORMATS, type RuleFormat } from '../light.js';
import { amplifyFormat } from './amplify/index.js';
import { apacheFormat } from './apache/index.js';
import { cloudflareFormat } from './cloudflare/index.js';
import type { TargetColumn } from './csv-writer.js';
import type { FixEdit } from './fix-edit.js';
import { netlifyFormat } from './netlify/index.js';
import type { RedirectsVariant } from './netlify/line.js';
import { nginxFormat } from './nginx/index.js';
import { screamingFrogFormat } from './screaming-frog/index.js';
import { shopifyFormat } from './shopify/index.js';
import type { RuleFormatSpec } from './spec.js';
import { vercelFormat } from './vercel/index.js';
import { vercelBulkFormat } from './vercel-bulk/index.js';
import { wordpressFormat } from './wordpress/index.js';

/**
 * The one table of rule formats, each from its own folder. A `Record` over the whole union, so that a format added
 * to {@link RULE_FORMATS} without its folder fails the type check.
 */
export const FORMAT_TABLE: Readonly<Record<RuleFormat, RuleFormatSpec>> = Object.freeze({
  netlify: netlifyFormat,
  vercel: vercelFormat,
  cloudflare: cloudflareFormat,
  apache: apacheFormat,
  nginx: nginxFormat,
  shopify: shopifyFormat,
  wordpress: wordpressFormat,
  'screaming-frog': screamingFrogFormat,
  'vercel-bulk': vercelBulkFormat,
  amplify: amplifyFormat,
});

/** Whether a format is one of the redirect-rule formats. */
export function isRuleFormat(format: string): format is RuleFormat {
  return (RULE_FORMATS as readonly string[]).includes(format);
}

/** Whether a format's rules are paths, so that checking them needs a base URL. */
export function needsBaseUrl(format: RuleFormat): boolean {
  return FORMAT_TABLE[format].absoluteSources !== true;
}

/** Whether the first rule for a URL is the one that answers it (every format but nginx, which picks by specificity). */
export function isOrdered(format: RuleFormat): boolean {
  return FORMAT_TABLE[format].unordered !== true;
}

/** The rule formats `hoplens fix` writes back: every one with a writer (not `screaming-frog`, a crawl's report). */
export const WRITABLE_RULE_FORMATS: readonly RuleFormat[] = Object.freeze(
  RULE_FORMATS.filter((format) => FORMAT_TABLE[format].write !== undefined),
);

/**
 * Writes `text` (a rules file of `format`, without its BOM) with each edit's rule pointed at its new destination,
 * every other line kept; undefined for a format with no writer (`screaming-frog`).
 */
export function writeRules(
  format: RuleFormat,
  text: string,
  edits: readonly FixEdit[],
  options: { variant?: RedirectsVariant },
): Promise<string | undefined> {
  return FORMAT_TABLE[format].write?.(text, edits, options) ?? Promise.resolve(undefined);
}

/**
 * Writes a CSV input (hoplens's own `source,target` form) with each edit's target in `column`: the CSV writer is
 * loaded when called, for csv-parse is fix's alone.
 */
export async function writeCsvTargets(text: string, edits: readonly FixEdit[], column: TargetColumn): Promise<string> {
  return (await import('./csv-writer.js')).writeCsv(text, edits, column);
}
