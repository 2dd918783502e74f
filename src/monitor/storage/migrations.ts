import { type Database, migrateSchema } from '../../database/index.js';

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
  // 2: what alerting remembers between runs (src/monitor/alerts/policy.ts): failing runs in a row, and when the
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

/** Brings the monitors' schema up to date (several instances may start together: src/database/migrate.ts). */
export function migrate(db: Database): Promise<number> {
  return migrateSchema(db, { ledger: 'hoplens_schema_migrations', lock: MIGRATION_LOCK, steps: MIGRATIONS });
}
