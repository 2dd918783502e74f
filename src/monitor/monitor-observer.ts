/**
 * What the monitors tell whoever watches them (the service's log lines and metrics): plain facts, so that this room
 * knows nothing of pino or Prometheus. Every method is optional and must not throw; it is called after the fact.
 */

/** One recorded run of a monitor. */
export interface MonitorRunFacts {
  monitorId: string;
  outcome: string;
  /** How long the analysis and its recording took, in ms. */
  durationMs: number;
  /** `scheduled` by the scheduler, or `manual` (`POST /api/monitors/{id}/run`). */
  trigger: 'scheduled' | 'manual';
  /** For a scheduled run: how long after its due time it started, in ms (0 when on time). */
  latenessMs?: number;
}

/** One delivery attempt of an alert. */
export interface AlertAttemptFacts {
  alertId: string;
  monitorId: string;
  channel: string;
  event: string;
  /** `sent` (2xx), `retry` (failed, tried again later) or `failed` (given up). */
  outcome: 'sent' | 'retry' | 'failed';
  /** Attempts so far, this one included. */
  attempts: number;
  /** The receiver's URL: an observer must not log its path (a chat webhook's path is its secret). */
  url: string;
  /** Why it failed. */
  error?: string;
}

/** The observer of a monitor system. */
export interface MonitorObserver {
  runRecorded?(facts: MonitorRunFacts): void;
  alertAttempted?(facts: AlertAttemptFacts): void;
  /** The schema was brought up to date at start-up: `applied` steps, now at `version`. */
  migrated?(facts: { applied: number; version: number; database: 'embedded' | 'postgres' }): void;
  schedulerStarted?(facts: { scheduler: 'local' | 'pg-boss' }): void;
  schedulerStopped?(facts: { scheduler: 'local' | 'pg-boss' }): void;
}

/** Observes nothing. */
export const NO_OBSERVER: MonitorObserver = Object.freeze({});

/** Calls an observer's method, so that a failing observer never fails the monitors. */
export function tell<K extends keyof MonitorObserver>(
  observer: MonitorObserver,
  method: K,
  facts: Parameters<NonNullable<MonitorObserver[K]>>[0],
): void {
  try {
    (observer[method] as ((value: typeof facts) => void) | undefined)?.(facts);
  } catch {
    // An observer is the operator's view of the work; it must not stop the work.
  }
}

/** One observer telling several, in order. */
export function everyObserver(...observers: readonly MonitorObserver[]): MonitorObserver {
  const each =
    <K extends keyof MonitorObserver>(method: K) =>
    (facts: Parameters<NonNullable<MonitorObserver[K]>>[0]) => {
      for (const observer of observers) tell(observer, method, facts);
    };
  return {
    runRecorded: each('runRecorded'),
    alertAttempted: each('alertAttempted'),
    migrated: each('migrated'),
    schedulerStarted: each('schedulerStarted'),
    schedulerStopped: each('schedulerStopped'),
  };
}
