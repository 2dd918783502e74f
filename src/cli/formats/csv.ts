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

/** A CSV report, one row a line, for spreadsheets. Lists of reasons are joined with "; ". */
export class CsvFormatter implements CheckFormatter {
  constructor(private readonly sink: Sink) {}

  begin(): Promise<void> {
    return this.sink.write(`${CSV_COLUMNS.join(',')}\n`);
  }

  row(result: RowResult): Promise<void> {
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
    ];
    return this.sink.write(`${fields.map(csvField).join(',')}\n`);
  }

  async skipped(): Promise<void> {}

  async end(): Promise<void> {}
}
