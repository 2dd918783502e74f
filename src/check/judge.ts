import { type Baseline, markChanges } from './baseline.js';
import { type ExpectationSettings, evaluate } from './expectation.js';
import type { Attempt, RowResult } from './result.js';

/** Where a row stands against the baseline report: not in it, the same chain as then, or a changed one. */
export type BaselineStanding = 'new' | 'same' | 'changed';

/** How the rows of one run are judged: the same for every row, whoever runs them (the CLI, a monitor, the page). */
export interface JudgeSettings {
  expectations: ExpectationSettings;
  /** The earlier report rows are compared with (`--baseline`); its rows are marked seen as they are judged. */
  baseline?: Baseline | undefined;
  /** A row whose chain changed since the baseline fails (`--fail-on-change`). */
  failOnChange?: boolean | undefined;
  /**
   * Reasons a face adds to a row that did not pass, in its own words, before the baseline's (the CLI names the
   * rules' chain and the `--ca` flag): the words are the face's, where they go in the row is the judging's.
   */
  explain?: ((result: RowResult, attempt: Attempt) => readonly string[]) | undefined;
}

/** One row judged: what every report writes of it, and where it stands against the baseline. */
export interface JudgedRow {
  /** Outcome (passed, failed, errored), reasons, chain and, with a baseline, its `changes`. */
  result: RowResult;
  /** Undefined without a baseline. */
  baseline?: BaselineStanding;
}

/** Judges one analysed row against its expectations, then against the baseline. */
export function judgeRow(attempt: Attempt, settings: JudgeSettings): JudgedRow {
  const result = evaluate(attempt, settings.expectations);
  if (attempt.cachedAt !== undefined) result.cached = new Date(attempt.cachedAt).toISOString();
  if (result.outcome !== 'passed' && settings.explain !== undefined) {
    result.reasons.push(...settings.explain(result, attempt));
  }
  if (settings.baseline === undefined) return { result };
  const changes = markChanges(settings.baseline, result, settings.failOnChange === true);
  const baseline = changes === undefined ? 'new' : changes.length > 0 ? 'changed' : 'same';
  return { result, baseline };
}
