/**
 * The figures at the top of a report, counted from its rows the way `hoplens check --stats` counts them
 * (src/check/run-stats.ts): outcomes, redirects per row in the same buckets, permanent and temporary redirect hops,
 * and the slowest chains, over rows that were analysed (errored rows count in the outcomes only); then what the
 * summary does not have: the final status codes, the time distribution and why rows failed.
 */
import { REDIRECT_BUCKETS } from '../../check/judging.js';
import { OUTCOMES, type ReportRow } from './report-data.js';
import type { RowStore } from './row-store.js';

const PASSED = OUTCOMES.indexOf('passed');
const ERRORED = OUTCOMES.indexOf('errored');
const SLOWEST = 10;

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
  outcomes: { passed: number; failed: number; errored: number; inconclusive: number };
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
  /** The origin every row's source is on, when they share one: the slowest chains are shown by their paths. */
  sourceOrigin?: string;
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

export function timeBucket(ms: number): number {
  const at = TIME_BOUNDS.findIndex((bound) => ms < bound);
  return at < 0 ? TIME_BOUNDS.length : at;
}

/** The ten slowest analysed rows, slowest first; of equal times the earlier row first (as a stable sort gives). */
function slowestRows(store: RowStore): number[] {
  const top: number[] = [];
  for (let i = 0; i < store.count; i++) {
    if (store.outcome[i] === ERRORED) continue;
    const time = store.time[i]!;
    if (top.length === SLOWEST && time <= store.time[top[SLOWEST - 1]!]!) continue;
    let at = Math.min(top.length, SLOWEST - 1);
    while (at > 0 && store.time[top[at - 1]!]! < time) at--;
    top.splice(at, 0, i);
    if (top.length > SLOWEST) top.pop();
  }
  return top;
}

/** The figures of the rows in `store`, in one pass; `collapsed` holds the final URLs of the run's collapse finding. */
export function reportFigures(store: RowStore, collapsed: ReadonlySet<string>): ReportFigures {
  const outcomes = { passed: 0, failed: 0, errored: 0, inconclusive: 0 };
  const redirects = new Array<number>(REDIRECT_BUCKETS).fill(0);
  const times = new Array<number>(TIME_BOUNDS.length + 1).fill(0);
  const reasons = new Map<FailureReason, number>();
  const statuses = new Map<number, number>();
  const kinds = [0, 0, 0];
  for (let i = 0; i < store.count; i++) {
    const outcome = store.outcome[i]!;
    outcomes[OUTCOMES[outcome] ?? 'errored']++;
    if (outcome !== PASSED) {
      for (const reason of reasonsOf(store.rowAt(i), collapsed)) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    if (outcome === ERRORED) continue;
    redirects[Math.min(store.redirects[i]!, REDIRECT_BUCKETS - 1)]!++;
    for (let h = store.hopStart[i]!; h < store.hopStart[i + 1]!; h++) kinds[store.hopKind[h]!]!++;
    const status = store.finalStatus[i]!;
    if (status > 0) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    times[timeBucket(store.time[i]!)]!++;
  }
  const slowest = slowestRows(store).map((i) => {
    const finalUrl = store.url(store.finalUrl[i]!);
    return {
      source: store.url(store.source[i]!) ?? '',
      time: store.time[i]!,
      hops: store.hopStart[i + 1]! - store.hopStart[i]!,
      ...(finalUrl === undefined ? {} : { finalUrl }),
    };
  });
  return {
    rows: store.count,
    outcomes,
    reasons: [...reasons].sort((a, b) => b[1] - a[1]),
    redirects,
    permanent: kinds[1]!,
    temporary: kinds[2]!,
    statuses: [...statuses].sort((a, b) => a[0] - b[0]),
    times,
    slowest,
    ...sourceOriginOf(store),
  };
}

function sourceOriginOf(store: RowStore): { sourceOrigin?: string } {
  const origin = store.sharedOrigin('source');
  return origin === undefined ? {} : { sourceOrigin: origin };
}
