import { type CheckSummary, checkedRows } from '../../check/summary.js';
import type { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { CollapseSettings } from './collapse-settings.js';

/** How a finished run ends: its exit status, each reason for a non-zero one in words, and a note to print. */
export interface RunVerdict {
  exit: number;
  /** Why the status is not 0 (`3 failed`, `1 collapse (12 rows → https://new.example/)`); empty for 0. */
  reasons: string[];
  /** A line to print on the error side (`every rule was skipped (4); no rows to check`). */
  note?: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The collapse as an exit reason: `1 collapse (12 rows → https://new.example/)`, the largest target named. */
function collapseReason(summary: CheckSummary): string {
  const targets = summary.collapse!.targets;
  const [top] = targets;
  const more = targets.length > 1 ? `, and ${targets.length - 1} more` : '';
  return `${plural(targets.length, 'collapse')} (${top!.rows} rows → ${top!.finalUrl}${more})`;
}

/**
 * The exit status of a finished run and every reason for it (see the exit statuses in CHECK_EXAMPLES,
 * src/cli/command-help.ts): the summary line names them, so that a run whose rows all passed but that exits 1 (a
 * collapse) says why.
 */
export function runVerdict(
  summary: CheckSummary,
  inputError: CliError | undefined,
  collapse: CollapseSettings,
  strict: boolean,
): RunVerdict {
  // Named on the summary line too, as every other reason is, beside the `Interrupted` line before it.
  if (summary.interrupted) return { exit: EXIT.INTERRUPTED, reasons: ['interrupted (Ctrl-C)'] };
  if (inputError !== undefined || summary.invalid > 0) {
    const reasons = summary.invalid > 0 ? [plural(summary.invalid, 'invalid line')] : [];
    if (inputError !== undefined) reasons.push('the input could not be read to its end');
    return { exit: EXIT.USAGE, reasons };
  }
  if (checkedRows(summary) === 0) {
    // Every rule skipped (all splats, patterns, conditions) is a file read in full: nothing is wrong, so say so.
    if (summary.skipped > 0) {
      return { exit: EXIT.OK, reasons: [], note: `every rule was skipped (${summary.skipped}); no rows to check` };
    }
    return { exit: EXIT.USAGE, reasons: ['no rows to check'], note: 'no rows to check' };
  }
  const reasons: string[] = [];
  if (summary.failed > 0) reasons.push(`${summary.failed} failed`);
  if (summary.errored > 0) reasons.push(`${summary.errored} errored`);
  // A collapse fails the run as an error-severity finding fails a row (a warning one with --strict).
  if (
    summary.collapse !== undefined &&
    (collapse.severity === 'error' || (collapse.severity === 'warning' && strict))
  ) {
    reasons.push(collapseReason(summary));
  }
  return { exit: reasons.length > 0 ? EXIT.FAILED : EXIT.OK, reasons };
}
