/**
 * The report's data as the HTML file embeds it, in columns (issue 30: at most 3 MB per 10,000 rows, and quick to read
 * back for 100,000): every distinct URL once, front-coded (compact-columns.ts); each row field a column of numbers,
 * references as differences, status codes as indices into their few distinct values; the few texts (reasons, warnings, finding types, error codes) once each, tied to their
 * rows by a sparse list. Pure: no DOM, no Node; the CLI writes it and the view reads it (row-store.ts), and the view
 * still reads the row-per-array data of version 1 that earlier reports embed (legacy-data.ts).
 */
import type { CollapseFinding, RowOutcome, RowResult } from '../../check/index.js';
import { deltas, packSmall, type SmallColumn, type UrlColumns, UrlWriter } from './compact-columns.js';

/** The format's version: a view refuses data it does not know. */
export const REPORT_DATA_VERSION = 2;

// Packed by index into report data: a new outcome goes last, so that an older report reads the same.
export const OUTCOMES: readonly RowOutcome[] = ['passed', 'failed', 'errored', 'inconclusive'];

/** Which list of a row a text of `notes` belongs to. */
export const NOTE_FIELDS = ['reasons', 'warnings', 'types', 'error'] as const;

/** A hop's redirect kind: 0 none, 1 permanent, 2 temporary. */
export const KINDS = [undefined, 'permanent', 'temporary'] as const;

/** The rows, a column per field; URL references index {@link ReportData.urls}, written as differences. */
export interface RowColumns {
  count: number;
  /** Line numbers, as differences. */
  line: SmallColumn | number[];
  /** Index in {@link OUTCOMES}. */
  outcome: SmallColumn;
  source: number[];
  /** -1: no target. */
  target: number[];
  /** Index in {@link ReportData.statuses} (whose code 0 is none). */
  expectedStatus: SmallColumn;
  /** Index in {@link ReportData.statuses} (whose code 0 is none). */
  finalStatus: SmallColumn;
  /** -1: none. */
  finalUrl: number[];
  redirects: SmallColumn;
  time: number[];
  /** Hops per row. */
  hops: SmallColumn;
  /** Triples: row (as a difference from the previous triple's row), field (index in {@link NOTE_FIELDS}), text. */
  notes: number[];
}

/** Every row's hops, one after another; the URL references as differences. */
export interface HopColumns {
  url: number[];
  /** Index in {@link ReportData.statuses}. */
  status: SmallColumn;
  ms: number[];
  /** Index in {@link KINDS}. */
  kind: SmallColumn;
}

/** What the file embeds. */
export interface ReportData {
  v: number;
  /** What was checked (the input's name) and when the report was written (ISO time). */
  title: string;
  generated: string;
  /** Where the rows came from: a rules file's name, shown with each row's line. */
  input: string;
  urls: UrlColumns;
  texts: string[];
  /** The distinct status codes (a run has a handful), so that each status column takes one digit a value. */
  statuses: number[];
  rows: RowColumns;
  hops: HopColumns;
  collapse?: CollapseFinding;
  elapsedMs?: number;
  /** What the run read but did not check, absent when it checked every line (reports before it have none). */
  notChecked?: NotChecked;
}

/** The lines a run did not check: rules it skipped (each with its reason, the first ones kept) and invalid lines. */
export interface NotChecked {
  skipped: number;
  invalid: number;
  /** The first skipped rules, at most {@link NOT_CHECKED_KEPT}. */
  rules: Array<{ line: number; text: string; reason: string }>;
}

/** How many skipped rules a report keeps with their reason: the rest are counted. */
export const NOT_CHECKED_KEPT = 200;

/** A row as the view reads it back. */
export interface ReportRow {
  line: number;
  source: string;
  target?: string;
  expectedStatus?: number;
  outcome: RowOutcome;
  finalStatus?: number;
  finalUrl?: string;
  redirects: number;
  time: number;
  reasons: string[];
  warnings: string[];
  types: string[];
  error?: string;
  hops: Array<{ url: string; status: number; ms: number; kind: 'permanent' | 'temporary' | undefined }>;
}

/** A distinct-value table that hands out each value's index. */
class Interned<T = string> {
  readonly values: T[] = [];
  private readonly index = new Map<T, number>();

  constructor(private readonly onNew: (value: T) => void = () => {}) {}

  of(text: T | undefined): number {
    if (text === undefined) return -1;
    let at = this.index.get(text);
    if (at === undefined) {
      at = this.values.push(text) - 1;
      this.index.set(text, at);
      this.onNew(text);
    }
    return at;
  }
}

