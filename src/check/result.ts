import type { AnalysisResult, Hop, Issue } from '../core/index.js';
import type { CheckRow } from '../inputs/index.js';

/** What running one row produced: the analysis, or the error it failed with, after any retries. */
export interface Attempt {
  row: CheckRow;
  /** Present when the analysis completed (its findings may still fail the row). */
  result?: AnalysisResult;
  /** Present when the analysis failed; a `HoplensError` unless hoplens itself broke. */
  error?: unknown;
  /** How many times the row was analysed (1 + retries). */
  attempts: number;
  /** Wall-clock milliseconds spent on the row, retries and waits included. */
  elapsed: number;
  /** Answered from `--cache` (no request made): when the cached check ran, in ms since the epoch. */
  cachedAt?: number;
}

/** How a row ended: it met every expectation, it did not, or it could not be analysed. */
/**
 * `inconclusive`: the chain ended on a bot wall's challenge or block (src/core/walls/), so whether the row works is
 * unknown; `--inconclusive fail` makes it fail the run.
 */
export type RowOutcome = 'passed' | 'failed' | 'errored' | 'inconclusive';

/** A field of a chain that changed since the `--baseline` report. */
export interface BaselineChange {
  field: 'finalUrl' | 'firstStatus' | 'finalStatus' | 'hops' | 'error';
  before: string | number | null;
  after: string | number | null;
}

/**
 * The verdict on one row, as every output format reports it (the json and ndjson formats write it as is, so its
 * field names are part of the report format that `--baseline` reads back).
 */
export interface RowResult {
  /** Line of the input the row comes from (for a rule in a file the input names, the rule set's numbering). */
  line: number;
  /** Where the rule is written when that is another file than the input: a vercel.json's bulk redirect file. */
  place?: CheckRow['place'];
  source: string;
  /** The expected final URL, if the row has one. */
  target?: string;
  /** The expected first-hop status, if the row has one. */
  expectedStatus?: number;
  /** The input's other CSV columns (name as in its header → value), as they were; not checked. */
  extra?: Record<string, string>;
  outcome: RowOutcome;
  /** Why the row failed or errored, one sentence each; empty when it passed. */
  reasons: string[];
  /** Warning-severity findings: shown, and failing the row only with `--strict`. */
  warnings: string[];
  firstStatus?: number;
  finalStatus?: number;
  finalUrl?: string;
  /** Number of hops (requests) in the chain. */
  hops: number;
  /** Number of hops that redirected. */
  redirects: number;
  /** Milliseconds: the chain's total time, or the time spent failing. */
  time: number;
  attempts: number;
  /** Why the analysis failed (`outcome: 'errored'`). */
  error?: { code: string; message: string };
  issues: Issue[];
  chain: Hop[];
  /** Differences from the `--baseline` report; absent without a baseline or for a row it does not have. */
  changes?: BaselineChange[];
  /** Answered from `--cache`, no request made: the time of the check that answered it (ISO 8601). */
  cached?: string;
}
