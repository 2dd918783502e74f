/**
 * The database room: the SQL interface monitors and the shared crawl write their queries against, the shared
 * PostgreSQL behind it, and numbered schema migrations under an advisory lock.
 */
export type { Database, Queryable } from './database.js';
export { isDatabaseFailure } from './database-failure.js';
export { migrateSchema, type Schema } from './migrate.js';
export { openPgDatabase } from './pg-database.js';
