import type { Database, Queryable } from '../../database/index.js';
import type { RunBody } from '../../schemas/monitor.js';
import { fingerprint, type RunResult } from '../run-result.js';
import { isoTime, jsonValue, sqlTime } from './sql-values.js';

/** A row of `hoplens_runs`. */
interface RunRow {
  id: string;
  monitor_id: string;
  fingerprint: string;
  body: unknown;
  started_at: unknown;
  last_at: unknown;
  repeats: number;
}

const COLUMNS = 'id::text AS id, monitor_id, fingerprint, body, started_at, last_at, repeats';

/** A run as the API shows it. */
export type Run = RunBody;

function toRun(row: RunRow): Run {
  const result = jsonValue<RunResult>(row.body);
  return {
    id: row.id,
    monitorId: row.monitor_id,
    outcome: result.outcome,
    reasons: result.reasons,
    ...(result.error !== undefined && { error: result.error }),
    ...(result.finalUrl !== undefined && { finalUrl: result.finalUrl }),
    chain: result.chain,
    issues: result.issues,
    startedAt: isoTime(row.started_at),
    lastAt: isoTime(row.last_at),
    repeats: row.repeats,
  };
}

/** The latest run of a monitor, as a result (for alerts: the state it was in). */
export async function latestRun(on: Queryable, monitorId: string): Promise<(RunResult & { row: Run }) | undefined> {
  const rows = await on.query<RunRow>(
    `SELECT ${COLUMNS} FROM hoplens_runs WHERE monitor_id = $1 ORDER BY id DESC LIMIT 1`,
    [monitorId],
  );
  const row = rows[0];
  return row === undefined ? undefined : { ...jsonValue<RunResult>(row.body), row: toRun(row) };
}

/**
 * Adds a run to a monitor's history: a run identical to the latest one (src/monitor/run-result.ts's fingerprint)
 * adds one to that row's `repeats` and moves its `lastAt`, so a monitor that behaves the same for months costs one
 * row. Call inside the transaction that holds the monitor's row.
 */
export async function appendRun(on: Queryable, monitorId: string, result: RunResult, startedAt: number): Promise<Run> {
  const print = fingerprint(result);
  const repeated = await on.query<RunRow>(
    `UPDATE hoplens_runs SET repeats = repeats + 1, last_at = $3::timestamptz
     WHERE id = (SELECT id FROM hoplens_runs WHERE monitor_id = $1 ORDER BY id DESC LIMIT 1) AND fingerprint = $2
     RETURNING ${COLUMNS}`,
    [monitorId, print, sqlTime(startedAt)],
  );
  if (repeated[0] !== undefined) return toRun(repeated[0]);
  const inserted = await on.query<RunRow>(
    `INSERT INTO hoplens_runs (monitor_id, outcome, fingerprint, body, started_at, last_at)
     VALUES ($1, $2, $3, $4::jsonb, $5::timestamptz, $5::timestamptz) RETURNING ${COLUMNS}`,
    [monitorId, result.outcome, print, JSON.stringify(result), sqlTime(startedAt)],
  );
  return toRun(inserted[0] as RunRow);
}

/** A page of a monitor's history, newest first, and the `before` of the next page (null at the end). */
export async function runPage(
  db: Database,
  monitorId: string,
  limit: number,
  before?: string,
): Promise<{ runs: Run[]; next: string | null }> {
  const rows = await db.query<RunRow>(
    `SELECT ${COLUMNS} FROM hoplens_runs WHERE monitor_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
     ORDER BY id DESC LIMIT $3`,
    [monitorId, before ?? null, limit + 1],
  );
  const runs = rows.slice(0, limit).map(toRun);
  return { runs, next: rows.length > limit ? (runs.at(-1)?.id ?? null) : null };
}

/** Deletes the runs whose latest repetition is older than `cutoff`; returns how many. */
export async function pruneRuns(db: Database, cutoff: number): Promise<number> {
  const rows = await db.query<{ id: string }>(
    'DELETE FROM hoplens_runs WHERE last_at < $1::timestamptz RETURNING id::text AS id',
    [sqlTime(cutoff)],
  );
  return rows.length;
}
