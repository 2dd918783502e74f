import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.js';

/** The embedded database: PGlite persisted in `dir` (created if missing). One process at a time may open it. */
export async function openPgliteDatabase(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(dir);
  const query = async <Row>(on: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) =>
    (await on.query<Row>(sql, params === undefined ? [] : [...params])).rows;
  return {
    kind: 'embedded',
    query: (sql, params) => query(db, sql, params),
    transaction: (work) =>
      db.transaction(async (tx) => {
        const scoped: Queryable = { query: (sql, params) => query(tx, sql, params) };
        return work(scoped);
      }),
    close: () => db.close(),
  };
}
