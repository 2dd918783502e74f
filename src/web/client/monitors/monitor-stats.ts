/**
 * What the monitors view counts, without the DOM (tested in test/web/monitor-page-logic.test.ts): uptime over runs,
 * the list's order and its label filter.
 */
import type { MonitorBody, RunTicksBody } from '../../../schemas/monitor.js';
import { displayState } from './monitor-text.js';

/** The share of passing runs since `from` (ms), or null with no run in the window. */
export function uptime(
  ticks: Pick<RunTicksBody, 'at' | 'outcomes'>,
  from: number,
): { share: number; runs: number } | null {
  let runs = 0;
  let passed = 0;
  ticks.at.forEach((at, index) => {
    if (at < from) return;
    runs++;
    if (ticks.outcomes[index] === 'p') passed++;
  });
  return runs === 0 ? null : { share: passed / runs, runs };
}

/** `99.93 %`: two decimals, never rounded up to 100 while a run failed. */
export function percentText(share: number): string {
  const text = (Math.floor(share * 10_000) / 100).toFixed(2);
  return `${text} %`;
}

/** The uptime windows the monitor's page shows. */
export const UPTIME_WINDOWS = [
  { label: '24 h', ms: 24 * 3600 * 1000 },
  { label: '7 days', ms: 7 * 24 * 3600 * 1000 },
  { label: '30 days', ms: 30 * 24 * 3600 * 1000 },
] as const;

const ORDER: Record<string, number> = { errored: 0, failed: 0, inconclusive: 1, pending: 1, passed: 2, paused: 3 };

/** The list's order: failing monitors first, then pending, passing and paused; by URL within each. */
export function failingFirst(monitors: readonly MonitorBody[]): MonitorBody[] {
  return [...monitors].sort(
    (a, b) => (ORDER[displayState(a)] ?? 9) - (ORDER[displayState(b)] ?? 9) || a.url.localeCompare(b.url),
  );
}

/** Every `name: value` label of the monitors, sorted, once each: the filter's choices. */
export function labelChoices(monitors: readonly MonitorBody[]): string[] {
  const seen = new Set<string>();
  for (const monitor of monitors)
    for (const [name, value] of Object.entries(monitor.labels)) seen.add(`${name}: ${value}`);
  return [...seen].sort();
}

/** The monitors carrying a `name: value` label; all of them for an empty choice. */
export function withLabel(monitors: readonly MonitorBody[], choice: string): MonitorBody[] {
  if (choice === '') return [...monitors];
  return monitors.filter((monitor) => Object.entries(monitor.labels).some(([n, v]) => `${n}: ${v}` === choice));
}
