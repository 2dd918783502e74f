import pg from 'pg';
import type { Database, Queryable } from './database.js';

/** Connections one instance keeps to the shared PostgreSQL by default (pg-boss keeps its own). */
const POOL_SIZE = 10;

/** A shared PostgreSQL at `url` (`postgres://...`), through a `pg` pool of `poolSize` connections at most. */
export function openPgDatabase(url: string, poolSize = POOL_SIZE): Database & { readonly pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server drops must not crash the process; the next query opens another.
  pool.on('error', () => {});
  const query = async <Row>(on: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) =>
    (await on.query(sql, params === undefined ? [] : [...params])).rows as Row[];
  return {
    kind: 'postgres',
    pool,
    query: (sql, params) => query(pool, sql, params),
    async transaction(work) {
      const client = await pool.connect();
      // A checked-out connection is out of the pool's error handler: the server going away between two statements
      // of the transaction (a restart, a crash) would emit an 'error' nobody listens to, and end the process.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const scoped: Queryable = { query: (sql, params) => query(client, sql, params) };
        const result = await work(scoped);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (lost === undefined) await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.off('error', onError);
        // A broken connection is closed, not handed back to the pool for the next transaction to fail on.
        client.release(lost);
      }
    },
    close: () => pool.end(),
  };
}
