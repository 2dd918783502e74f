import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { type Baseline, type BaselineEntry, baselineKey } from '../check/index.js';
import { readLines } from '../inputs/index.js';
import { cliError } from './errors.js';

const OUTCOMES: ReadonlySet<unknown> = new Set(['passed', 'failed', 'errored', 'inconclusive']);

/** What a baseline must hold, for the message refusing a file that is not one. */
const EXPECTED =
  'a json or ndjson report of `hoplens check` (rows with source and outcome) or `hoplens <url> --json` output';

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
  // A check row has its source and verdict; a failed Analysis result has `success: false` and its URL.
  const checkRow = typeof r.source === 'string' && OUTCOMES.has(r.outcome);
  const key = checkRow ? string(r.source) : r.success === false ? string(r.url) : null;
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
 * `INPUT_ERROR` for a missing or unreadable file, and for one that is not a hoplens report: a file with no record
 * of a check row or an Analysis result (an empty file, a CSV, `{"garbage":true}`) would otherwise make every row
 * "new" and hide what the comparison was for.
 *
 * The entries are kept in memory (a few hundred bytes a row): rows are matched by source URL, and the two runs need
 * not list them in the same order.
 */
export async function loadBaseline(path: string, flag = '--baseline'): Promise<Baseline> {
  try {
    await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw cliError(
      'INPUT_ERROR',
      `${flag}: cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
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
      throw cliError(
        'INPUT_ERROR',
        `${flag} ${path}: not a hoplens report (${(error as Error).message}); expected ${EXPECTED}`,
      );
    }
  }
  if (entries.size === 0) {
    const size = (await stat(path)).size;
    const found = size === 0 ? 'the file is empty' : 'no record of a check row or an Analysis result';
    throw cliError('INPUT_ERROR', `${flag} ${path}: not a hoplens report: ${found}; expected ${EXPECTED}`);
  }
  return { entries, seen: new Set() };
}
