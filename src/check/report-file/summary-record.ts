import type { CollapseCounts, CollapseFinding } from '../collapse.js';
import type { RunStats } from '../run-stats.js';
import type { CheckSummary } from '../summary.js';

/** The closing record of a json or ndjson report, as {@link summaryRecord} writes it and readers parse it. */
export interface SummaryRecord {
  kind: 'summary';
  /** The run was stopped before its end (Ctrl-C, a limit, the page's stop button). */
  interrupted?: true;
  /** In an interrupted run, the rows never checked, when they could be counted. */
  unchecked?: number;
  redirectCollapse?: CollapseFinding;
  /** A shard's every collapse target with its count, for `hoplens report merge`. */
  collapseCounts?: CollapseCounts;
  stats?: RunStats;
}

/**
 * The record json and ndjson reports end with when the run found what no single row can show, or `--stats` asked for
 * the run's figures: a `{"kind":"summary","redirectCollapse":{...},"stats":{...}}` line after the rows (a `--baseline`
 * reader skips it: it has no source). Rows are written as they finish, before a collapse is known, so the finding is
 * reported here, once, with each target and its count. A shard (`--shard`) adds `collapseCounts`, every final URL
 * its rows collapsed onto with its count, for `hoplens report merge`. An interrupted run's record says so
 * (`"interrupted":true`, with the rows never checked as `unchecked` when they could be counted). Undefined when there
 * is nothing to add. The CLI's formats, `report merge` and the page's downloads all write it here, so that a report
 * is the same whoever wrote it.
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

/** Whether a parsed record is a report's closing record rather than a row. */
export function isSummaryRecord(record: unknown): record is SummaryRecord {
  return typeof record === 'object' && record !== null && (record as { kind?: unknown }).kind === 'summary';
}

/** Whether a closing record's line (a json report's, with its framing) says the run was interrupted. */
export function isInterruptedRecord(line: string): boolean {
  try {
    const record = JSON.parse(
      line
        .trim()
        .replace(/^\[/, '')
        .replace(/[\],]+$/, ''),
    ) as unknown;
    return isSummaryRecord(record) && record.interrupted === true;
  } catch {
    return false;
  }
}
