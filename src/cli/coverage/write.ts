import { type CoverageReport, coverageCsv, coverageHtml, coverageJson, coverageNdjson } from '../../coverage/index.js';
import type { Colors } from '../colors.js';
import type { Sink } from '../output.js';
import { coverageTable } from './coverage-table.js';
import type { CoverageFormat } from './flags.js';

/** Writes the report in one format to a sink: the table with `top` rows and `colors`, the others whole. */
export async function writeCoverage(
  sink: Sink,
  format: CoverageFormat,
  report: CoverageReport,
  table: { top: number; colors: Colors },
): Promise<void> {
  switch (format) {
    case 'table':
      return sink.write(coverageTable(report, table.top, table.colors));
    case 'json':
      return sink.write(coverageJson(report));
    case 'html':
      return sink.write(coverageHtml(report));
    case 'ndjson':
      for (const line of coverageNdjson(report)) await sink.write(line);
      return;
    case 'csv':
      for (const line of coverageCsv(report)) await sink.write(line);
      return;
  }
}
