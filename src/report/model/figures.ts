/**
 * The figures at the top of a report, counted from its rows the way `hoplens check --stats` counts them
 * (src/check/run-stats.ts): outcomes, redirects per row in the same buckets, permanent and temporary redirect hops,
 * and the slowest chains, over rows that were analysed (errored rows count in the outcomes only); then what the
 * summary does not have: the final status codes, the time distribution and why rows failed.
 */
import { REDIRECT_BUCKETS } from '../../check/judging.js';
import type { ReportRow } from './report-data.js';

/** Upper bounds (ms, exclusive) of the time distribution's buckets; the last bucket has none. */
export const TIME_BOUNDS: readonly number[] = [100, 250, 500, 1000, 2000, 5000];

/** Why a row failed, in the words a person signing off a migration uses. */
export type FailureReason =
  | 'wrong target'
  | 'wrong status'
  | 'error page'
  | 'chain'
  | 'loop'
  | 'collapse'
  | 'could not be checked'
  | 'other finding';

export interface ReportFigures {
  rows: number;
  outcomes: { passed: number; failed: number; errored: number };
  reasons: Array<[FailureReason, number]>;
  /** `redirects[n]`: analysed rows with n redirects; the last bucket holds that many or more. */
  redirects: number[];
  permanent: number;
  temporary: number;
  /** Final status code → analysed rows, by code. */
  statuses: Array<[number, number]>;
  /** Analysed rows per {@link TIME_BOUNDS} bucket (one more bucket than bounds). */
  times: number[];
  slowest: Array<{ source: string; time: number; hops: number; finalUrl?: string }>;
}

/** The reasons a failed or errored row counts under (a row may have several). */
export function reasonsOf(row: ReportRow, collapsed: ReadonlySet<string>): FailureReason[] {
  if (row.outcome === 'errored') return ['could not be checked'];
  if (row.outcome !== 'failed') return [];
  const found = new Set<FailureReason>();
  for (const reason of row.reasons) {
    if (reason.startsWith('final URL is ')) found.add('wrong target');
    else if (reason.startsWith('first hop returned ')) found.add('wrong status');
    else if (reason.startsWith('the chain ends with ')) found.add('error page');
  }
  if (row.types.includes('redirect_loop')) found.add('loop');
  if (row.types.includes('redirect_chain') || row.types.includes('max_hops_reached')) found.add('chain');
  if (row.types.includes('error_status')) found.add('error page');
  if (row.finalUrl !== undefined && collapsed.has(row.finalUrl)) found.add('collapse');
  if (found.size === 0) found.add('other finding');
  return [...found];
}

function countBy<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export function timeBucket(ms: number): number {
  const at = TIME_BOUNDS.findIndex((bound) => ms < bound);
  return at < 0 ? TIME_BOUNDS.length : at;
}

/** The figures of `rows`; `collapsed` holds the final URLs of the run's collapse finding. */
export function reportFigures(rows: readonly ReportRow[], collapsed: ReadonlySet<string>): ReportFigures {
  const outcomes = { passed: 0, failed: 0, errored: 0 };
  const redirects = new Array<number>(REDIRECT_BUCKETS).fill(0);
  const times = new Array<number>(TIME_BOUNDS.length + 1).fill(0);
  const reasons = new Map<FailureReason, number>();
  const statuses = new Map<number, number>();
  let permanent = 0;
  let temporary = 0;
  const analysed: ReportRow[] = [];
  for (const row of rows) {
    outcomes[row.outcome]++;
    for (const reason of reasonsOf(row, collapsed)) countBy(reasons, reason);
    if (row.outcome === 'errored') continue;
    analysed.push(row);
    redirects[Math.min(row.redirects, REDIRECT_BUCKETS - 1)]!++;
    for (const hop of row.hops) {
      if (hop.kind === 'permanent') permanent++;
      else if (hop.kind === 'temporary') temporary++;
    }
    if (row.finalStatus !== undefined) countBy(statuses, row.finalStatus);
    times[timeBucket(row.time)]!++;
  }
  const slowest = analysed
    .slice()
    .sort((a, b) => b.time - a.time)
    .slice(0, 10)
    .map((row) => ({
      source: row.source,
      time: row.time,
      hops: row.hops.length,
      ...(row.finalUrl === undefined ? {} : { finalUrl: row.finalUrl }),
    }));
  return {
    rows: rows.length,
    outcomes,
    reasons: [...reasons].sort((a, b) => b[1] - a[1]),
    redirects,
    permanent,
    temporary,
    statuses: [...statuses].sort((a, b) => a[0] - b[0]),
    times,
    slowest,
  };
}
