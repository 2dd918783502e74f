/**
 * Workload 4's phases: where a delay shows in a hop's `timings`. A target that holds its TLS handshake back must show
 * the wait in `tls` and not in `firstByte`; one that waits before answering, in `firstByte` and not in `tls`. Each
 * row is one phase of one kind of delay, its error the phase's value minus what was injected into it (0 for the phase
 * that should not see the delay). Targets as for responseTime: median error at most 2 ms, max 10 ms.
 */

import { performance } from 'node:perf_hooks';
import { connect } from 'node:tls';
import type { Analyzer, Hop } from '../../dist/index.js';
import { stat } from '../lib/stats.js';

/** The name the benchmark's resolver sends to loopback; `hs-<ms>.` asks the target to hold the handshake back. */
export const TIMING_DOMAIN = 'timing.test';

export interface PhaseRow {
  /** What the target delayed: its TLS handshake or its answer. */
  delayed: 'handshake' | 'answer';
  delay: number;
  scheme: 'http' | 'https';
  connection: 'fresh' | 'reused';
  phase: 'tls' | 'firstByte';
  /** What the phase should show: the delay in its own phase, nothing in the other. */
  injected: number;
  samples: number;
  medianError: number;
  maxError: number;
  /** What a bare measurement sees on the same target (unrounded): a bare TLS handshake for `tls`, a bare request for `firstByte`. */
  referenceMedianError: number;
}

type Phase = PhaseRow['phase'];
type RowKey = Omit<PhaseRow, 'phase' | 'injected' | 'samples' | 'medianError' | 'maxError' | 'referenceMedianError'>;

/** Collects each phase's errors over the analyses of one kind of delay. */
export class PhaseErrors {
  private readonly errors: Record<Phase, number[]> = { tls: [], firstByte: [] };

  constructor(
    readonly key: RowKey,
    private readonly phases: readonly Phase[],
  ) {}

  injected(phase: Phase): number {
    const delayedPhase: Phase = this.key.delayed === 'handshake' ? 'tls' : 'firstByte';
    return phase === delayedPhase ? this.key.delay : 0;
  }

  add(hop: Hop): void {
    const timings = hop.timings;
    if (timings === undefined) throw new Error(`no timings for ${hop.url}`);
    for (const phase of this.phases) {
      const value = timings[phase];
      if (value === undefined) throw new Error(`no ${phase} timing for ${hop.url}`);
      this.errors[phase].push(value - this.injected(phase));
    }
  }

  rows(reference: Partial<Record<Phase, number>>): PhaseRow[] {
    return this.phases.map((phase) => {
      const s = stat(this.errors[phase]);
      return {
        ...this.key,
        phase,
        injected: this.injected(phase),
        samples: s.runs,
        medianError: s.median,
        maxError: s.max,
        referenceMedianError: Math.round((reference[phase] ?? Number.NaN) * 10) / 10,
      };
    });
  }
}

/** A bare TLS handshake with the target (Node's own client, unrounded): connect until secureConnect, minus `delay`. */
export async function bareHandshakeError(port: number, delay: number, ca: string, samples = 10): Promise<number> {
  const errors: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const socket = connect({ host: '127.0.0.1', port, servername: `hs-${delay}.${TIMING_DOMAIN}`, ca });
    await new Promise<void>((resolve, reject) => {
      socket.once('secureConnect', resolve);
      socket.once('error', reject);
    });
    errors.push(performance.now() - started - delay);
    socket.destroy();
  }
  return stat(errors).median;
}

/** Analyses of `url` (fresh connections: the target closes each), their hop's phases added to `errors`. */
export async function samplePhases(
  analyzer: Analyzer,
  url: string,
  options: object,
  samples: number,
  errors: PhaseErrors,
): Promise<void> {
  for (let i = 0; i < samples; i++) {
    const result = await analyzer.analyze(url, options);
    errors.add(result.chain[0]!);
  }
}
