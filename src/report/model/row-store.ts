/**
 * A report's rows held in typed arrays, as the data embeds them, so that 100,000 rows read, count, filter and sort
 * without an object per row: a row becomes a {@link ReportRow} only when it is drawn or unfolded (`rowAt`). Reads
 * the columns of version 2 and the row arrays of version 1 (legacy-data.ts).
 */
import type { RowOutcome } from '../../check/index.js';
import { readUrls, type SmallColumn, undelta, unpackSmall } from './compact-columns.js';
import { legacyParts } from './legacy-data.js';
import { KINDS, NOTE_FIELDS, OUTCOMES, type ReportData, type ReportRow } from './report-data.js';
import type { RowNotes, StoreParts } from './store-parts.js';

function readNotes(data: ReportData): Array<RowNotes | undefined> {
  const notes = new Array<RowNotes | undefined>(data.rows.count);
  const flat = data.rows.notes;
  let row = 0;
  for (let i = 0; i + 2 < flat.length; i += 3) {
    row += flat[i]!;
    const field = NOTE_FIELDS[flat[i + 1]!];
    const text = data.texts[flat[i + 2]!] ?? '';
    let entry = notes[row];
    if (entry === undefined) {
      entry = { reasons: [], warnings: [], types: [] };
      notes[row] = entry;
    }
    if (field === 'error') entry.error = text;
    else if (field !== undefined) entry[field].push(text);
  }
  return notes;
}

/** A status column's codes, from their indices into the data's distinct codes. */
function statusCodes(data: ReportData, column: SmallColumn): Int32Array {
  const codes = unpackSmall(column);
  for (let i = 0; i < codes.length; i++) codes[i] = data.statuses[codes[i]!] ?? 0;
  return codes;
}

function columnParts(data: ReportData): StoreParts {
  const { rows, hops } = data;
  const { urls, origin } = readUrls(data.urls);
  const counts = unpackSmall(rows.hops);
  const hopStart = new Int32Array(rows.count + 1);
  for (let i = 0; i < rows.count; i++) hopStart[i + 1] = hopStart[i]! + counts[i]!;
  return {
    count: rows.count,
    urls,
    urlOrigin: origin,
    origins: data.urls.origins,
    line: undelta(Array.from(unpackSmall(rows.line))),
    outcome: unpackSmall(rows.outcome),
    source: undelta(rows.source),
    target: undelta(rows.target),
    expectedStatus: statusCodes(data, rows.expectedStatus),
    finalStatus: statusCodes(data, rows.finalStatus),
    finalUrl: undelta(rows.finalUrl),
    redirects: unpackSmall(rows.redirects),
    time: Int32Array.from(rows.time),
    hopStart,
    hopUrl: undelta(hops.url),
    hopStatus: statusCodes(data, hops.status),
    hopMs: Int32Array.from(hops.ms),
    hopKind: unpackSmall(hops.kind),
    notes: readNotes(data),
  };
}

const NO_NOTES: RowNotes = { reasons: [], warnings: [], types: [] };

export class RowStore implements Readonly<StoreParts> {
  readonly count!: number;
  readonly urls!: string[];
  readonly urlOrigin!: Int32Array;
  readonly origins!: string[];
  readonly line!: Int32Array;
  readonly outcome!: Int32Array;
  readonly source!: Int32Array;
  readonly target!: Int32Array;
  readonly expectedStatus!: Int32Array;
  readonly finalStatus!: Int32Array;
  readonly finalUrl!: Int32Array;
  readonly redirects!: Int32Array;
  readonly time!: Int32Array;
  readonly hopStart!: Int32Array;
  readonly hopUrl!: Int32Array;
  readonly hopStatus!: Int32Array;
  readonly hopMs!: Int32Array;
  readonly hopKind!: Int32Array;
  readonly notes!: Array<RowNotes | undefined>;
  /** Each row's source host, as an index in `hosts` (computed once per origin, not per row). */
  readonly sourceHost: Int32Array;
  readonly hosts: string[];
  /** Whether the rows are stored in line order (a check's rows may finish out of it), so that sorting by line is free. */
  readonly inLineOrder: boolean;
  private searchText: string[] | undefined;

