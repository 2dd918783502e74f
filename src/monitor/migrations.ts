import type { Database } from './database.js';

/**
 * The schema of monitors, as numbered steps applied in order and never edited once released (add a step instead).
 * Each step is a list of statements (one per query: both databases take one statement per parameterised query).
 * Times are `timestamptz` written from the service's clock; run ids are a sequence, which pages the history.
 */
const MIGRATIONS: readonly (readonly string[])[] = [
  [
    `CREATE TABLE hoplens_monitors (
     id text PRIMARY KEY,
     url text NOT NULL,
     settings jsonb NOT NULL,
     interval_s integer NOT NULL,
     paused boolean NOT NULL DEFAULT false,
     state text NOT NULL DEFAULT 'pending',
     last_run_at timestamptz,
     next_run_at timestamptz NOT NULL,
     created_at timestamptz NOT NULL,
     updated_at timestamptz NOT NULL
   )`,
    `CREATE INDEX hoplens_monitors_due ON hoplens_monitors (next_run_at) WHERE NOT paused`,
    `CREATE TABLE hoplens_runs (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     monitor_id text NOT NULL REFERENCES hoplens_monitors (id) ON DELETE CASCADE,
     outcome text NOT NULL,
     fingerprint text NOT NULL,
     body jsonb NOT NULL,
     started_at timestamptz NOT NULL,
     last_at timestamptz NOT NULL,
     repeats integer NOT NULL DEFAULT 1
   )`,
    `CREATE INDEX hoplens_runs_history ON hoplens_runs (monitor_id, id DESC)`,
    `CREATE INDEX hoplens_runs_age ON hoplens_runs (last_at)`,
    `CREATE TABLE hoplens_alerts (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     monitor_id text NOT NULL REFERENCES hoplens_monitors (id) ON DELETE CASCADE,
     event text NOT NULL,
     channel text NOT NULL,
     url text NOT NULL,
     body text NOT NULL,
     status text NOT NULL DEFAULT 'pending',
     attempts integer NOT NULL DEFAULT 0,
     last_error text,
     created_at timestamptz NOT NULL,
     next_attempt_at timestamptz NOT NULL,
     sent_at timestamptz
   )`,
    `CREATE INDEX hoplens_alerts_due ON hoplens_alerts (next_attempt_at) WHERE status = 'pending'`,
  ],
  // 2: what alerting remembers between runs (src/monitor/alert-policy.ts): failing runs in a row, and when the
  // failure was announced. A monitor failing at the upgrade had announced it already (every failure alerted then).
  [
    `ALTER TABLE hoplens_monitors ADD COLUMN failing_runs integer NOT NULL DEFAULT 0`,
    `ALTER TABLE hoplens_monitors ADD COLUMN alerted_at timestamptz`,
    `UPDATE hoplens_monitors SET failing_runs = 1, alerted_at = last_run_at WHERE state IN ('failed', 'errored')`,
  ],
  // 3: each run's time and duration, one narrow row per run, even where identical runs share a history row: charts and
  // uptime count runs, not rows. The outcome is the history row's (identical runs share it).
  [
    `CREATE TABLE hoplens_run_ticks (
     run_id bigint NOT NULL REFERENCES hoplens_runs (id) ON DELETE CASCADE,
     at timestamptz NOT NULL,
     duration_ms integer NOT NULL
   )`,
    `CREATE INDEX hoplens_run_ticks_run ON hoplens_run_ticks (run_id, at)`,
    `CREATE INDEX hoplens_run_ticks_age ON hoplens_run_ticks (at)`,
  ],
];

/** The schema's version once every step is applied. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** The advisory lock every instance takes around migrations: any fixed number, the same in every version. */
const MIGRATION_LOCK = 0x686f706c;

/**
 * Brings the schema up to date. Safe when several instances start together on one PostgreSQL: each takes the same
 * transaction-scoped advisory lock, so one migrates while the others wait, then find nothing left to do. PostgreSQL's
 * DDL is transactional, so a step that fails leaves nothing half-applied.
 */
export async function migrate(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS hoplens_schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const rows = await tx.query<{ version: number }>('SELECT max(version) AS version FROM hoplens_schema_migrations');
    const current = rows[0]?.version ?? 0;
    for (let version = current + 1; version <= MIGRATIONS.length; version++) {
      for (const statement of MIGRATIONS[version - 1] ?? []) await tx.query(statement);
      await tx.query('INSERT INTO hoplens_schema_migrations (version) VALUES ($1)', [version]);
    }
    return MIGRATIONS.length - current;
  });
}
