import { Readable } from 'node:stream';
import { readAmplify } from './amplify.js';
import { readApache } from './apache.js';
import { readCloudflareBulk } from './cloudflare-bulk.js';
import { readNetlify } from './netlify.js';
import type { RedirectsVariant } from './netlify-line.js';
import { readNginx } from './nginx.js';
import { hasPatternMatching, type PatternFormat } from './patterns/formats.js';
import { skippedPatternItems } from './patterns/skipped-items.js';
import type { InputItem } from './row.js';
import type { RuleReadOptions } from './rule-row.js';
import { readScreamingFrog } from './screaming-frog.js';
import { skipShadowed } from './shadowing.js';
import { readShopify } from './shopify.js';
import { readVercel } from './vercel.js';
import { readVercelBulk } from './vercel-bulk.js';
import { readWordpress } from './wordpress.js';

export { neutralisedCell, restoredCell } from './csv-cell.js';
export { type CsvItem, readCsvRecords } from './csv-records.js';
export { isBlankOrComment, MAX_LINE_LENGTH, type NumberedLine, readLines } from './lines.js';
export { type NetlifyRule, parseNetlifyRule, REDIRECTS_VARIANTS, type RedirectsVariant } from './netlify-line.js';
export type { CheckRow, InputItem } from './row.js';
export { REDIRECT_STATUSES, type RuleReadOptions } from './rule-row.js';
export { readSourceUrl, readStatus, readTargetUrl, type UrlReading } from './urls.js';

/** The redirect-rule formats: a host's or a server's configuration, or a tool's export. */
export const RULE_FORMATS = [
  'netlify',
  'vercel',
  'cloudflare',
  'apache',
  'nginx',
  'shopify',
  'wordpress',
  'screaming-frog',
  'vercel-bulk',
  'amplify',
] as const;
/** A redirect-rule format. */
export type RuleFormat = (typeof RULE_FORMATS)[number];

/** Formats whose sources are absolute URLs; every other format's sources are paths, which need a base URL. */
const ABSOLUTE_SOURCES: ReadonlySet<RuleFormat> = new Set(['cloudflare', 'screaming-frog']);

/** Whether a format's rules are paths, so that checking them needs a base URL. */
export function needsBaseUrl(format: RuleFormat): boolean {
  return !ABSOLUTE_SOURCES.has(format);
}

/**
 * Formats whose host picks a rule by specificity, not by order: an earlier rule for the same URL does not shadow a
 * later one (nginx prefers an exact location to a prefix one wherever they are).
 */
const UNORDERED: ReadonlySet<RuleFormat> = new Set(['nginx']);

/** Options of {@link readRules}. */
export interface ReadRulesOptions extends RuleReadOptions {
  /** For `netlify`: whose `_redirects` syntax (default `netlify`). */
  variant?: RedirectsVariant;
  /**
   * Yield rules that an earlier rule shadows as rows rather than skipping them: `hoplens lint` reports them itself
   * (src/rules/lint/), and `hoplens fix` must see every line it may rewrite.
   */
  keepShadowed?: boolean;
}

function reader(format: RuleFormat, stream: Readable, options: ReadRulesOptions): AsyncIterable<InputItem> {
  switch (format) {
    case 'netlify':
      return readNetlify(stream, options);
    case 'vercel':
      return readVercel(stream, options);
    case 'cloudflare':
      return readCloudflareBulk(stream, options);
    case 'apache':
      return readApache(stream, options);
    case 'nginx':
      return readNginx(stream, options);
    case 'shopify':
      return readShopify(stream, options);
    case 'wordpress':
      return readWordpress(stream, options);
    case 'screaming-frog':
      return readScreamingFrog(stream, options);
    case 'vercel-bulk':
      return readVercelBulk(stream, options);
    case 'amplify':
      return readAmplify(stream, options);
  }
}

/**
 * Reads a redirect-rule file as rows to check, in input order: literal rules become rows, rules that match many URLs
 * or some requests only are skipped with their reason, malformed ones are invalid with their line. A rule whose
 * source an earlier rule already answers (first match wins; for nginx, the location its precedence picks) is skipped
 * as shadowed, naming the line that answers instead.
 */
export function readRules(format: RuleFormat, stream: Readable, options: ReadRulesOptions): AsyncIterable<InputItem> {
  if (options.keepShadowed === true) return reader(format, stream, options);
  if (hasPatternMatching(format)) return readPatternShadowed(format, stream, options);
  return skipShadowed(reader(format, stream, options), { ordered: !UNORDERED.has(format) });
}

/**
 * The rules of a format with pattern rules, a literal rule that an earlier pattern answers first skipped as shadowed:
 * the file is read once into memory, compiled once by its format's matcher (src/rules/patterns/) and read by the
 * format's reader. A file the matcher cannot compile is read as before, its reader reporting what is wrong.
 */
async function* readPatternShadowed(
  format: PatternFormat,
  stream: Readable,
  options: ReadRulesOptions,
): AsyncGenerator<InputItem> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  const { compileRules } = await import('./patterns/index.js');
  const rules = await compileRules(format, Readable.from(chunks), options.variant).catch(() => undefined);
  const items = reader(format, Readable.from(chunks), options);
  yield* skipShadowed(items, { ordered: !UNORDERED.has(format), ...(rules === undefined ? {} : { rules }) });
  yield* skippedPatternItems(rules?.skipped ?? []);
}

/** Whether the first rule for a URL is the one that answers it (every format but nginx, which picks by specificity). */
export function isOrdered(format: RuleFormat): boolean {
  return !UNORDERED.has(format);
}

/** The rule format a file name says, if it says one: `_redirects`, `netlify.toml`, `vercel.json`, `.htaccess`... */
export function ruleFormatOfName(name: string): RuleFormat | undefined {
  const lower = name.toLowerCase();
  if (lower === '_redirects' || lower.endsWith('.redirects') || lower.endsWith('_redirects')) return 'netlify';
  if (lower === 'netlify.toml') return 'netlify';
  if (lower === 'vercel.json') return 'vercel';
  if (lower === '.htaccess' || lower.endsWith('.htaccess') || lower === 'httpd.conf' || lower === 'apache2.conf') {
    return 'apache';
  }
  // A `.conf` is nginx's unless its name says Apache (`apache-site.conf`, `httpd-vhosts.conf`).
  if (lower.endsWith('.conf')) return /apache|httpd/.test(lower) ? 'apache' : 'nginx';
  if (lower.endsWith('.nginx')) return 'nginx';
  return undefined;
}
