/**
 * The neutral shape every CI format (GitHub annotations, SARIF, GitLab Code Quality, the Markdown summary) is written
 * from, whichever command found it: check's rows, lint's findings and fix's edits are each turned into one of these,
 * so that one writer per format serves all three.
 */

/** How much a finding matters to a CI: an error fails, a warning is shown, a notice only informs. */
export type CiLevel = 'error' | 'warning' | 'notice';

/** One finding on one line of the input file. */
export interface CiFinding {
  /** The finding's type: an issue type, a lint kind, or one of check's own (`expectation_failed`...). */
  rule: string;
  level: CiLevel;
  /** 1-based line of the input the finding is on (the rule, the row, the sitemap's `<loc>`). */
  line: number;
  /** 1-based column on that line, where the finding knows it (a link in a file). */
  column?: number;
  /**
   * The file the finding is in, from the repository's root with forward slashes, when a run reads many files
   * (`crawl` on files); absent, the report's {@link CiReport.path}.
   */
  path?: string;
  /** A short title (the annotation's title). */
  title: string;
  /** What is wrong, in one or a few sentences. */
  message: string;
  /**
   * What the finding is about, independent of its line (the row's source URL, and target when it has one): the
   * fingerprint is made of it, so that a rule moved down the file is the same alert.
   */
  key: string;
}

/** A row of the summary's table of failing rows. */
export interface CiRow {
  line: number;
  /** The row's file, when a run reads many (as {@link CiFinding.path}). */
  path?: string;
  source: string;
  outcome: string;
  reason: string;
}

/** One URL many rows ended on (a redirect collapse). */
export interface CiCollapse {
  finalUrl: string;
  rows: number;
  examples: string[];
}

/** One of the slowest chains. */
export interface CiSlowChain {
  source: string;
  time: number;
  hops: number;
}

/** Everything a CI format writes about one run. */
export interface CiReport {
  /** The command that made it. */
  command: 'check' | 'lint' | 'fix' | 'crawl';
  /** The input's name as people read it (file name or `stdin`). */
  inputName: string;
  /**
   * The input's path from the repository's root with forward slashes (what GitHub, SARIF and GitLab locate findings
   * by), or undefined for standard input or a URL: its findings are then reported without a file.
   */
  path?: string;
  findings: CiFinding[];
  /** The run's counts, in the order shown: `[label, count]`. */
  totals: Array<[string, number]>;
  failing: CiRow[];
  /** Failing rows not kept in {@link failing} (past its bound), only counted. */
  failingNotListed: number;
  collapses: CiCollapse[];
  slowest: CiSlowChain[];
  /** The exit status the command ends with. */
  exit?: number;
}

/** The order findings are reported in: errors, then warnings, then notices; by line within each. */
export function bySeverity(a: CiFinding, b: CiFinding): number {
  return LEVEL_RANK[a.level] - LEVEL_RANK[b.level] || a.line - b.line;
}

const LEVEL_RANK: Readonly<Record<CiLevel, number>> = { error: 0, warning: 1, notice: 2 };
