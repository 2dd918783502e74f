/**
 * The many-URLs run's report texts, written as `hoplens check` writes them: the CSV report (the check room's columns
 * and fields, src/check/csv-report.ts) and the json report (the rows in input order, then the closing summary record
 * of src/check/report-file/, which `hoplens report html` and the page read back). No DOM: a test writes them in Node
 * beside the CLI's (test/web/report-download-equality.test.ts).
 */
import { type CheckSummary, csvHeaderLine, csvRowLine, type RowResult } from '../../../check/judging.js';
import { jsonReportText, summaryRecord } from '../../../check/report-file/portable.js';

function inInputOrder(rows: readonly RowResult[]): RowResult[] {
  return rows.slice().sort((a, b) => a.line - b.line);
}

/** The CSV report: the header with the first row's extra columns, then a line per row. */
export function csvReport(rows: readonly RowResult[]): string {
  const ordered = inInputOrder(rows);
  const extra = Object.keys(ordered[0]?.extra ?? {});
  return [csvHeaderLine(extra), ...ordered.map((row) => csvRowLine(row, extra))].map((line) => `${line}\n`).join('');
}

/**
 * The json report, as `--format json` writes it: an array of rows, then the closing summary record the CLI writes
 * for the same summary (an interruption, a collapse and its counts, the run's figures when asked for).
 */
export function jsonReport(rows: readonly RowResult[], summary: CheckSummary): string {
  const records = inInputOrder(rows).map((row) => JSON.stringify(row));
  const trailer = summaryRecord(summary);
  return jsonReportText(trailer === undefined ? records : [...records, trailer]);
}
