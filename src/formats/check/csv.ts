import {
  CSV_COLUMNS,
  csvField,
  csvHeaderLine,
  csvRowLine,
  extraColumnName,
  type RowResult,
} from '../../check/index.js';
import type { CheckFormatter } from '../formatter.js';
import type { ReportWriter } from '../writer.js';

// The columns and fields live with the judging (src/check/csv-report.ts), which the page's download writes too.
export { CSV_COLUMNS, csvField, extraColumnName };

/**
 * A CSV report, one row a line, for spreadsheets. Lists of reasons are joined with "; ". The extra columns of a CSV
 * input follow the standard ones; since they are known only from the first row, the header is written with it (or at
 * the end, for a report with no rows).
 */
export class CsvFormatter implements CheckFormatter {
  /** The extra input columns, in input order; undefined until the header is written. */
  private extra: string[] | undefined;

  constructor(private readonly sink: ReportWriter) {}

  async begin(): Promise<void> {}

  private header(first: RowResult | undefined): Promise<void> {
    this.extra = Object.keys(first?.extra ?? {});
    return this.sink.write(`${csvHeaderLine(this.extra)}\n`);
  }

  async row(result: RowResult): Promise<void> {
    if (this.extra === undefined) await this.header(result);
    return this.sink.write(`${csvRowLine(result, this.extra ?? [])}\n`);
  }

  async skipped(): Promise<void> {}

  async end(): Promise<void> {
    if (this.extra === undefined) await this.header(undefined);
  }
}
