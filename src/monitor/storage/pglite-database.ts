import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from '../../database/index.js';
import { lockDataDir } from './data-dir-lock.js';

/**
 * The embedded database: PGlite persisted in the `monitors` directory of `dataDir` (created if missing). One process
 * at a time may open it, so the data directory is locked first (src/monitor/storage/data-dir-lock.ts) and released on close.
 */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const lock = lockDataDir(dataDir);
  const dir = join(dataDir, 'monitors');
  let db: PGlite;
  try {
    mkdirSync(dir, { recursive: true });
    db = await PGlite.create(dir);
  } catch (error) {
    lock.release();
    throw error;
  }
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
    close: async () => {
      try {
        await db.close();
      } finally {
        lock.release();
      }
    },
  };
}
