/**
 * Where monitors and their runs are kept: the embedded PGlite database and its data folder's lock, the schema's
 * migrations, the store of monitors, the run history and its ticks, and the SQL value conversions they share.
 */
export { type DataDirLock, lockDataDir } from './data-dir-lock.js';
export { migrate, SCHEMA_VERSION } from './migrations.js';
export { MonitorStore } from './monitor-store.js';
export { openPgliteDatabase } from './pglite-database.js';
export { appendRun, latestRun, pruneRuns, type Run, runPage } from './run-history.js';
export { addTick, pruneTicks, type RunTicks, ticksSince } from './run-ticks.js';
export { isoTime, jsonValue, msTime, sqlTime } from './sql-values.js';
