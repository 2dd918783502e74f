import { alertEventFor } from './alert-event.js';
import { type AlertSettings, alertMessages } from './alert-message.js';
import type { AlertOutbox } from './alert-outbox.js';
import type { Database } from './database.js';
import type { MonitorStore } from './monitor-store.js';
import { appendRun, latestRun, type Run } from './run-history.js';
import { type MonitorRunContext, runMonitorOnce } from './run-once.js';
import { addTick } from './run-ticks.js';
import { sqlTime } from './sql-values.js';

/** What running and recording a monitor needs. */
export interface MonitorRunnerParts {
  db: Database;
  store: MonitorStore;
  outbox: AlertOutbox;
  check: MonitorRunContext;
  alerts: AlertSettings;
  now: () => number;
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
): Promise<Run | undefined> {
  const monitor = await parts.store.get(id);
  const startedAt = parts.now();
  const result = await runMonitorOnce(monitor, parts.check, signal);
  const durationMs = parts.now() - startedAt;
  if (signal?.aborted) return undefined;
  return parts.db.transaction(async (tx) => {
    const locked = await tx.query('SELECT id FROM hoplens_monitors WHERE id = $1 FOR UPDATE', [id]);
    if (locked.length === 0) return undefined;
    const previous = await latestRun(tx, id);
    const run = await appendRun(tx, id, result, startedAt);
    await addTick(tx, run.id, startedAt, durationMs);
    await tx.query('UPDATE hoplens_monitors SET state = $2, last_run_at = $3::timestamptz WHERE id = $1', [
      id,
      result.outcome,
      sqlTime(startedAt),
    ]);
    const event = alertEventFor(previous, result);
    if (event !== undefined) {
      const messages = alertMessages(monitor, event, result, parts.alerts, startedAt);
      await parts.outbox.add(tx, id, `monitor.${event.kind}`, messages, parts.now());
    }
    return run;
  });
}
