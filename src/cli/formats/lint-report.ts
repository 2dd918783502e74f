import type { SkippedRule } from '../../formats/formatter.js';
import type { LintFinding } from '../../lint/index.js';
import type { Colors } from '../colors.js';

/** The counts of a lint run. */
export interface LintSummary {
  /** Rules read (rows), shadowed and duplicate ones included. */
  rules: number;
  /** Rules not linted: patterns, splats, conditions. */
  skipped: number;
  /** Of the skipped, rules whose regular expression ran past its bound while being matched. */
  slowPatterns: number;
  /** Malformed lines (reported on stderr, exit 2). */
  invalid: number;
  errors: number;
  warnings: number;
}

/** Everything a lint output format writes. */
export interface LintReport {
  inputName: string;
  findings: readonly LintFinding[];
  /** The rules read, as the file writes them, for formats with one entry per rule (JUnit). */
  rules: ReadonlyArray<{ line: number; source: string; target?: string }>;
  skipped: readonly SkippedRule[];
  summary: LintSummary;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The closing summary in words, ending with a newline. */
export function renderLintSummary(summary: LintSummary, colors: Colors): string {
  const errors = plural(summary.errors, 'error');
  const warnings = plural(summary.warnings, 'warning');
  const counts = [
    summary.errors > 0 ? colors.red(errors) : errors,
    summary.warnings > 0 ? colors.yellow(warnings) : warnings,
  ];
  const extras = [`${plural(summary.rules, 'rule')} linted`];
  if (summary.skipped > 0) {
    const slow =
      summary.slowPatterns > 0 ? ` (${summary.slowPatterns} for a regular expression past its step budget)` : '';
    extras.push(`${plural(summary.skipped, 'rule')} skipped${slow}`);
  }
  if (summary.invalid > 0) extras.push(colors.red(plural(summary.invalid, 'invalid line')));
  return `${colors.bold('Summary')}: ${counts.join(', ')}; ${extras.join(', ')}\n`;
}
