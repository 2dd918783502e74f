import type { RulePlace } from './rule-places.js';

/** One row to check: a source URL and what its chain is expected to do. */
export interface CheckRow {
  /** 1-based line of the input the row comes from (the last line, for a CSV record spanning several). */
  line: number;
  /** Absolute http(s) URL to analyse. */
  source: string;
  /** The expected final URL, absolute; absent when the row only expects the chain to work. */
  target?: string;
  /** The expected status of the first hop (e.g. 301). */
  status?: number;
  /** The input's other CSV columns (name as in its header → value), carried to the report and not checked. */
  extra?: Record<string, string>;
  /**
   * The URL must answer 2xx itself, without redirecting (a sitemap's page: a sitemap lists final URLs). A redirect,
   * an error or a `noindex` fails the row, naming why.
   */
  expectNoRedirect?: boolean;
  /**
   * No rule of the rules file matches this sample URL (`--samples`): a gap in the migration. The row fails with that
   * reason; its chain is still checked and reported, to show what the URL does today.
   */
  unmatched?: string;
  /**
   * Where the rule is written when that is another file than the input (a vercel.json's bulk redirect file): the file
   * as the input names it and the line in it. `line` is then the rule set's own numbering (src/inputs/rule-places.ts).
   */
  place?: Required<RulePlace>;
}

/**
 * What an input reader yields, in input order: a row, a line it could not read (reported with its line number and
 * making the run exit 2), or a rule it deliberately skips (counted, e.g. a `_redirects` splat).
 */
export type InputItem =
  | { kind: 'row'; row: CheckRow }
  | { kind: 'invalid'; line: number; message: string; place?: Required<RulePlace> }
  | { kind: 'skipped'; line: number; text: string; reason: string; place?: Required<RulePlace> };

/** A rule an input reader deliberately skips, with its line, its text and why. */
export type SkippedItem = Omit<InputItem & { kind: 'skipped' }, 'kind'>;
