import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { HoplensError } from '../core/errors.js';
import type { BaselineChange, RowResult } from './check/result.js';
import { readLines } from './inputs/lines.js';

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

const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const string = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Reads one record of a report: a `hoplens check` row (json or ndjson format), or an Analysis result as printed by
 * `hoplens <url> --json`, so that either can serve as a baseline.
 */
function entryOf(record: unknown): [string, BaselineEntry] | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const r = record as Record<string, unknown>;
  if (typeof r.summary === 'object' && r.summary !== null && typeof r.url === 'string') {
    const summary = r.summary as Record<string, unknown>;
    const chain = Array.isArray(r.chain) ? (r.chain as Array<Record<string, unknown>>) : [];
    return [
      baselineKey(r.url),
      {
        finalUrl: string(summary.finalUrl),
        firstStatus: number(chain[0]?.status),
        finalStatus: number(summary.finalStatus),
        hops: number(summary.totalHops),
        error: null,
      },
    ];
  }
  const key = string(r.source) ?? (r.success === false ? string(r.url) : null);
  if (key === null) return undefined;
  const error = typeof r.error === 'object' && r.error !== null ? string((r.error as { code?: unknown }).code) : null;
  return [
    baselineKey(key),
    {
      finalUrl: string(r.finalUrl),
      firstStatus: number(r.firstStatus),
      finalStatus: number(r.finalStatus),
      hops: error === null ? number(r.hops) : null,
      error,
    },
  ];
}

/** Adds the records of a parsed JSON document (an array of records, or one record). */
function addDocument(entries: Map<string, BaselineEntry>, document: unknown): void {
  for (const record of Array.isArray(document) ? document : [document]) {
    const entry = entryOf(record);
    if (entry !== undefined) entries.set(...entry);
  }
}

/**
 * Loads an earlier json or ndjson report. Reports written by `hoplens check` hold one record a line (the json format
 * too, inside its brackets), so they are read a line at a time; any other JSON document is parsed whole. Throws
 * `INPUT_ERROR` for a missing or unreadable file.
 *
 * The entries are kept in memory (a few hundred bytes a row): rows are matched by source URL, and the two runs need
 * not list them in the same order.
 */
export async function loadBaseline(path: string): Promise<Baseline> {
  try {
    await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new HoplensError(
      'INPUT_ERROR',
      `--baseline: cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  const entries = new Map<string, BaselineEntry>();
  let lineByLine = true;
  for await (const { text } of readLines(createReadStream(path))) {
    const trimmed = text.trim().replace(/^\[/, '').replace(/\]$/, '').replace(/,$/, '').trim();
    if (trimmed === '') continue;
    try {
      addDocument(entries, JSON.parse(trimmed));
    } catch {
      lineByLine = false;
      break;
    }
  }
  if (!lineByLine) {
    entries.clear();
    try {
      addDocument(entries, JSON.parse(await readFile(path, 'utf8')));
    } catch (error) {
      throw new HoplensError(
        'INPUT_ERROR',
        `--baseline: ${path} is not a json or ndjson report (${(error as Error).message})`,
      );
    }
  }
  return { entries, seen: new Set() };
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
