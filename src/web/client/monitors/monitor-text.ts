/** What the monitors view says about monitors and runs, without the DOM (tested in test/web/client-logic.test.ts). */

import { plural } from '../../../report/view/text.js';
import type { MonitorBody, RunBody } from '../../../schemas/monitor.js';

/** What a monitor's badge says: paused wins over the last outcome. */
export type DisplayState = 'passed' | 'failed' | 'errored' | 'inconclusive' | 'paused' | 'pending';

export function displayState(monitor: Pick<MonitorBody, 'paused' | 'state'>): DisplayState {
  return monitor.paused ? 'paused' : monitor.state;
}

/** `301 to https://a.example/new`, or what a monitor without an expectation checks. */
export function expectationText(expect: MonitorBody['expect']): string {
  const parts: string[] = [];
  if (expect.status !== undefined) parts.push(`first hop ${expect.status}`);
  if (expect.target !== undefined) parts.push(`ends at ${expect.target}`);
  if (expect.maxRedirects !== undefined) parts.push(`at most ${plural(expect.maxRedirects, 'redirect')}`);
  return parts.length === 0 ? 'the chain ends in 2xx with no error' : parts.join(', ');
}

/** `every 10 min`, `every 1 h 30 min`, `every 45 s`. */
export function intervalText(seconds: number): string {
  if (seconds % 3600 === 0) return `every ${seconds / 3600} h`;
  if (seconds >= 3600) return `every ${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
  if (seconds % 60 === 0) return `every ${seconds / 60} min`;
  return `every ${seconds} s`;
}

/**
 * `just now`, `5 min ago`, `3 h ago`, `2 days ago`; for an instant to come, `in 34 s`, `in 5 min`: a next run is
 * never "just now" (it was, for a run 34 s away).
 */
export function relativeTime(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const size = Math.abs(seconds);
  let text: string;
  if (seconds > 0 && seconds < 60) return `in ${seconds} s`;
  if (size < 45) return 'just now';
  if (size < 3600) text = `${Math.max(1, Math.round(size / 60))} min`;
  else if (size < 86_400) text = `${Math.round(size / 3600)} h`;
  else text = plural(Math.round(size / 86_400), 'day');
  return seconds < 0 ? `${text} ago` : `in ${text}`;
}

/** The outcomes of the latest `max` runs, oldest first, a row of history counting as its `repeats` runs. */
export function recentOutcomes(runs: readonly Pick<RunBody, 'outcome' | 'repeats'>[], max: number): string[] {
  const newestFirst: string[] = [];
  for (const run of runs) {
    for (let i = 0; i < run.repeats && newestFirst.length < max; i++) newestFirst.push(run.outcome);
    if (newestFirst.length >= max) break;
  }
  return newestFirst.reverse();
}

/** `12 runs: 10 passed, 2 failed`, for the strip's label (colour is never the only cue). */
export function outcomesSummary(outcomes: readonly string[]): string {
  if (outcomes.length === 0) return 'No runs yet';
  const counts = new Map<string, number>();
  for (const outcome of outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  const parts = [...counts].map(([outcome, count]) => `${count} ${outcome}`);
  return `Last ${plural(outcomes.length, 'run')}: ${parts.join(', ')}`;
}

type Comparable = Pick<RunBody, 'outcome' | 'chain' | 'finalUrl' | 'error' | 'issues'>;

/** What differs from the previous row of history to this one: why this row is a row of its own. */
export function changesSince(previous: Comparable | undefined, run: Comparable): string[] {
  if (previous === undefined) return ['first run recorded'];
  const changes: string[] = [];
  if (previous.outcome !== run.outcome) changes.push(`${previous.outcome} → ${run.outcome}`);
  if ((previous.finalUrl ?? '') !== (run.finalUrl ?? '') && run.finalUrl !== undefined) {
    changes.push(`now ends at ${run.finalUrl}`);
  }
  if (previous.chain.length !== run.chain.length) {
    changes.push(`${plural(previous.chain.length, 'hop')} → ${plural(run.chain.length, 'hop')}`);
  } else {
    run.chain.forEach((hop, index) => {
      const before = previous.chain[index];
      if (before !== undefined && before.status !== hop.status) {
        changes.push(`hop ${index + 1}: ${before.status} → ${hop.status}`);
      }
    });
  }
  if (previous.error?.code !== run.error?.code && run.error !== undefined) changes.push(`error ${run.error.code}`);
  const kinds = (issues: Comparable['issues']) => [...new Set(issues.map((issue) => issue.type))].sort().join(',');
  if (changes.length === 0 && kinds(previous.issues) !== kinds(run.issues)) changes.push('findings changed');
  return changes.length === 0 ? ['changed'] : changes;
}
