/**
 * When monitor runs started, read from the target's access log (bench/lib/nginx.ts with `accessLog`), and how late
 * each was. A run starts with the request for its monitor's first URL (`/r3/<id>`), which no other request has.
 */
import { readFileSync } from 'node:fs';
import { percentile } from './stats.js';

/** The start times (ms) of each monitor's runs, in order, from log lines `<epoch s.ms> /r<N>/<id>`. */
export function runStarts(logFile: string, firstStep: string): Map<string, number[]> {
  const starts = new Map<string, number[]>();
  const prefix = `/${firstStep}/`;
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    const space = line.indexOf(' ');
    const uri = line.slice(space + 1);
    if (space < 0 || !uri.startsWith(prefix)) continue;
    const id = uri.slice(prefix.length);
    const at = Math.round(Number(line.slice(0, space)) * 1000);
    const list = starts.get(id) ?? [];
    list.push(at);
    starts.set(id, list);
  }
  for (const list of starts.values()) list.sort((a, b) => a - b);
  return starts;
}

/** Lateness of the runs that started in a window, in ms, against two readings of "due". */
export interface Lateness {
  /** Runs that started in the window. */
  runs: number;
  /** Against the previous run's start plus the interval (the first run: its seeded due time). */
  sincePrevious: number[];
  /** Against the fixed grid: the seeded due time plus whole intervals (shows drift piling up run after run). */
  grid: number[];
}

/**
 * The lateness of every run that started in [from, to). `firstDue(id)` is the seeded due time of a monitor's first
 * run; the k-th run's grid due time is that plus k intervals.
 */
export function lateness(
  starts: Map<string, number[]>,
  firstDue: (id: string) => number,
  intervalMs: number,
  from: number,
  to: number,
): Lateness {
  const result: Lateness = { runs: 0, sincePrevious: [], grid: [] };
  for (const [id, list] of starts) {
    const first = firstDue(id);
    list.forEach((at, k) => {
      if (at < from || at >= to) return;
      result.runs++;
      const previous = k === 0 ? first : (list[k - 1] as number) + intervalMs;
      result.sincePrevious.push(at - previous);
      result.grid.push(at - (first + k * intervalMs));
    });
  }
  return result;
}

/** Share of values at most `limit`, and the percentiles that describe the rest. */
export function summarise(values: readonly number[], limit: number) {
  const within = values.filter((value) => value <= limit).length;
  return {
    share: values.length === 0 ? 0 : within / values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.reduce((most, value) => Math.max(most, value), Number.NEGATIVE_INFINITY),
  };
}
