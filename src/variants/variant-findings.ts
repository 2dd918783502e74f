/**
 * What a variants grid says of a site: whether every variant of a URL ends, in one hop, on the canonical URL (the
 * final URL of the URL as given), over HTTPS, and whether crawlers and HEAD are sent where a browser's GET is.
 * Google asks for one canonical URL for duplicates and for redirects straight to it
 * (https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls,
 * .../site-move-with-url-changes), and counts serving crawlers other content than users as cloaking
 * (https://developers.google.com/search/docs/essentials/spam-policies#cloaking).
 */
import type { Severity } from '../core/index.js';
import type { VariantRow } from './variant-grid.js';
import { CRAWLER_VARIANTS } from './variant-list.js';

/** The kinds of a variants finding. */
export const VARIANT_ISSUE_TYPES = Object.freeze([
  'variants_not_consolidated',
  'variant_chain',
  'variant_not_https',
  'user_agent_divergence',
  'head_get_mismatch',
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

const ids = (rows: readonly VariantRow[]) => rows.map((row) => row.variant).join(', ');

/** Where a row ended, in words: its final URL or its error. */
function ending(row: VariantRow): string {
  return row.finalUrl ?? row.error?.code ?? 'nowhere';
}

/** The URL variants' findings: consolidation, chains and scheme. */
function urlFindings(canonical: string, rows: readonly VariantRow[]): VariantFinding[] {
  const found: VariantFinding[] = [];
  const astray = rows.filter((row) => row.finalUrl !== canonical);
  if (astray.length > 0) {
    const where = astray.map((row) => `${row.variant} → ${ending(row)}`).join('; ');
    found.push(finding('variants_not_consolidated', astray, `Variants end elsewhere than ${canonical}: ${where}`));
  }
  const long = rows.filter((row) => row.finalUrl === canonical && row.redirects > 1);
  if (long.length > 0) {
    const counts = long.map((row) => `${row.variant}: ${row.redirects}`).join(', ');
    found.push(finding('variant_chain', long, `Variants take more than one redirect to ${canonical} (${counts})`));
  }
  const plain = rows.filter((row) => row.finalUrl?.startsWith('http:') === true);
  if (plain.length > 0) {
    found.push(finding('variant_not_https', plain, `Variants end on plain http: ${ids(plain)}`));
  }
  return found;
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
 * URL for the URL as given there is no canonical URL, and only the client findings are judged.
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
    ...clientFindings(
      given,
      grid.filter((row) => row.kind === 'client'),
    ),
  ];
  const named = new Set(found.flatMap((entry) => entry.variants.filter((id) => id !== 'given' && id !== 'chrome')));
  for (const row of grid) row.odd = named.has(row.variant);
  return found;
}
