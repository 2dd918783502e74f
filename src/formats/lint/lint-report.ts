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
  rules: ReadonlyArray<{ line: number; file?: string; source: string; target?: string }>;
  skipped: readonly SkippedRule[];
  summary: LintSummary;
}

/**
 * The path a finding is in, as `inputName` is given: the input, or a file it names (a finding's `file`, relative to
 * the input's folder).
 */
export function findingPath(inputName: string, file: string | undefined): string {
  if (file === undefined) return inputName;
  const slash = inputName.lastIndexOf('/');
  return slash === -1 ? file : `${inputName.slice(0, slash + 1)}${file}`;
}
