/**
 * What a variants grid says of a site: whether every variant of a URL ends, in one hop, on the canonical URL (the
 * final URL of the URL as given), over HTTPS, and whether crawlers and HEAD are sent where a browser's GET is.
 * Google asks for one canonical URL for duplicates and for redirects straight to it
 * (https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls,
 * .../site-move-with-url-changes), and counts serving crawlers other content than users as cloaking
 * (https://developers.google.com/search/docs/essentials/spam-policies#cloaking).
 * A variant nobody links to (upper case, an index file) that answers 404 or 410 is what Google expects of a URL that
 * does not exist: a note (`variant_not_found`), not a failure (variant-list.ts, UNLINKED_VARIANTS).
 */
import type { Severity } from '../core/index.js';
import type { VariantRow } from './variant-grid.js';
import { CRAWLER_VARIANTS, UNLINKED_VARIANTS } from './variant-list.js';

/** The kinds of a variants finding. */
export const VARIANT_ISSUE_TYPES = Object.freeze([
  'variants_not_consolidated',
  'variant_chain',
  'variant_not_https',
  'user_agent_divergence',
  'head_get_mismatch',
  'variant_not_found',
] as const);

export type VariantIssueType = (typeof VARIANT_ISSUE_TYPES)[number];

/** One finding of a variants run. */
export interface VariantFinding {
  readonly type: VariantIssueType;
  readonly severity: Severity;
  readonly message: string;
  /** The variants it is about (ids of the grid's rows). */
  readonly variants: readonly string[];
  /** Its section of hoplens's docs/issues.md, a path relative to the package. */
  readonly help: string;
}

const SEVERITY: Readonly<Record<VariantIssueType, Severity>> = Object.freeze({
  variants_not_consolidated: 'error',
  variant_chain: 'warning',
  variant_not_https: 'error',
  user_agent_divergence: 'warning',
  head_get_mismatch: 'warning',
  // The issue's decision: a warning by default, never a failed run (Google counts such a 404 harmless).
  variant_not_found: 'warning',
});

function finding(type: VariantIssueType, rows: readonly VariantRow[], message: string): VariantFinding {
  return {
    type,
    severity: SEVERITY[type],
    message,
    variants: rows.map((row) => row.variant),
    help: `docs/issues.md#${type}`,
  };
}

/** Where a row ended, in words: its final URL or its error. */
function ending(row: VariantRow): string {
  return row.finalUrl ?? row.error?.code ?? 'nowhere';
}

/** Whether a row is a variant nobody links to that answers, itself, that it does not exist (404 or 410). */
function notFound(row: VariantRow): boolean {
  return (
    UNLINKED_VARIANTS.includes(row.variant) &&
    row.redirects === 0 &&
    (row.finalStatus === 404 || row.finalStatus === 410)
  );
}

/** The URL variants' findings: consolidation, chains and unlinked variants that do not exist. */
function urlFindings(canonical: string, rows: readonly VariantRow[]): VariantFinding[] {
  const found: VariantFinding[] = [];
  const absent = rows.filter(notFound);
  const astray = rows.filter((row) => row.finalUrl !== canonical && !notFound(row));
  if (astray.length > 0) {
    const where = astray.map((row) => `${row.variant} → ${ending(row)}`).join('; ');
    found.push(finding('variants_not_consolidated', astray, `Variants end elsewhere than ${canonical}: ${where}`));
  }
  const long = rows.filter((row) => row.finalUrl === canonical && row.redirects > 1);
  if (long.length > 0) {
    const counts = long.map((row) => `${row.variant}: ${row.redirects}`).join(', ');
    found.push(finding('variant_chain', long, `Variants take more than one redirect to ${canonical} (${counts})`));
  }
  if (absent.length > 0) {
    const statuses = absent.map((row) => `${row.variant}: ${row.finalStatus}`).join(', ');
    const message = `Variants nobody links to answer that they do not exist (${statuses}): harmless, no need to redirect them`;
    found.push(finding('variant_not_found', absent, message));
  }
  return found;
}

/**
 * Every row that ends on plain http, whatever it changed (the URL as given and the clients too), saying so first when
 * the canonical URL itself is http: then every variant that reaches it ends on http, and the fix is the canonical's.
 */
function httpFindings(canonical: string | undefined, rows: readonly VariantRow[]): VariantFinding[] {
  const plain = rows.filter((row) => row.finalUrl?.startsWith('http:') === true);
  if (plain.length === 0) return [];
  const where = plain.map((row) => (row.finalUrl === canonical ? row.variant : `${row.variant} → ${row.finalUrl}`));
  const itself =
    canonical?.startsWith('http:') === true
      ? `The canonical URL itself is plain http (${canonical}): serve it over https and redirect http to it. `
      : '';
  return [finding('variant_not_https', plain, `${itself}Variants ending on plain http: ${where.join(', ')}`)];
}

/** The client variants' findings: crawlers against the browser, HEAD against GET. */
function clientFindings(given: VariantRow, rows: readonly VariantRow[]): VariantFinding[] {
  const found: VariantFinding[] = [];
  const browser = rows.find((row) => row.variant === 'chrome');
  if (browser !== undefined) {
    const crawlers = rows.filter((row) => (CRAWLER_VARIANTS as readonly string[]).includes(row.variant));
    const apart = crawlers.filter((row) => ending(row) !== ending(browser));
    if (apart.length > 0) {
      const where = apart.map((row) => `${row.variant} → ${ending(row)}`).join('; ');
      const message = `Crawlers are sent elsewhere than a browser (chrome → ${ending(browser)}): ${where}`;
      found.push(finding('user_agent_divergence', [browser, ...apart], message));
    }
  }
  const head = rows.find((row) => row.variant === 'head');
  const statuses = (row: VariantRow) => row.chain.map((hop) => hop.status).join(' → ');
  if (head !== undefined && (ending(head) !== ending(given) || statuses(head) !== statuses(given))) {
    const message = `HEAD ends on ${ending(head)} (${statuses(head)}), GET on ${ending(given)} (${statuses(given)})`;
    found.push(finding('head_get_mismatch', [given, head], message));
  }
  return found;
}

/**
 * The findings of a grid whose first row is the URL as given, and marks the rows they name as odd. Without a final
 * URL for the URL as given there is no canonical URL, and only the http and client findings are judged.
 */
export function variantFindings(grid: VariantRow[]): VariantFinding[] {
  const given = grid[0]!;
  const found = [
    ...(given.finalUrl === undefined
      ? []
      : urlFindings(
          given.finalUrl,
          grid.filter((row) => row.kind === 'url'),
        )),
    ...httpFindings(given.finalUrl, grid),
    ...clientFindings(
      given,
      grid.filter((row) => row.kind === 'client'),
    ),
  ];
  // A note (info) names variants that are fine: only warnings and errors mark a row odd.
  const named = new Set(
    found
      .filter((entry) => entry.severity !== 'info')
      .flatMap((entry) => entry.variants.filter((id) => id !== 'given' && id !== 'chrome')),
  );
  for (const row of grid) row.odd = named.has(row.variant);
  return found;
}
