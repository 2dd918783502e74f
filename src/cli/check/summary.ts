import type { Colors } from '../colors.js';

/** The counts of a check run, for the closing summary and the exit code. */
export interface CheckSummary {
  passed: number;
  failed: number;
  errored: number;
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
}

/** A summary with every count at zero. */
export function emptySummary(): CheckSummary {
  return {
    passed: 0,
    failed: 0,
    errored: 0,
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

/** Rows analysed (passed, failed or errored). */
export function checkedRows(summary: CheckSummary): number {
  return summary.passed + summary.failed + summary.errored;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The closing summary in words, one or more lines ending with a newline. */
export function renderSummary(summary: CheckSummary, colors: Colors): string {
  const seconds = (summary.elapsedMs / 1000).toFixed(1);
  const counts = [
    colors.green(`${summary.passed} passed`),
    summary.failed > 0 ? colors.red(`${summary.failed} failed`) : `${summary.failed} failed`,
    summary.errored > 0 ? colors.magenta(`${summary.errored} errored`) : `${summary.errored} errored`,
  ];
  const extras: string[] = [];
  if (summary.skipped > 0) extras.push(`${plural(summary.skipped, 'rule')} skipped`);
  if (summary.invalid > 0) extras.push(colors.red(`${plural(summary.invalid, 'invalid line')}`));
  let text = '';
  if (summary.interrupted)
    text += `${colors.yellow('Interrupted')}: partial results, rows in flight were not checked.\n`;
  text += `${colors.bold('Summary')}: ${plural(checkedRows(summary), 'row')} checked in ${seconds} s: ${counts.join(', ')}`;
  text += extras.length > 0 ? `; ${extras.join(', ')}\n` : '\n';
  if (summary.baseline) {
    const changed = summary.changed > 0 ? colors.yellow(`${summary.changed} changed`) : '0 changed';
    text += `Baseline: ${changed}, ${summary.added} new, ${summary.missing} missing\n`;
  }
  return text;
}