type Columns = Record<Exclude<keyof RowColumns, 'count'>, number[]>;

/** Builds {@link ReportData} a row at a time; `data()` may be called between rows (the page fills a view as rows come). */
export class ReportDataBuilder {
  private readonly urlWriter = new UrlWriter();
  private readonly urls = new Interned((url) => this.urlWriter.add(url));
  private readonly texts = new Interned();
  private readonly statuses = new Interned<number>();
  private readonly columns: Columns = {
    line: [],
    outcome: [],
    source: [],
    target: [],
    expectedStatus: [],
    finalStatus: [],
    finalUrl: [],
    redirects: [],
    time: [],
    hops: [],
    notes: [],
  };
  private readonly hopColumns = {
    url: [] as number[],
    status: [] as number[],
    ms: [] as number[],
    kind: [] as number[],
  };
  private lastNoteRow = 0;
  private readonly notChecked: NotChecked = { skipped: 0, invalid: 0, rules: [] };

  constructor(
    private readonly title: string,
    private readonly input: string,
  ) {}

  private note(row: number, field: number, texts: readonly string[]): void {
    for (const text of texts) {
      this.columns.notes.push(row - this.lastNoteRow, field, this.texts.of(text));
      this.lastNoteRow = row;
    }
  }

  add(row: RowResult): void {
    const c = this.columns;
    const at = c.line.length;
    c.line.push(row.line);
    c.outcome.push(Math.max(0, OUTCOMES.indexOf(row.outcome)));
    c.source.push(this.urls.of(row.source));
    c.target.push(this.urls.of(row.target));
    c.expectedStatus.push(this.statuses.of(row.expectedStatus ?? 0));
    c.finalStatus.push(this.statuses.of(row.finalStatus ?? 0));
    c.finalUrl.push(this.urls.of(row.finalUrl));
    c.redirects.push(row.redirects);
    c.time.push(Math.round(row.time));
    c.hops.push(row.chain.length);
    for (const hop of row.chain) {
      this.hopColumns.url.push(this.urls.of(hop.url));
      this.hopColumns.status.push(this.statuses.of(hop.status));
      this.hopColumns.ms.push(Math.round(hop.responseTime));
      this.hopColumns.kind.push(Math.max(0, KINDS.indexOf(hop.redirectType as (typeof KINDS)[number])));
    }
    this.note(at, 0, row.reasons);
    this.note(at, 1, row.warnings);
    this.note(at, 2, [...new Set(row.issues.map((issue) => issue.type))]);
    if (row.error !== undefined) this.note(at, 3, [row.error.code]);
  }

  /** A rule the run skipped, with why. */
  skip(rule: { line: number; text: string; reason: string }): void {
    this.notChecked.skipped += 1;
    if (this.notChecked.rules.length < NOT_CHECKED_KEPT)
      this.notChecked.rules.push({ line: rule.line, text: rule.text, reason: rule.reason });
  }

  data(
    extra: { collapse?: CollapseFinding; elapsedMs?: number; generated?: string; invalid?: number } = {},
  ): ReportData {
    const notChecked = { ...this.notChecked, invalid: extra.invalid ?? 0 };
    const c = this.columns;
    const hops = this.hopColumns;
    return {
      v: REPORT_DATA_VERSION,
      title: this.title,
      generated: extra.generated ?? new Date().toISOString(),
      input: this.input,
      urls: this.urlWriter.columns,
      texts: this.texts.values,
      statuses: this.statuses.values,
      rows: {
        count: c.line.length,
        line: packSmall(deltas(c.line)),
        outcome: packSmall(c.outcome),
        source: deltas(c.source),
        target: deltas(c.target),
        expectedStatus: packSmall(c.expectedStatus),
        finalStatus: packSmall(c.finalStatus),
        finalUrl: deltas(c.finalUrl),
        redirects: packSmall(c.redirects),
        time: c.time.slice(),
        hops: packSmall(c.hops),
        notes: c.notes.slice(),
      },
      hops: { url: deltas(hops.url), status: packSmall(hops.status), ms: hops.ms.slice(), kind: packSmall(hops.kind) },
      ...(extra.collapse === undefined ? {} : { collapse: extra.collapse }),
      ...(extra.elapsedMs === undefined ? {} : { elapsedMs: extra.elapsedMs }),
      ...(notChecked.skipped + notChecked.invalid === 0 ? {} : { notChecked }),
    };
  }
}
