import type { Database } from './database.js';

/**
 * A schema as numbered steps applied in order and never edited once released (add a step instead). Each step is a
 * list of statements, one per query: both databases take one statement per parameterised query.
 */
export interface Schema {
  /** The table that records the steps applied (one per schema, so that monitors and the crawl migrate apart). */
  ledger: string;
  /** The advisory lock every process takes around this schema's migration: any fixed number, never changed. */
  lock: number;
  steps: readonly (readonly string[])[];
}

/**
 * Brings `schema` up to date; returns the number of steps applied. Safe when several processes start together on one
 * PostgreSQL: each takes the same transaction-scoped advisory lock, so one migrates while the others wait, then find
 * nothing left to do. PostgreSQL's DDL is transactional, so a step that fails leaves nothing half-applied.
 */
export async function migrateSchema(db: Database, schema: Schema): Promise<number> {
  const { ledger, lock, steps } = schema;
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [lock]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS ${ledger} (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const rows = await tx.query<{ version: number }>(`SELECT max(version) AS version FROM ${ledger}`);
    const current = rows[0]?.version ?? 0;
    for (let version = current + 1; version <= steps.length; version++) {
      for (const statement of steps[version - 1] ?? []) await tx.query(statement);
      await tx.query(`INSERT INTO ${ledger} (version) VALUES ($1)`, [version]);
    }
    return steps.length - current;
  });
}
