import type { CollapseSettings } from './collapse.js';
import { type CheckSummary, checkedRows } from './summary.js';

/**
 * How a finished run ends, in the judging's terms; each face maps them to its own signal (the CLI to exit statuses,
 * in one table that fails to compile when one is left out).
 */
export type RunEnding = 'interrupted' | 'unreadable' | 'nothing-checked' | 'all-skipped' | 'failed' | 'passed';

/** A run's ending, each reason for it in words, and a note for people. */
export interface RunOutcome {
  ending: RunEnding;
  /** Why the run did not pass (`3 failed`, `1 collapse (12 rows → https://new.example/)`); empty when it did. */
  reasons: string[];
  /** A line for people (`every rule was skipped (4); no rows to check`). */
  note?: string;
}

/** What decides the ending besides the summary. */
export interface OutcomeSettings {
  /** The input failed before its end: the rows before it stand, the run does not pass. */
  inputFailed: boolean;
  collapse: CollapseSettings;
  /** Warnings fail rows (`--strict`): a warning-severity collapse fails the run too. */
  strict: boolean;
  /** `--inconclusive`: whether a row behind a bot wall fails the run (`fail`) or is only counted (`pass`, the default). */
  inconclusive?: 'fail' | 'pass';
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The collapse as a reason: `1 collapse (12 rows → https://new.example/)`, the largest target named. */
function collapseReason(summary: CheckSummary): string {
  const targets = summary.collapse!.targets;
  const [top] = targets;
  const more = targets.length > 1 ? `, and ${targets.length - 1} more` : '';
  return `${plural(targets.length, 'collapse')} (${top!.rows} rows → ${top!.finalUrl}${more})`;
}

/**
 * How a finished run ends and every reason for it, so that a run whose rows all passed but that fails (a collapse)
 * says why. The first that holds decides: interrupted, an input not read whole, nothing checked, then the rows.
 */
export function runOutcome(summary: CheckSummary, settings: OutcomeSettings): RunOutcome {
  if (summary.interrupted) return { ending: 'interrupted', reasons: ['interrupted (Ctrl-C)'] };
  if (settings.inputFailed || summary.invalid > 0) {
    const reasons = summary.invalid > 0 ? [plural(summary.invalid, 'invalid line')] : [];
    if (settings.inputFailed) reasons.push('the input could not be read to its end');
    return { ending: 'unreadable', reasons };
  }
  if (checkedRows(summary) === 0) {
    // Every rule skipped (all splats, patterns, conditions) is a file read in full: nothing is wrong, so say so.
    if (summary.skipped > 0) {
      return {
        ending: 'all-skipped',
        reasons: [],
        note: `every rule was skipped (${summary.skipped}); no rows to check`,
      };
    }
    return { ending: 'nothing-checked', reasons: ['no rows to check'], note: 'no rows to check' };
  }
  const reasons: string[] = [];
  if (summary.failed > 0) reasons.push(`${summary.failed} failed`);
  if (summary.errored > 0) reasons.push(`${summary.errored} errored`);
  if (summary.inconclusive > 0 && settings.inconclusive === 'fail')
    reasons.push(`${summary.inconclusive} inconclusive (--inconclusive fail)`);
  // A collapse fails the run as an error-severity finding fails a row (a warning one with --strict).
  const { severity } = settings.collapse;
  if (summary.collapse !== undefined && (severity === 'error' || (severity === 'warning' && settings.strict))) {
    reasons.push(collapseReason(summary));
  }
  return { ending: reasons.length > 0 ? 'failed' : 'passed', reasons };
}
