import type { CheckSummary, RowResult } from '../../check/index.js';
import { findingPath } from '../lint/lint-report.js';
import type { CiFinding, CiReport, CiRow } from './ci-report.js';
import { ciRule } from './ci-rules.js';

/** What a row is about, whatever line it is on: its source, and its expected target when it has one. */
function rowKey(result: RowResult): string {
  return result.target === undefined ? result.source : `${result.source} -> ${result.target}`;
}

/**
 * The type a failed row is reported under: the first error-severity finding of its chain (the one that failed it),
 * else the expectation it missed.
 */
function failedRule(result: RowResult): string {
  if (result.reasons.some((reason) => reason.startsWith('unmatched:'))) return ciRule('unmatched_sample');
  return result.issues.find((issue) => issue.severity === 'error')?.type ?? ciRule('expectation_failed');
}

/**
 * A checked row's findings: one error for a row that failed (every reason in its message) or could not be analysed,
 * and one warning per warning-severity issue of a row that passed with warnings (under `--strict` they failed it and
 * are among its reasons already).
 */
export function rowFindings(result: RowResult, inputPath?: string): CiFinding[] {
  const key = rowKey(result);
  const { source } = result;
  const { line, ...path } = rowPlace(result, inputPath);
  if (result.outcome === 'errored') {
    const code = result.error?.code ?? 'ERROR';
    const message = `${source}: ${result.error?.message ?? code}`;
    return [
      { rule: ciRule('analysis_error'), level: 'error', line, ...path, key, title: `${code}: ${source}`, message },
    ];
  }
  if (result.outcome === 'inconclusive') {
    // A bot wall answered: a notice (SARIF `note`), neither a failure nor a pass.
    const message = `${source}: ${result.reasons.join('; ')}`;
    return [{ rule: 'bot_wall', level: 'notice', line, ...path, key, title: `inconclusive: ${source}`, message }];
  }
  if (result.outcome === 'failed') {
    const rule = failedRule(result);
    const message = `${source}: ${result.reasons.join('; ')}`;
    return [{ rule, level: 'error', line, ...path, key, title: `${rule}: ${source}`, message }];
  }
  return result.issues
    .filter((issue) => issue.severity === 'warning')
    .map((issue) => ({
      rule: issue.type,
      level: 'warning' as const,
      line,
      ...path,
      key,
      title: `${issue.type}: ${source}`,
      message: `${source}: ${issue.message}`,
    }));
}

/** The summary's line for a row that did not pass. */
export function failingRow(result: RowResult, inputPath?: string): CiRow {
  const reason = result.outcome === 'errored' ? (result.error?.message ?? '') : (result.reasons[0] ?? '');
  return { ...rowPlace(result, inputPath), source: result.source, outcome: result.outcome, reason };
}

/**
 * Where a row's rule is written: its line of the input, or for a rule in a file the input names (a vercel.json's bulk
 * redirect file) that file's line, and the file's path in the repository when the input's is known (as lint's).
 */
function rowPlace(result: RowResult, inputPath: string | undefined): { line: number; path?: string } {
  const { place } = result;
  if (place === undefined) return { line: result.line };
  return inputPath === undefined
    ? { line: place.line }
    : { line: place.line, path: findingPath(inputPath, place.file) };
}

/** The run's counts, collapses and slowest chains, as the CI formats show them. */
export function checkTotals(summary: CheckSummary): Pick<CiReport, 'totals' | 'collapses' | 'slowest' | 'exit'> {
  const totals: Array<[string, number]> = [
    ['passed', summary.passed],
    ['failed', summary.failed],
    ['errored', summary.errored],
    ['inconclusive', summary.inconclusive],
    ['skipped', summary.skipped],
    ['invalid lines', summary.invalid],
  ];
  if (summary.baseline) totals.push(['changed since baseline', summary.changed]);
  const collapses = (summary.collapse?.targets ?? []).map((target) => ({
    finalUrl: target.finalUrl,
    rows: target.rows,
    examples: [...target.examples],
  }));
  const slowest = (summary.stats?.slowest ?? []).map(({ source, time, hops }) => ({ source, time, hops }));
  return {
    totals,
    collapses,
    slowest,
    ...(summary.verdict === undefined ? {} : { exit: summary.verdict.exit }),
  };
}