  constructor(parts: StoreParts) {
    Object.assign(this, parts);
    const hostIndex = new Map<string, number>();
    this.hosts = [];
    const originHost = this.origins.map((origin) => {
      const host = origin
        .replace(/^[^:]*:\/\//, '')
        .replace(/^[^@]*@/, '')
        .toLowerCase();
      let at = hostIndex.get(host);
      if (at === undefined) {
        at = this.hosts.push(host) - 1;
        hostIndex.set(host, at);
      }
      return at;
    });
    let ordered = true;
    for (let i = 1; i < this.count && ordered; i++) ordered = this.line[i - 1]! <= this.line[i]!;
    this.inLineOrder = ordered;
    let none = -1;
    this.sourceHost = new Int32Array(this.count);
    for (let i = 0; i < this.count; i++) {
      const origin = this.urlOrigin[this.source[i]!] ?? -1;
      if (origin >= 0) this.sourceHost[i] = originHost[origin]!;
      else {
        if (none < 0) none = this.hosts.push('') - 1;
        this.sourceHost[i] = none;
      }
    }
  }

  static from(data: ReportData): RowStore {
    return new RowStore(data.v === 1 ? legacyParts(data) : columnParts(data));
  }

  url(ref: number): string | undefined {
    return ref < 0 ? undefined : this.urls[ref];
  }

  outcomeOf(index: number): RowOutcome {
    return OUTCOMES[this.outcome[index]!] ?? 'errored';
  }

  notesOf(index: number): RowNotes {
    return this.notes[index] ?? NO_NOTES;
  }

  /**
   * The origin every row's URL in `column` is on, when they share one (and at least one row has a URL there):
   * the table then shows paths (./shared-origin.ts).
   */
  sharedOrigin(column: 'source' | 'finalUrl'): string | undefined {
    const refs = this[column];
    let shared = -1;
    for (let i = 0; i < this.count; i++) {
      const ref = refs[i]!;
      if (ref < 0) continue;
      const at = this.urlOrigin[ref] ?? -1;
      if (at < 0 || (shared >= 0 && at !== shared)) return undefined;
      shared = at;
    }
    return shared < 0 ? undefined : this.origins[shared];
  }

  /** Row `index` as an object, for drawing it. */
  rowAt(index: number): ReportRow {
    const notes = this.notesOf(index);
    const hops: ReportRow['hops'] = [];
    for (let h = this.hopStart[index]!; h < this.hopStart[index + 1]!; h++) {
      hops.push({
        url: this.urls[this.hopUrl[h]!] ?? '',
        status: this.hopStatus[h]!,
        ms: this.hopMs[h]!,
        kind: KINDS[this.hopKind[h]!],
      });
    }
    const row: ReportRow = {
      line: this.line[index]!,
      source: this.url(this.source[index]!) ?? '',
      outcome: this.outcomeOf(index),
      redirects: this.redirects[index]!,
      time: this.time[index]!,
      reasons: notes.reasons,
      warnings: notes.warnings,
      types: notes.types,
      hops,
    };
    const target = this.url(this.target[index]!);
    if (target !== undefined) row.target = target;
    if (this.expectedStatus[index]! > 0) row.expectedStatus = this.expectedStatus[index]!;
    if (this.finalStatus[index]! > 0) row.finalStatus = this.finalStatus[index]!;
    const finalUrl = this.url(this.finalUrl[index]!);
    if (finalUrl !== undefined) row.finalUrl = finalUrl;
    if (notes.error !== undefined) row.error = notes.error;
    return row;
  }

  /** Row `index`'s searchable text, lower-cased; made for every row at the first search, then kept. */
  searchTextOf(index: number): string {
    if (this.searchText === undefined) {
      this.searchText = new Array<string>(this.count);
      for (let i = 0; i < this.count; i++) {
        const notes = this.notesOf(i);
        const text = `${this.url(this.source[i]!)} ${this.url(this.target[i]!) ?? ''} ${this.url(this.finalUrl[i]!) ?? ''} ${notes.reasons.join(' ')} ${notes.error ?? ''}`;
        this.searchText[i] = text.toLowerCase();
      }
    }
    return this.searchText[index]!;
  }
}

/** The rows of `data` as objects (for callers that want them all; the view does not). */
export function unpackRows(data: ReportData): ReportRow[] {
  const store = RowStore.from(data);
  return Array.from({ length: store.count }, (_, index) => store.rowAt(index));
}
