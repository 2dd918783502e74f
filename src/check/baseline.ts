import type { BaselineChange, RowResult } from './result.js';

/** What a baseline remembers of one row's chain: enough to tell whether it changed. */
export interface BaselineEntry {
  finalUrl: string | null;
  firstStatus: number | null;
  finalStatus: number | null;
  hops: number | null;
  /** The error code, when the row errored. */
  error: string | null;
}

/** Rows of an earlier report, by source URL; and which of them the current run has seen. */
export interface Baseline {
  entries: Map<string, BaselineEntry>;
  seen: Set<string>;
}

/** The key rows are matched on: the source URL in its parsed form, so that spelling differences do not matter. */
export function baselineKey(source: string): string {
  try {
    return new URL(source).href;
  } catch {
    return source;
  }
}

/**
 * The differences between a row and its baseline entry: final URL, statuses and hop count, or the error code when
 * either run errored. Returns undefined for a row the baseline does not have.
 */
export function compareWithBaseline(baseline: Baseline, row: RowResult): BaselineChange[] | undefined {
  const key = baselineKey(row.source);
  const before = baseline.entries.get(key);
  if (before === undefined) return undefined;
  baseline.seen.add(key);
  const errorNow = row.error?.code ?? null;
  if (before.error !== null || errorNow !== null) {
    return before.error === errorNow ? [] : [{ field: 'error', before: before.error, after: errorNow }];
  }
  const now: BaselineEntry = {
    finalUrl: row.finalUrl ?? null,
    firstStatus: row.firstStatus ?? null,
    finalStatus: row.finalStatus ?? null,
    hops: row.hops,
    error: null,
  };
  const changes: BaselineChange[] = [];
  for (const field of ['finalUrl', 'firstStatus', 'finalStatus', 'hops'] as const) {
    if (before[field] !== now[field]) changes.push({ field, before: before[field], after: now[field] });
  }
  return changes;
}

/**
 * Compares a row with the baseline and writes the verdict into it: its `changes`, and with `failOnChange` a reason
 * that fails a row whose chain changed. Returns the changes, or undefined for a row the baseline does not have.
 */
export function markChanges(baseline: Baseline, row: RowResult, failOnChange: boolean): BaselineChange[] | undefined {
  const changes = compareWithBaseline(baseline, row);
  if (changes === undefined) return undefined;
  row.changes = changes;
  if (changes.length > 0 && failOnChange) {
    row.reasons.push(`changed since baseline: ${changes.map(describeChange).join(', ')}`);
    if (row.outcome === 'passed') row.outcome = 'failed';
  }
  return changes;
}

/** Baseline rows the current run did not check (removed from the input, or not reached). */
export function missingFromRun(baseline: Baseline): string[] {
  return [...baseline.entries.keys()].filter((key) => !baseline.seen.has(key));
}

const LABELS: Record<BaselineChange['field'], string> = {
  finalUrl: 'final URL',
  firstStatus: 'first status',
  finalStatus: 'final status',
  hops: 'hops',
  error: 'error',
};

/** One change in words: `final status 200 → 404`. */
export function describeChange(change: BaselineChange): string {
  return `${LABELS[change.field]} ${change.before ?? 'none'} → ${change.after ?? 'none'}`;
}
