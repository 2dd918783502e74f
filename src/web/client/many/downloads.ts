/**
 * The many-URLs run's files, written in the browser as `hoplens check` writes them: the CSV report (the check room's
 * columns and fields, src/check/csv-report.ts), the json report (the rows in input order, then the closing summary
 * record of src/check/report-file/, which `hoplens report html` and the page read back), and the HTML report (the CLI's
 * document, src/report/html-document.ts, around the report view this service serves beside the page).
 */
import { type CheckSummary, csvHeaderLine, csvRowLine, type RowResult } from '../../../check/judging.js';
import { jsonReportText, summaryRecord } from '../../../check/report-file/portable.js';
import { type ReportData, reportDocument } from '../../../report/view/page.js';

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

/** The HTML report file of `data`: the view's script and styles fetched from this service, then inlined. */
export async function htmlReport(data: ReportData): Promise<string> {
  const [script, styles] = await Promise.all(
    ['/report-view.js', '/report-view.css'].map(async (path) => {
      const response = await fetch(path);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return response.text();
    }),
  );
  return reportDocument(data, { script: script!, styles: styles! });
}

/** Offers `text` as a file called `name`. */
export function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
