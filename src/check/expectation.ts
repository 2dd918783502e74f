import type { AnalysisResult, Hop, Issue } from '../core/index.js';
// The portable entry, not the core's: the judging is bundled for the page (src/check/judging.ts).
import { comparableUrl, countRedirects, isHoplensError, temporaryRedirectIssue } from '../core/portable/index.js';
import type { CheckRow } from '../inputs/index.js';
import type { Attempt, RowResult } from './result.js';
import { wallReason } from './wall-reason.js';

/** How strictly rows are judged (the `hoplens check` flags). */
export interface ExpectationSettings {
  /** `/page` and `/page/` are the same URL. */
  ignoreTrailingSlash: boolean;
  /** The query string is not compared. */
  ignoreQuery: boolean;
  /** More redirects than this fail the row. */
  maxRedirects?: number;
  /** Warnings fail the row too. */
  strict: boolean;
  /** Info findings fail the row too (a monitor's `failOn: info`; `check` has no flag for it). */
  failOnInfo?: boolean;
}

/** Whether a chain's final URL is the expected one, under the comparison settings. */
export function sameUrl(actual: string, expected: string, settings: ExpectationSettings): boolean {
  return comparableUrl(actual, settings) === comparableUrl(expected, settings);
}

function describe(issue: Issue): string {
  return `${issue.message} [${issue.type}]`;
}

/**
 * Whether an error finding is what the row asked for: a row expecting 410 (a page deliberately removed) must not fail
 * because its chain "ends with 410".
 */
function expected(issue: Issue, row: CheckRow, firstStatus: number | undefined): boolean {
  return issue.type === 'error_status' && row.status !== undefined && row.status >= 400 && firstStatus === row.status;
}

/**
 * Judges one row. It fails when the final URL differs from the target, the first hop's status from the expected
 * one, there are more redirects than `maxRedirects`, an error finding is present (a warning too with `strict`, an
 * info one too with `failOnInfo`), the row expects no redirect and there is one (a sitemap's page), no rule matched
 * the row (`unmatched`), or, for a row with no expectation at all (a plain list, a sitemap), the chain does not end
 * in 2xx (a `noindex` page is an error finding already). It errors when the analysis failed.
 */
export function evaluate(attempt: Attempt, settings: ExpectationSettings): RowResult {
  const { row } = attempt;
  if (attempt.result === undefined) return erroredRow(attempt);
  const { chain, summary } = attempt.result;
  if (summary.renderIncomplete !== undefined) return renderIncompleteRow(attempt, attempt.result);
  const issues = issuesFor(row, chain, summary.issues);
  const firstStatus = chain[0]?.status;
  const redirects = countRedirects(chain);
  const reasons: string[] = [];
  if (row.unmatched !== undefined) reasons.push(`unmatched: ${row.unmatched}`);
  if (row.expectNoRedirect === true && redirects > 0) {
    reasons.push(`redirects (${firstStatus}) to ${summary.finalUrl}: expected to answer 2xx without redirecting`);
  }
  if (row.target !== undefined && !sameUrl(summary.finalUrl, row.target, settings)) {
    reasons.push(`final URL is ${summary.finalUrl}, expected ${row.target}`);
  }
  if (row.status !== undefined && firstStatus !== row.status) {
    reasons.push(`first hop returned ${firstStatus ?? 'nothing'}, expected ${row.status}`);
  }
  if (settings.maxRedirects !== undefined && redirects > settings.maxRedirects) {
    reasons.push(
      `${redirects} redirect${redirects === 1 ? '' : 's'}, more than --max-redirects ${settings.maxRedirects}`,
    );
  }
  const errors = issues.filter((issue) => issue.severity === 'error' && !expected(issue, row, firstStatus));
  reasons.push(...errors.map(describe));
  const noExpectation = row.target === undefined && row.status === undefined && row.unmatched === undefined;
  if (noExpectation && errors.length === 0) {
    if (summary.finalStatus < 200 || summary.finalStatus > 299) {
      reasons.push(`the chain ends with ${summary.finalStatus}, not 2xx`);
    }
  }
  const warnings = issues.filter((issue) => issue.severity === 'warning').map(describe);
  if (settings.strict) reasons.push(...warnings.map((warning) => `warning: ${warning}`));
  if (settings.failOnInfo === true) {
    reasons.push(...issues.filter((issue) => issue.severity === 'info').map((issue) => `info: ${describe(issue)}`));
  }
  const result = rowHead(row, outcomeOf(chain, reasons), reasons, warnings, firstStatus);
  result.finalStatus = summary.finalStatus;
  result.finalUrl = summary.finalUrl;
  result.hops = summary.totalHops;
  result.redirects = redirects;
  result.time = summary.totalTime;
  result.attempts = attempt.attempts;
  result.issues = issues;
  result.chain = chain;
  return result;
}

