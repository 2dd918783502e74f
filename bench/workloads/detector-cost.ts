/**
 * What each detector costs per analysis, in CPU µs, on the chain mix of detector-chains.ts: so that a new detector's
 * cost shows when it lands. CPU time of this process (`process.cpuUsage`), which other work on the machine disturbs
 * far less than wall time.
 *
 * Each detector is timed alone, on a fresh copy of every input, so it pays for the shared facts it asks for (the
 * parsed URLs, the redirect count, the landing page: src/core/detectors/chain-facts.ts) as if it ran first; together,
 * `detectIssues` computes each of those once. The last row is still more than the sum of the others: alone, each
 * detector's call site sees one function; in `detectIssues` one loop calls all of them. The cost of copying
 * an input, timed with a detector that does nothing, is subtracted from every row.
 */
import { DETECTORS, type Detector, type DetectorInput, detectIssues } from '../../dist/index.js';
import { type Stat, stat } from '../lib/stats.js';
import { detectorChainMix } from './detector-chains.js';

export interface DetectorCostResult {
  /** Analyses in the mix. */
  mix: number;
  /** CPU µs per analysis of each detector, by its name, over the repetitions. */
  perDetector: { name: string; us: Stat }[];
  /** CPU µs per analysis of `detectIssues` with every detector (help pages and sorting included). */
  all: Stat;
}

function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** CPU µs per analysis of `run` on fresh copies of the mix's inputs, over `passes` passes. */
function timed(inputs: readonly DetectorInput[], passes: number, run: (input: DetectorInput) => unknown): number {
  const started = cpuMicros();
  for (let pass = 0; pass < passes; pass++) {
    for (const input of inputs) run({ ...input });
  }
  return (cpuMicros() - started) / (passes * inputs.length);
}

const nothing: Detector = () => [];

export function detectorCost(reps: number, passes = 2000): DetectorCostResult {
  const inputs = detectorChainMix();
  const detectors = DETECTORS.map((detect) => ({ name: detect.name, detect }));
  const samples = new Map<string, number[]>(detectors.map(({ name }) => [name, []]));
  const all: number[] = [];
  // Warm-up: every detector optimised before anything is timed.
  for (const { detect } of detectors) timed(inputs, passes / 4, detect);
  timed(inputs, passes / 4, (input) => detectIssues(input));
  for (let rep = 0; rep < reps; rep++) {
    // Interleaved: each repetition times every detector once, so a busy moment touches all of them alike.
    for (const { name, detect } of detectors) {
      const copy = timed(inputs, passes, nothing);
      samples.get(name)!.push(Math.max(0, timed(inputs, passes, detect) - copy));
    }
    const copy = timed(inputs, passes, nothing);
    all.push(timed(inputs, passes, (input) => detectIssues(input)) - copy);
  }
  return {
    mix: inputs.length,
    perDetector: detectors.map(({ name }) => ({ name, us: stat(samples.get(name)!) })),
    all: stat(all),
  };
}
