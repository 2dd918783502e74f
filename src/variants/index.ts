/**
 * The variants room: the variants of one URL (scheme, host, slash, case, index file; crawlers, a browser, HEAD),
 * analysed, laid out as a grid and judged. The CLI's `hoplens variants`, `check --variants` and the service's
 * `GET /api/variants` reach it here.
 */
import { type AnalyzeOptions, HoplensError } from '../core/index.js';
import { type VariantFinding, variantFindings } from './variant-findings.js';
import { type AnalyzeFn, type VariantRow, variantGrid } from './variant-grid.js';

export { VARIANT_ISSUE_TYPES, type VariantFinding, type VariantIssueType } from './variant-findings.js';
export { type AnalyzeFn, type VariantRow, variantCount } from './variant-grid.js';
export { CLIENT_USER_AGENTS, type Variant, variantsOf } from './variant-list.js';

/** A variants run's report: the canonical URL (the final URL of the URL as given), the grid and the findings. */
export interface VariantsReport {
  readonly url: string;
  readonly canonical?: string;
  readonly grid: readonly VariantRow[];
  readonly findings: readonly VariantFinding[];
}

/** Analyses every variant of `url` with `analyze` under `options`, and judges the grid. */
export async function analyzeVariants(
  url: string,
  analyze: AnalyzeFn,
  options: AnalyzeOptions = {},
): Promise<VariantsReport> {
  if (!URL.canParse(url)) throw new HoplensError('INVALID_URL', `Not a URL: ${url}`);
  const grid = await variantGrid(url, analyze, options);
  const findings = variantFindings(grid);
  const canonical = grid[0]?.finalUrl;
  return { url, ...(canonical === undefined ? {} : { canonical }), grid, findings };
}
