/**
 * Running monitors when they are due: one scheduler interface, with an in-process implementation for the embedded
 * database and a pg-boss one for a shared PostgreSQL, and the periodic pass (housekeeping: due alerts delivered, old history pruned; retries) both run.
 */

export { BossScheduler, type BossTimings, RUN_QUEUE } from './boss-scheduler.js';
export { Housekeeping } from './housekeeping.js';
export { LocalScheduler } from './local-scheduler.js';
export { PeriodicPass, type SchedulerLog } from './periodic-pass.js';
export type { Scheduler } from './scheduler.js';
