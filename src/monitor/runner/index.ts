/**
 * Running one monitor when it is due: its check (the row judged as `hoplens check` judges it, under the monitor's
 * address posture), its run and tick written to the history, and its alert decided and queued in the outbox unless a
 * maintenance window holds it. The schedulers call this; they decide only when.
 */
export { type MonitorRunnerParts, runMonitor } from './monitor-runner.js';
export type { MonitorRunContext } from './run-once.js';
