/**
 * A many-URLs run on the page: each row analysed through `/api/analyze` at the pace the rate limit allows
 * ({@link RatePacer}), judged by the check room's own judging (src/check/judging.ts, as `hoplens check` judges), and
 * handed to the view as it is judged. A 429 sends the row back to the queue and waits; a quota spent for the day, a
 * cancel or a lost server stop the run with what it has. Without the DOM.
 */
import { type CheckSummary, type RowResult, RunJudging } from '../../../check/judging.js';
import { JUDGEMENT_DEFAULTS } from '../../../core/portable/index.js';
import type { CheckRow, InputItem } from '../../../inputs/portable.js';
import type { ApiAnswer } from '../api-client.js';
import { MAX_IN_FLIGHT, type RatePacer } from './pacer.js';
import { isRowAnswer, rowAttempt } from './row-attempt.js';

/** How a run ended. */
export type RunStop = 'done' | 'cancelled' | 'quota' | 'unreachable';

export interface RunReport {
  stop: RunStop;
  /** Rows never checked (the quota ran out, the run was cancelled or the server went away). */
  notChecked: number;
  /** Requests the service refused with a 429. */
  refusals: number;
  /** When the spent quota comes back, in ms from now (`stop: 'quota'`). */
  resetMs?: number;
  summary: CheckSummary;
}

export interface RunHooks {
  /** Analyses one URL; never throws (src/web/client/api-client.ts). */
  analyze(url: string, signal: AbortSignal): Promise<ApiAnswer>;
  /** A row judged. */
  onRow(result: RowResult): void;
  /** The run waits `ms` for the rate limit (0: the wait is over). */
  onWait(ms: number): void;
  /** Sleeps, cut short by the signal. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** How often a full pipe is looked at again, in ms. */
const POLL_MS = 100;

/** The judging `hoplens check` runs with its defaults: no flag, no policy file, no baseline. */
export function defaultJudging(): RunJudging {
  const expectations = { ignoreTrailingSlash: false, ignoreQuery: false, strict: false };
  return new RunJudging({
    expectations,
    collapse: { threshold: JUDGEMENT_DEFAULTS.collapseThreshold, severity: 'error' },
  });
}

/**
 * Runs `items` (rows, and the lines that were not rows, which are counted as the CLI counts them), judged as
 * `hoplens check` judges with its defaults unless `judging` says otherwise.
 */
export async function runMany(
  items: readonly InputItem[],
  pacer: RatePacer,
  hooks: RunHooks,
  signal: AbortSignal,
  judging: RunJudging = defaultJudging(),
): Promise<RunReport> {
  const started = Date.now();
  for (const item of items) if (item.kind !== 'row') judging.judge(item);
  const queue: CheckRow[] = items.flatMap((item) => (item.kind === 'row' ? [item.row] : []));
  const state = { stop: undefined as RunStop | undefined, refusals: 0, resetMs: undefined as number | undefined };
  const worker = async () => {
    while (state.stop === undefined && queue.length > 0) {
      if (signal.aborted) {
        state.stop = 'cancelled';
        break;
      }
      const turn = pacer.turn();
      if (turn.kind === 'spent') {
        state.stop = 'quota';
        state.resetMs = turn.resetMs;
        break;
      }
      if (turn.kind === 'wait') {
        if (turn.ms >= 1000) hooks.onWait(turn.ms);
        await hooks.sleep(Math.max(turn.ms, POLL_MS), signal);
        continue;
      }
      hooks.onWait(0);
      await runOne(queue, pacer, hooks, signal, state, judging);
    }
  };
  await Promise.all(Array.from({ length: MAX_IN_FLIGHT }, worker));
  const stop = state.stop ?? (signal.aborted ? 'cancelled' : 'done');
  const interrupted = stop !== 'done';
  const { summary } = judging.finish({ elapsedMs: Date.now() - started, interrupted, complete: !interrupted });
  if (interrupted) summary.unchecked = queue.length;
  const report: RunReport = { stop, notChecked: queue.length, refusals: state.refusals, summary };
  if (state.resetMs !== undefined) report.resetMs = state.resetMs;
  return report;
}

/** One row taken from the queue, analysed, and judged, or put back at the front for later. */
async function runOne(
  queue: CheckRow[],
  pacer: RatePacer,
  hooks: RunHooks,
  signal: AbortSignal,
  state: { stop: RunStop | undefined; refusals: number },
  judging: RunJudging,
): Promise<void> {
  const row = queue.shift();
  if (row === undefined) {
    pacer.release();
    return;
  }
  const started = performance.now();
  const { outcome, rateLimit } = await hooks.analyze(row.source, signal);
  if (isRowAnswer(outcome)) {
    pacer.settle(rateLimit);
    const judged = judging.judge({ kind: 'checked', attempt: rowAttempt(row, outcome, performance.now() - started) });
    if (judged.kind === 'judged') hooks.onRow(judged.row.result);
    return;
  }
  queue.unshift(row);
  switch (outcome.kind) {
    case 'rate-limited':
      state.refusals++;
      pacer.settle(
        rateLimit,
        outcome.limit === undefined
          ? { retryAfter: outcome.retryAfter }
          : { retryAfter: outcome.retryAfter, limit: outcome.limit },
      );
      return;
    case 'busy':
      // Too many analyses in flight on the instance: the same row again after the wait it asks for.
      pacer.settle(rateLimit, { retryAfter: outcome.retryAfter ?? 2 });
      return;
    case 'cancelled':
      pacer.release();
      state.stop = 'cancelled';
      return;
    case 'unreachable':
      pacer.release();
      state.stop = 'unreachable';
      return;
  }
}
