import type { Database, Queryable } from '../../database/index.js';
import type { AlertOutbox } from '../alerts/index.js';
import { type AlertSettings, type AlertState, alertMessages, decideAlert } from '../alerts/index.js';
import { heldUntil } from '../maintenance/index.js';
import type { Monitor } from '../monitor.js';
import { type MonitorObserver, tell } from '../monitor-observer.js';
import type { RunResult } from '../run-result.js';
import type { MonitorStore } from '../storage/index.js';
import { addTick, appendRun, latestRun, msTime, type Run, sqlTime } from '../storage/index.js';
import { type MonitorRunContext, runMonitorOnce } from './run-once.js';

/** What running and recording a monitor needs. */
export interface MonitorRunnerParts {
  db: Database;
  store: MonitorStore;
  outbox: AlertOutbox;
  check: MonitorRunContext;
  alerts: AlertSettings;
  now: () => number;
  /** Told of each recorded run (the service logs and counts them). */
  observer: MonitorObserver;
}

/**
 * Decides and queues the alert of a run (src/monitor/alerts/policy.ts) and returns the state to remember. In a
 * maintenance window the alert waits for the window's close; a reminder is not stacked up there (the first run after
 * the window reminds, if one is still due), and a recovery inside the window cancels the failure it held, so a
 * failure that began and ended in the window says nothing.
 */
async function queueAlert(
  parts: MonitorRunnerParts,
  tx: Queryable,
  monitor: Monitor,
  state: AlertState,
  previous: RunResult | undefined,
  result: RunResult,
  startedAt: number,
): Promise<AlertState> {
  const policy = {
    alertAfter: monitor.alertAfter ?? 1,
    alertAfterInconclusive: monitor.alertAfterInconclusive,
    remindEvery: monitor.remindEvery,
  };
  const decision = decideAlert(policy, state, previous, result, startedAt);
  const event = decision.event;
  if (event === undefined) return decision.state;
  const now = parts.now();
  const held = heldUntil(monitor.maintenance, startedAt);
  if (held !== undefined && event.kind === 'reminder') return { ...decision.state, alertedAt: state.alertedAt };
  if (held !== undefined && event.kind === 'recovered' && (await parts.outbox.dropHeld(tx, monitor.id, now)) > 0) {
    return decision.state;
  }
  const messages = alertMessages(monitor, event, result, parts.alerts, startedAt);
  await parts.outbox.add(tx, monitor.id, `monitor.${event.kind}`, messages, held ?? now);
  return decision.state;
}

/**
 * Runs one monitor now and records the run: its history row, the monitor's state, and the alerts its change of state
 * calls for, in one transaction holding the monitor's row, so two runs of one monitor never interleave their
 * verdicts. Resolves with the run, or undefined when the monitor was deleted meanwhile; `signal` abandons the run
 * unrecorded.
 */
export async function runMonitor(
  parts: MonitorRunnerParts,
  id: string,
  signal?: AbortSignal,
  trigger: 'scheduled' | 'manual' = 'scheduled',
): Promise<Run | undefined> {
  const monitor = await parts.store.get(id);
  const startedAt = parts.now();
  const result = await runMonitorOnce(monitor, parts.check, signal);
  const durationMs = parts.now() - startedAt;
  if (signal?.aborted) return undefined;
  const run = await record(parts, monitor, result, startedAt, durationMs);
  if (run !== undefined) {
    tell(parts.observer, 'runRecorded', {
      monitorId: id,
      outcome: result.outcome,
      durationMs,
      trigger,
      ...(trigger === 'scheduled' && { latenessMs: lateness(monitor, startedAt) }),
    });
  }
  return run;
}

/**
 * How late a scheduled run started, after the schedule slot it ran for. The claim has already moved `nextRunAt` one
 * slot past the one due (runs missed while no instance ran are skipped, not caught up), so that slot is one interval
 * before it.
 */
function lateness(monitor: Monitor, startedAt: number): number {
  const next = Date.parse(monitor.nextRunAt);
  if (!Number.isFinite(next)) return 0;
  return Math.max(0, startedAt - (next - monitor.interval * 1000));
}

/** The run's history row, the monitor's state and its alerts, in one transaction holding the monitor's row. */
async function record(
  parts: MonitorRunnerParts,
  monitor: Monitor,
  result: RunResult,
  startedAt: number,
  durationMs: number,
): Promise<Run | undefined> {
  const { id } = monitor;
  return parts.db.transaction(async (tx) => {
    const locked = await tx.query<{ failing_runs: number; alerted_at: unknown }>(
      'SELECT failing_runs, alerted_at FROM hoplens_monitors WHERE id = $1 FOR UPDATE',
      [id],
    );
    const row = locked[0];
    if (row === undefined) return undefined;
    const previous = await latestRun(tx, id);
    const run = await appendRun(tx, id, result, startedAt);
    await addTick(tx, run.id, startedAt, durationMs);
    const before: AlertState = { failingRuns: row.failing_runs, alertedAt: msTime(row.alerted_at) };
    const after = await queueAlert(parts, tx, monitor, before, previous, result, startedAt);
    await tx.query(
      `UPDATE hoplens_monitors SET state = $2, last_run_at = $3::timestamptz, failing_runs = $4,
         alerted_at = $5::timestamptz WHERE id = $1`,
      [
        id,
        result.outcome,
        sqlTime(startedAt),
        after.failingRuns,
        after.alertedAt === undefined ? null : sqlTime(after.alertedAt),
      ],
    );
    return run;
  });
}
