import type { LintFinding } from '../../lint/index.js';
import type { SkippedRule } from '../formatter.js';

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