/**
 * A row that would fail on a chain ending at a bot wall (src/core/walls/) is inconclusive: the wall answered, not the
 * page, and what the page would have done is unknown. Its reasons still say what was seen.
 */
function outcomeOf(chain: readonly Hop[], reasons: string[]): RowResult['outcome'] {
  if (reasons.length === 0) return 'passed';
  const wall = chain[chain.length - 1]?.wall;
  if (wall === undefined) return 'failed';
  reasons.unshift(wallReason(wall));
  return 'inconclusive';
}

/** A row whose analysis failed: errored, with the error's code and message, and the chain it made before failing. */
function erroredRow(attempt: Attempt): RowResult {
  const error = attempt.error;
  const code = isHoplensError(error) ? error.code : 'INTERNAL_ERROR';
  const message = error instanceof Error ? error.message : String(error);
  const chain = isHoplensError(error) ? error.chain : [];
  const result = rowHead(attempt.row, 'errored', [`${code}: ${message}`], [], chain[0]?.status);
  result.hops = chain.length;
  result.redirects = countRedirects(chain);
  result.time = Math.round(attempt.elapsed);
  result.attempts = attempt.attempts;
  result.error = { code, message };
  result.issues = [];
  result.chain = chain;
  return result;
}

/**
 * A row asked to render whose render did not finish: errored, not judged, since the page's own navigation (the
 * verdict the render was for) is unknown; the chain so far and its findings are kept.
 */
function renderIncompleteRow(attempt: Attempt, analysis: AnalysisResult): RowResult {
  const { chain, summary } = analysis;
  const finding = summary.issues.find((issue) => issue.type === 'render_incomplete');
  const message = finding?.message ?? `The render did not finish (${summary.renderIncomplete})`;
  const result = rowHead(attempt.row, 'errored', [`RENDER_INCOMPLETE: ${message}`], [], chain[0]?.status);
  result.finalStatus = summary.finalStatus;
  result.finalUrl = summary.finalUrl;
  result.hops = summary.totalHops;
  result.redirects = countRedirects(chain);
  result.time = summary.totalTime;
  result.attempts = attempt.attempts;
  result.error = { code: 'RENDER_INCOMPLETE', message };
  result.issues = summary.issues;
  result.chain = chain;
  return result;
}

/**
 * The chain's findings as the row sees them: a row that expects a temporary status on its first hop (a CSV `status`
 * of 302, a `_redirects` rule with 302) asked for that redirect, so the `temporary_redirect` warning names only the
 * other temporary hops, or goes when there are none.
 */
function issuesFor(row: CheckRow, chain: readonly Hop[], found: Issue[]): Issue[] {
  const issues = parkedAsError(found);
  const first = chain[0];
  if (first?.redirectType !== 'temporary' || row.status !== first.status) return issues;
  const index = issues.findIndex((issue) => issue.type === 'temporary_redirect');
  if (index === -1) return issues;
  const rest = temporaryRedirectIssue(chain, new Set([0]));
  const kept = issues.slice();
  if (rest === undefined) kept.splice(index, 1);
  else kept[index] = rest;
  return kept;
}

/**
 * A row's target, a monitor's page or a linked page on a parked domain is gone, whatever its status (issue 46): the
 * analysis's `parked_domain` warning is an error here. A policy that lowered it (to info) is kept.
 */
function parkedAsError(issues: Issue[]): Issue[] {
  const index = issues.findIndex((issue) => issue.type === 'parked_domain' && issue.severity === 'warning');
  if (index === -1) return issues;
  const kept = issues.slice();
  kept[index] = { ...(issues[index] as Issue), severity: 'error' };
  return kept;
}

/**
 * The fields every row result starts with, in report order; the caller adds the rest in order. Built by assignment
 * rather than with conditional object spreads, which cost microseconds per row on a 100,000-row check.
 */
function rowHead(
  row: CheckRow,
  outcome: RowResult['outcome'],
  reasons: string[],
  warnings: string[],
  firstStatus: number | undefined,
): RowResult {
  const result = { line: row.line } as RowResult;
  if (row.place !== undefined) result.place = row.place;
  result.source = row.source;
  if (row.target !== undefined) result.target = row.target;
  if (row.status !== undefined) result.expectedStatus = row.status;
  if (row.extra !== undefined) result.extra = row.extra;
  result.outcome = outcome;
  result.reasons = reasons;
  result.warnings = warnings;
  if (firstStatus !== undefined) result.firstStatus = firstStatus;
  return result;
}
