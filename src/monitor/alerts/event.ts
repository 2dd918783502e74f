import type { RunResult } from '../run-result.js';

/** Why an alert is sent: the monitor started failing, is still failing (a reminder), passes again, or passes with another chain. */
export interface AlertEvent {
  kind: 'failing' | 'reminder' | 'recovered' | 'changed';
  /** What changed, one sentence each. */
  changes: string[];
}

const passing = (result: RunResult) => result.outcome === 'passed';

/** How a passing chain changed: its final URL, a hop's status, or its number of hops. */
export function chainChanges(before: RunResult, after: RunResult): string[] {
  const changes: string[] = [];
  const finalBefore = before.finalUrl ?? before.chain.at(-1)?.url;
  const finalAfter = after.finalUrl ?? after.chain.at(-1)?.url;
  if (finalBefore !== finalAfter) changes.push(`final URL changed from ${finalBefore} to ${finalAfter}`);
  if (before.chain.length !== after.chain.length) {
    changes.push(`hops changed from ${before.chain.length} to ${after.chain.length}`);
  }
  const common = Math.min(before.chain.length, after.chain.length);
  for (let index = 0; index < common; index++) {
    const was = before.chain[index]?.status;
    const now = after.chain[index]?.status;
    if (was !== now) changes.push(`hop ${index + 1} status changed from ${was} to ${now}`);
  }
  return changes;
}

/**
 * Whether a run deserves an alert, given the monitor's previous run: when its state changes (passing to failing or
 * errored, and back; a first run that fails counts as a change), and when a passing chain changes. A monitor that
 * keeps failing alerts once, not on every run; going from failed to errored is still failing.
 */
export function alertEventFor(previous: RunResult | undefined, next: RunResult): AlertEvent | undefined {
  if (previous === undefined) {
    return passing(next) ? undefined : { kind: 'failing', changes: next.reasons };
  }
  if (passing(previous) && !passing(next)) return { kind: 'failing', changes: next.reasons };
  if (!passing(previous) && passing(next)) return { kind: 'recovered', changes: ['passes again'] };
  if (passing(previous) && passing(next)) {
    const changes = chainChanges(previous, next);
    return changes.length === 0 ? undefined : { kind: 'changed', changes };
  }
  return undefined;
}
