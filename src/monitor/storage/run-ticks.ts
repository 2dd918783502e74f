import type { Database, Queryable } from '../../database/index.js';
import { msTime, sqlTime } from './sql-values.js';

/**
 * Every run of a monitor as a point: when it started, how long it took and how it ended. A history row folds
 * identical runs into one (src/monitor/storage/run-history.ts); the ticks keep each of them, so response times and uptime
 * are counted over runs. Columnar, to stay small over 30 days of runs a minute apart.
 */
export interface RunTicks {
  /** The first instant asked for (ISO). */
  from: string;
  /** When each run started, ms since the epoch, oldest first. */
  at: number[];
  /** How long each run took, in ms. */
  durationMs: number[];
  /** Each run's outcome as one letter: `p` passed, `f` failed, `e` errored, `i` inconclusive. */
  outcomes: string;
}

const LETTER: Record<string, string> = { passed: 'p', failed: 'f', errored: 'e', inconclusive: 'i' };

/** Records one run of the history row `runId` (inside the run's transaction). */
export async function addTick(on: Queryable, runId: string, startedAt: number, durationMs: number): Promise<void> {
  await on.query('INSERT INTO hoplens_run_ticks (run_id, at, duration_ms) VALUES ($1::bigint, $2::timestamptz, $3)', [
    runId,
    sqlTime(startedAt),
    Math.max(0, Math.round(durationMs)),
  ]);
}

/** A monitor's runs since `from` (ms), oldest first. */
export async function ticksSince(db: Database, monitorId: string, from: number): Promise<RunTicks> {
  const rows = await db.query<{ at: unknown; duration_ms: number; outcome: string }>(
    `SELECT t.at, t.duration_ms, r.outcome FROM hoplens_run_ticks t JOIN hoplens_runs r ON r.id = t.run_id
     WHERE r.monitor_id = $1 AND t.at >= $2::timestamptz ORDER BY t.at, t.run_id`,
    [monitorId, sqlTime(from)],
  );
  return {
    from: sqlTime(from),
    at: rows.map((row) => msTime(row.at) ?? 0),
    durationMs: rows.map((row) => row.duration_ms),
    outcomes: rows.map((row) => LETTER[row.outcome] ?? 'e').join(''),
  };
}

/** Deletes the ticks older than `cutoff` (ms), even those of a history row still repeating; returns how many. */
export async function pruneTicks(db: Database, cutoff: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'DELETE FROM hoplens_run_ticks WHERE at < $1::timestamptz RETURNING 1 AS n',
    [sqlTime(cutoff)],
  );
  return rows.length;
}
