/**
 * Runs monitors when they are due. Two implementations: in-process for the embedded database
 * (src/monitor/scheduling/local-scheduler.ts) and pg-boss for a shared PostgreSQL (src/monitor/scheduling/boss-scheduler.ts).
 */
export interface Scheduler {
  /** Starts the timer that calls {@link tick}, and any workers. */
  start(): Promise<void>;
  /** One pass: runs (or queues) the monitors due now, delivers due alerts, prunes old history. */
  tick(): Promise<void>;
  /** Stops timers and workers. A run cut short is not recorded: it runs again at its next interval, or, with pg-boss, on another instance. */
  stop(): Promise<void>;
}
