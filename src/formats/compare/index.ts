/**
 * `hoplens compare`'s formats: the comparison as a table, JSON, CSV or a static HTML page, written as one text (a
 * comparison is made whole before it is written: its changes are ranked).
 */
import type { Comparison } from '../../compare/index.js';
import type { ReportWriter } from '../writer.js';
import { comparisonCsv } from './compare-csv.js';
import type { CompareFormat } from './compare-formats.js';
import { comparisonHtml } from './compare-html.js';
import { comparisonTable } from './compare-table.js';

export { COMPARE_CSV_COLUMNS } from './compare-csv.js';
export { COMPARE_FORMATS, type CompareFormat } from './compare-formats.js';
export { summaryLine } from './compare-table.js';

const WRITERS: Readonly<Record<CompareFormat, (comparison: Comparison) => string>> = {
  table: comparisonTable,
  json: (comparison) => `${JSON.stringify(comparison, null, 2)}\n`,
  csv: comparisonCsv,
  html: comparisonHtml,
};

export function writeComparison(comparison: Comparison, format: CompareFormat, writer: ReportWriter): Promise<void> {
  return writer.write(WRITERS[format](comparison));
}
