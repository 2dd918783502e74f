import type { RunEnding, RunOutcome } from '../../check/index.js';
import { EXIT } from '../exit-codes.js';

/** How a finished run ends: its exit status, each reason for a non-zero one in words, and a note to print. */
export interface RunVerdict {
  exit: number;
  /** Why the status is not 0 (`3 failed`, `1 collapse (12 rows → https://new.example/)`); empty for 0. */
  reasons: string[];
  /** A line to print on the error side (`every rule was skipped (4); no rows to check`). */
  note?: string;
}

/** The exit status of each way a run ends (see the exit statuses in CHECK_EXAMPLES, src/cli/command-help.ts). */
const EXIT_BY_ENDING: Readonly<Record<RunEnding, number>> = {
  interrupted: EXIT.INTERRUPTED,
  unreadable: EXIT.USAGE,
  'nothing-checked': EXIT.USAGE,
  'all-skipped': EXIT.OK,
  failed: EXIT.FAILED,
  passed: EXIT.OK,
};

/**
 * The exit status of a finished run and every reason for it, as src/check judged the run: the summary line names
 * them, so that a run whose rows all passed but that exits 1 (a collapse) says why.
 */
export function runVerdict(outcome: RunOutcome): RunVerdict {
  const verdict: RunVerdict = { exit: EXIT_BY_ENDING[outcome.ending], reasons: outcome.reasons };
  if (outcome.note !== undefined) verdict.note = outcome.note;
  return verdict;
}
