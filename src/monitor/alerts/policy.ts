import { ALERT_POLICY } from '../../schemas/monitor.js';
import type { RunResult } from '../run-result.js';
import { type AlertEvent, alertEventFor } from './event.js';

/** A monitor's alert settings (docs/monitors.md, "When alerts are sent"). */
export interface AlertPolicy {
  /** Failing runs in a row before the first alert (1: the first failing run alerts). */
  alertAfter: number;
  /**
   * When the latest run is inconclusive (a bot wall answered), failing or inconclusive runs in a row before the first
   * alert; a wall comes and goes (default: 3).
   */
  alertAfterInconclusive?: number | undefined;
  /** Minutes between reminders while the monitor keeps failing; none when undefined. */
  remindEvery?: number | undefined;
}

/** What a monitor remembers between runs to decide its alerts (columns of `hoplens_monitors`). */
export interface AlertState {
  /** Failing (`failed` or `errored`) runs in a row, 0 once a run passes. */
  failingRuns: number;
  /** When this failure's alert, or its latest reminder, was queued; undefined while no failure was announced. */
  alertedAt: number | undefined;
}

export const QUIET: AlertState = Object.freeze({ failingRuns: 0, alertedAt: undefined });

const MINUTE_MS = 60_000;

/** How many failing runs in a row the latest run needs before an alert: more when it is only inconclusive. */
function alertThreshold(policy: AlertPolicy, next: RunResult): number {
  if (next.outcome !== 'inconclusive') return policy.alertAfter;
  return Math.max(policy.alertAfter, policy.alertAfterInconclusive ?? ALERT_POLICY.alertAfterInconclusive.default);
}

/** The alert a failing run calls for: the first once `alertAfter` runs failed, then reminders. */
function whenFailing(
  policy: AlertPolicy,
  state: AlertState,
  next: RunResult,
  now: number,
): { state: AlertState; event?: AlertEvent } {
  const failingRuns = state.failingRuns + 1;
  if (state.alertedAt === undefined) {
    if (failingRuns < alertThreshold(policy, next)) return { state: { failingRuns, alertedAt: undefined } };
    return { state: { failingRuns, alertedAt: now }, event: { kind: 'failing', changes: next.reasons } };
  }
  const remindMs = policy.remindEvery === undefined ? undefined : policy.remindEvery * MINUTE_MS;
  if (remindMs === undefined || now - state.alertedAt < remindMs) return { state: { ...state, failingRuns } };
  const changes = [`still failing after ${failingRuns} runs in a row`, ...next.reasons];
  return { state: { failingRuns, alertedAt: now }, event: { kind: 'reminder', changes } };
}

/**
 * The alert a run calls for, and the state to remember. A failure is announced once `alertAfter` runs in a row have
 * failed (a shorter failure is never announced, so its end is not either); while it lasts, a reminder goes every
 * `remindEvery` minutes; the first passing run after an announced failure is a recovery. A passing chain that
 * changes alerts as before (src/monitor/alerts/event.ts).
 */
export function decideAlert(
  policy: AlertPolicy,
  state: AlertState,
  previous: RunResult | undefined,
  next: RunResult,
  now: number,
): { state: AlertState; event?: AlertEvent } {
  if (next.outcome !== 'passed') return whenFailing(policy, state, next, now);
  if (state.alertedAt !== undefined) return { state: QUIET, event: { kind: 'recovered', changes: ['passes again'] } };
  if (previous?.outcome !== 'passed') return { state: QUIET };
  const event = alertEventFor(previous, next);
  return event === undefined ? { state: QUIET } : { state: QUIET, event };
}
