/**
 * The one thing monitors and the shared crawl need of a database: plain SQL with `$1` parameters, which the embedded
 * database (PGlite, PostgreSQL compiled to WebAssembly) and a shared PostgreSQL both accept, so every query is written
 * once (src/monitor/storage/pglite-database.ts, src/database/pg-database.ts).
 */

/** Runs one SQL statement. */
export interface Queryable {
  /** The rows of `sql` run with `params` (`$1`, `$2`...). */
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** A database: statements, transactions, and closing. */
export interface Database extends Queryable {
  /** Whether this is the embedded database (one process) or a shared PostgreSQL (many instances). */
  readonly kind: 'embedded' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
