import { describeChange } from '../../check/baseline.js';
import type { RowResult } from '../../check/result.js';
import type { Sink } from '../output.js';
import type { CheckFormatter } from './formatter.js';

/** The columns of the CSV report, in order. */
export const CSV_COLUMNS = [
  'line',
  'source',
  'target',
  'expected_status',
  'outcome',
  'first_status',
  'final_status',
  'final_url',
  'hops',
  'redirects',
  'time_ms',
  'attempts',
  'error_code',
  'reasons',
  'warnings',
  'changes',
] as const;

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvField(value: string | number | undefined): string {
  const text = value === undefined ? '' : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The report's name for an extra input column: its own name, after the standard columns; one that is already a
 * standard column's name (an input column `outcome`) gets `extra_` in front, so that no two columns share a name.
 */
export function extraColumnName(name: string): string {
  return (CSV_COLUMNS as readonly string[]).includes(name.toLowerCase()) ? `extra_${name}` : name;
}

/**
 * A CSV report, one row a line, for spreadsheets. Lists of reasons are joined with "; ". The extra columns of a CSV
 * input follow the standard ones; since they are known only from the first row, the header is written with it (or at
 * the end, for a report with no rows).
 */
export class CsvFormatter implements CheckFormatter {
  /** The extra input columns, in input order; undefined until the header is written. */
  private extra: string[] | undefined;

  constructor(private readonly sink: Sink) {}

  async begin(): Promise<void> {}

  private header(first: RowResult | undefined): Promise<void> {
    this.extra = Object.keys(first?.extra ?? {});
    return this.sink.write(`${[...CSV_COLUMNS, ...this.extra.map(extraColumnName)].map(csvField).join(',')}\n`);
  }

  async row(result: RowResult): Promise<void> {
    if (this.extra === undefined) await this.header(result);
    const fields = [
      result.line,
      result.source,
      result.target,
      result.expectedStatus,
      result.outcome,
      result.firstStatus,
      result.finalStatus,
      result.finalUrl,
      result.hops,
      result.redirects,
      result.time,
      result.attempts,
      result.error?.code,
      result.reasons.join('; '),
      result.warnings.join('; '),
      result.changes?.map(describeChange).join('; '),
      ...(this.extra ?? []).map((name) => result.extra?.[name]),
    ];
    return this.sink.write(`${fields.map(csvField).join(',')}\n`);
  }

  async skipped(): Promise<void> {}

  async end(): Promise<void> {
    if (this.extra === undefined) await this.header(undefined);
  }
}
