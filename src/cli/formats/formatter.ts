import type { CheckSummary, RowResult } from '../../check/index.js';

/** The output formats of `hoplens check`. */
export const CHECK_FORMATS = ['table', 'json', 'ndjson', 'csv', 'junit'] as const;
/** An output format of `hoplens check`. */
export type CheckFormat = (typeof CHECK_FORMATS)[number];

/** A rule that was read but not checked, as formats that can show it receive it. */
export interface SkippedRule {
  line: number;
  text: string;
  reason: string;
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

/**
 * The record json and ndjson reports end with when the run found what no single row can show, or `--stats` asked for
 * the run's figures: a `{"kind":"summary","redirectCollapse":{...},"stats":{...}}` line after the rows (a `--baseline`
 * reader skips it: it has no source). Rows are written as they finish, before a collapse is known, so the finding is
 * reported here, once, with each target and its count. A shard (`--shard`) adds `collapseCounts`, every final URL
 * its rows collapsed onto with its count, for `hoplens report merge`. An interrupted run's record says so
 * (`"interrupted":true`, with the rows never checked as `unchecked` when they could be counted). Undefined when there
 * is nothing to add.
 */
export function summaryRecord(summary: CheckSummary): string | undefined {
  const stats = summary.statsInReport === true ? summary.stats : undefined;
  const { collapse, collapseCounts, interrupted } = summary;
  if (collapse === undefined && stats === undefined && collapseCounts === undefined && !interrupted) return undefined;
  return JSON.stringify({
    kind: 'summary',
    // An interrupted run's report says so, for `--resume` to continue it and a plain rerun to refuse to destroy it.
    ...(interrupted
      ? { interrupted, ...(summary.unchecked === undefined ? {} : { unchecked: summary.unchecked }) }
      : {}),
    ...(collapse === undefined ? {} : { redirectCollapse: collapse }),
    ...(collapseCounts === undefined ? {} : { collapseCounts }),
    ...(stats === undefined ? {} : { stats }),
  });
}
