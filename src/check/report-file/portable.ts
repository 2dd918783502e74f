/**
 * The report file's portable part, the page's entry: what writes and reads a report with no Node module (the
 * closing record, the line and text readers, the JUnit reader over lines). src/check/report-file/index.ts adds what
 * reads report files by path and checks stored rows against their schema.
 */
export { type JunitTotals, junitReportRecords, junitReportTotals } from './junit-records.js';
export { mergeByLine } from './merge-by-line.js';
export { mergedCollapse } from './merged-collapse.js';
export {
  jsonReportRecords,
  ReportFileError,
  type ReportFormat,
  type ReportRecord,
  type ReportTextLine,
  reportFormatOf,
  unframed,
} from './report-lines.js';
export { jsonReportText, type ReportContents, readReportText } from './report-text.js';
export { isInterruptedRecord, isSummaryRecord, type SummaryRecord, summaryRecord } from './summary-record.js';
