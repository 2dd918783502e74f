import type { CheckSummary, RowResult } from '../check/index.js';

/** The output formats of `hoplens check`. */
export const CHECK_FORMATS = [
  'table',
  'json',
  'ndjson',
  'csv',
  'junit',
  'github',
  'sarif',
  'gitlab',
  'markdown',
  'html',
] as const;
/** An output format of `hoplens check`. */
export type CheckFormat = (typeof CHECK_FORMATS)[number];
/** The formats of `hoplens lint`: check's, but the HTML report, which shows check rows. */
export const LINT_FORMATS = CHECK_FORMATS.filter((format) => format !== 'html') as Array<Exclude<CheckFormat, 'html'>>;
/** An output format of `hoplens lint`. */
export type LintFormat = Exclude<CheckFormat, 'html'>;

/** The formats of `fix --check`: a list for people, and the CI formats. */
export const FIX_CHECK_FORMATS = ['table', 'github', 'sarif', 'gitlab', 'markdown'] as const satisfies CheckFormat[];

/** The formats people read in a log: the table, and GitHub's (the table folded, plus annotations). */
export function isHumanFormat(format: CheckFormat): boolean {
  return format === 'table' || format === 'github';
}

/**
 * The format actually written: on a GitHub Actions runner (`GITHUB_ACTIONS=true`), the table on standard output
 * becomes `github`, so that findings are annotated with no flag; a machine format, or a table written to a file,
 * stays as asked.
 */
export function effectiveFormat<F extends CheckFormat>(
  format: F,
  toStdout: boolean,
  env: Readonly<Record<string, string | undefined>>,
): F | 'github' {
  return format === 'table' && toStdout && env.GITHUB_ACTIONS === 'true' ? 'github' : format;
}

/** A rule that was read but not checked, as formats that can show it receive it. */
export interface SkippedRule {
  line: number;
  text: string;
  reason: string;
  /** Where the rule is written when that is another file than the input (a vercel.json's bulk redirect file). */
  place?: { file: string; line: number };
}

/**
 * Writes check results as they come. `row` is awaited before the next row is taken, which carries the output's
 * backpressure back to the runner; a format keeps nothing per row in memory.
 */
export interface CheckFormatter {
  begin(): Promise<void>;
  row(result: RowResult): Promise<void>;
  /** A skipped `_redirects` rule; formats with no place for it ignore it. */
  skipped(rule: SkippedRule): Promise<void>;
  /** After the last row, Ctrl-C included. */
  end(summary: CheckSummary): Promise<void>;
}
