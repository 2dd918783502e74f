/**
 * The report's data as the HTML file embeds it: rows made compact (every URL once in a string table, each row a short
 * array, each hop three numbers), so that 10,000 rows stay under 3 MB, and read back into plain rows by the view.
 * Pure: no DOM, no Node; the CLI writes it and the view (src/report/view/) reads it.
 */
import type { CollapseFinding, RowOutcome, RowResult } from '../../check/index.js';

/** The format's version: a view refuses data it does not know. */
export const REPORT_DATA_VERSION = 1;

export const OUTCOMES: readonly RowOutcome[] = ['passed', 'failed', 'errored'];

/** One hop, compact: its URL's index in the string table, its status, its milliseconds, 1 permanent / 2 temporary. */
export type PackedHop = [url: number, status: number, ms: number, kind: number];

/**
 * One row: line, source, target (-1 none), expected status (0 none), outcome index, final status (0 none), final URL
 * (-1 none), redirects, total ms, reasons, warnings, finding types, error code ('' none), hops.
 */
export type PackedRow = [
  line: number,
  source: number,
  target: number,
  expectedStatus: number,
  outcome: number,
  finalStatus: number,
  finalUrl: number,
  redirects: number,
  time: number,
  reasons: string[],
  warnings: string[],
  types: string[],
  error: string,
  hops: PackedHop[],
];

/** What the file embeds. */
export interface ReportData {
  v: number;
  /** What was checked (the input's name) and when the report was written (ISO time). */
  title: string;
  generated: string;
  /** Where the rows came from: a rules file's name, shown with each row's line. */
  input: string;
  strings: string[];
  rows: PackedRow[];
  collapse?: CollapseFinding;
  elapsedMs?: number;
}

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

const KIND = { permanent: 1, temporary: 2 } as const;

/** Builds {@link ReportData} a row at a time, each distinct URL stored once. */
export class ReportDataBuilder {
  private readonly strings: string[] = [];
  private readonly index = new Map<string, number>();
  private readonly rows: PackedRow[] = [];

  constructor(
    private readonly title: string,
    private readonly input: string,
  ) {}

  private intern(text: string | undefined): number {
    if (text === undefined) return -1;
    let at = this.index.get(text);
    if (at === undefined) {
      at = this.strings.length;
      this.strings.push(text);
      this.index.set(text, at);
    }
    return at;
  }

  add(row: RowResult): void {
    const hops = row.chain.map(
      (hop): PackedHop => [
        this.intern(hop.url),
        hop.status,
        Math.round(hop.responseTime),
        hop.redirectType === undefined ? 0 : (KIND[hop.redirectType as keyof typeof KIND] ?? 0),
      ],
    );
    this.rows.push([
      row.line,
      this.intern(row.source),
      this.intern(row.target),
      row.expectedStatus ?? 0,
      OUTCOMES.indexOf(row.outcome),
      row.finalStatus ?? 0,
      this.intern(row.finalUrl),
      row.redirects,
      Math.round(row.time),
      row.reasons,
      row.warnings,
      [...new Set(row.issues.map((issue) => issue.type))],
      row.error?.code ?? '',
      hops,
    ]);
  }

  data(extra: { collapse?: CollapseFinding; elapsedMs?: number; generated?: string } = {}): ReportData {
    return {
      v: REPORT_DATA_VERSION,
      title: this.title,
      generated: extra.generated ?? new Date().toISOString(),
      input: this.input,
      strings: this.strings,
      rows: this.rows,
      ...(extra.collapse === undefined ? {} : { collapse: extra.collapse }),
      ...(extra.elapsedMs === undefined ? {} : { elapsedMs: extra.elapsedMs }),
    };
  }
}

/** The rows of `data`, unpacked. */
export function unpackRows(data: ReportData): ReportRow[] {
  const text = (at: number) => (at < 0 ? undefined : data.strings[at]);
  return data.rows.map((packed) => {
    const [line, source, target, expectedStatus, outcome, finalStatus, finalUrl, redirects, time] = packed;
    const row: ReportRow = {
      line,
      source: text(source) ?? '',
      outcome: OUTCOMES[outcome] ?? 'errored',
      redirects,
      time,
      reasons: packed[9],
      warnings: packed[10],
      types: packed[11],
      hops: packed[13].map(([url, status, ms, kind]) => ({
        url: text(url) ?? '',
        status,
        ms,
        kind: kind === 1 ? 'permanent' : kind === 2 ? 'temporary' : undefined,
      })),
    };
    const targetUrl = text(target);
    if (targetUrl !== undefined) row.target = targetUrl;
    if (expectedStatus > 0) row.expectedStatus = expectedStatus;
    if (finalStatus > 0) row.finalStatus = finalStatus;
    const final = text(finalUrl);
    if (final !== undefined) row.finalUrl = final;
    if (packed[12] !== '') row.error = packed[12];
    return row;
  });
}
