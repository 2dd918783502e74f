import { csvField } from '../check/index.js';
import type { CoverageReport } from './coverage-report.js';
import { shownUrl } from './coverage-report.js';
import type { CoverageRow } from './coverage-row.js';

/** The text formats of a coverage report; the HTML report is ./html-report.ts, the terminal's table the CLI's. */
export const COVERAGE_TEXT_FORMATS = ['json', 'ndjson', 'csv'] as const;
export type CoverageTextFormat = (typeof COVERAGE_TEXT_FORMATS)[number];

/** A row as the machine formats write it: its URLs as shown, fields absent when they do not apply. */
function rowRecord(row: CoverageRow): Record<string, unknown> {
  return {
    ...row,
    url: shownUrl(row.url),
    ...(row.target === undefined ? {} : { target: shownUrl(row.target) }),
    ...(row.redirectedAgain === undefined ? {} : { redirectedAgain: shownUrl(row.redirectedAgain) }),
  };
}

/** The report without its rows: what json puts beside them and ndjson in its closing record. */
function header(report: CoverageReport): Omit<CoverageReport, 'rows'> {
  const { rows: _rows, ...rest } = report;
  const topUncovered = rest.summary.topUncovered.map((entry) => ({ ...entry, url: shownUrl(entry.url) }));
  return { ...rest, summary: { ...rest.summary, topUncovered } };
}

/**
 * The report as its machine formats give it, the rows last: at most `rows` of them (all by default), in rank order.
 * `--format json` writes it whole; the MCP `coverage` tool answers with its first rows.
 */
export function coverageDocument(report: CoverageReport, rows = report.rows.length): Record<string, unknown> {
  return { ...header(report), rows: report.rows.slice(0, rows).map(rowRecord) };
}

/** `--format json`: one document, the rows last. */
export function coverageJson(report: CoverageReport): string {
  return `${JSON.stringify(coverageDocument(report), null, 2)}\n`;
}

/** `--format ndjson`: a record per URL, in rank order, then `{"type":"summary",...}`. */
export function* coverageNdjson(report: CoverageReport): Generator<string> {
  for (const row of report.rows) yield `${JSON.stringify({ type: 'url', ...rowRecord(row) })}\n`;
  yield `${JSON.stringify({ type: 'summary', ...header(report) })}\n`;
}

/** The CSV's columns, in order; the live ones only with `--live`. */
const CSV_COLUMNS = ['rank', 'url', 'hits', 'bot_hits', 'covered', 'line', 'status', 'target', 'redirected_again'];
const LIVE_COLUMNS = ['live_outcome', 'live_final_status', 'live_final_url', 'live_redirects', 'one_hop_200'];

function csvLine(row: CoverageRow, live: boolean): string {
  const cells: Array<string | number | undefined> = [
    row.rank,
    shownUrl(row.url),
    row.hits,
    row.botHits,
    row.covered ? 'yes' : 'no',
    row.line,
    row.status,
    row.target === undefined ? undefined : shownUrl(row.target),
    row.redirectedAgain === undefined ? undefined : shownUrl(row.redirectedAgain),
  ];
  if (live) {
    const answer = row.live;
    cells.push(answer?.outcome, answer?.finalStatus, answer?.finalUrl, answer?.redirects);
    cells.push(answer === undefined ? undefined : answer.oneHop200 ? 'yes' : 'no');
  }
  return `${cells.map(csvField).join(',')}\n`;
}

/** `--format csv`: a header line, then a line per URL in rank order (the summary is for the other formats). */
export function* coverageCsv(report: CoverageReport): Generator<string> {
  yield `${[...CSV_COLUMNS, ...(report.live ? LIVE_COLUMNS : [])].join(',')}\n`;
  for (const row of report.rows) yield csvLine(row, report.live);
}
