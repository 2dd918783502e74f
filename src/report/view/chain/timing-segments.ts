/**
 * A hop's time as the parts of a stacked bar: name resolution, TCP connect, TLS handshake and waiting for the first
 * byte (the API's `timings`), each as a share of the longest hop of the chain so that the bars compare across hops.
 */
import type { Hop } from './hop-types.js';

/** A phase of a hop's time, in the order they happen. */
export type TimingPhase = 'dns' | 'connect' | 'tls' | 'firstByte';

/** The order of the phases in the bar and its legend. */
export const TIMING_PHASES: readonly TimingPhase[] = Object.freeze(['dns', 'connect', 'tls', 'firstByte']);

/** Words for each phase, shown beside its colour. */
export const TIMING_LABEL: Readonly<Record<TimingPhase, string>> = Object.freeze({
  dns: 'DNS',
  connect: 'connect',
  tls: 'TLS',
  firstByte: 'first byte',
});

export interface TimingSegment {
  phase: TimingPhase;
  ms: number;
  /** Width in the bar's track, 0 to 100: `ms` against the chain's longest hop. */
  percent: number;
}

type Timed = Pick<Hop, 'responseTime' | 'timings'>;

/** How long a hop took: its responseTime, or the sum of its phases when rounding made that larger. */
export function hopDuration(hop: Timed): number {
  const phases = hop.timings;
  if (phases === undefined) return hop.responseTime;
  const sum = TIMING_PHASES.reduce((total, phase) => total + (phases[phase] ?? 0), 0);
  return Math.max(hop.responseTime, sum);
}

/** The longest hop's duration: the full width of every hop's bar. */
export function longestHop(chain: readonly Timed[]): number {
  return Math.max(0, ...chain.map(hopDuration));
}

/**
 * The phases a hop reported, in order; a reused connection's hop has only `firstByte` (no DNS, connect or TLS). Empty
 * when the hop has no timings.
 */
export function timingSegments(hop: Timed, longest: number): TimingSegment[] {
  const phases = hop.timings;
  if (phases === undefined) return [];
  const scale = Math.max(longest, hopDuration(hop));
  return TIMING_PHASES.flatMap((phase) => {
    const ms = phases[phase];
    if (ms === undefined) return [];
    const percent = scale > 0 ? Math.round((ms / scale) * 10_000) / 100 : 0;
    return [{ phase, ms, percent }];
  });
}
