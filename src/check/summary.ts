import type { CollapseCounts, CollapseFinding } from './collapse.js';
import type { RunStats } from './run-stats.js';

/** The counts of a check run, for the closing summary and the exit code. */
export interface CheckSummary {
  passed: number;
  failed: number;
  errored: number;
  /** Rows whose chain ended on a bot wall (see {@link RowOutcome}): neither passed nor failed. */
  inconclusive: number;
  /** Rules read but deliberately not checked (`_redirects` splats, placeholders, conditions). */
  skipped: number;
  /** Lines that could not be read as a row. */
  invalid: number;
  /** Rows whose chain differs from the `--baseline` report. */
  changed: number;
  /** Rows the baseline does not have. */
  added: number;
  /** Baseline rows this run did not check. */
  missing: number;
  /** Whether a baseline was given (the baseline counts mean something). */
  baseline: boolean;
  /** Wall-clock milliseconds of the whole run. */
  elapsedMs: number;
  /** Stopped by Ctrl-C: the counts cover the rows finished before it. */
  interrupted: boolean;
  /** In an interrupted run, the rows of the input never checked, when the face could count them. */
  unchecked?: number;
  /** Rows answered from `--cache`, without a request. */
  cached?: number;
  /** What the run's chains looked like (set when the run ends; `hoplens check --no-stats` leaves it out). */
  stats?: RunStats;
  /** Whether the figures also go into the machine-readable report's closing record (`hoplens check --stats`). */
  statsInReport?: boolean;
  /** Final URLs many rows collapsed onto without expecting it (set when the run ends and found some). */
  collapse?: CollapseFinding;
  /**
   * In a `--shard` run: every final URL rows collapsed onto, with its count (src/check/collapse.ts), for
   * `hoplens report merge` to sum into the unsharded run's finding.
   */
  collapseCounts?: CollapseCounts;
  /**
   * How the run ends, set by the face once it is known: the exit status and each reason for a non-zero one in words,
   * for the summary line to name (`0 failed — exit 1: 1 collapse (...)`). Not part of any report.
   */
  verdict?: { exit: number; reasons: string[] };
}

/** A summary with every count at zero. */
export function emptySummary(): CheckSummary {
  return {
    passed: 0,
    failed: 0,
    errored: 0,
    inconclusive: 0,
    skipped: 0,
    invalid: 0,
    changed: 0,
    added: 0,
    missing: 0,
    baseline: false,
    elapsedMs: 0,
    interrupted: false,
  };
}

/** Rows analysed (passed, failed, errored or inconclusive). */
export function checkedRows(summary: CheckSummary): number {
  return summary.passed + summary.failed + summary.errored + summary.inconclusive;
}
