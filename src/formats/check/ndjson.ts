import type { CheckSummary, RowResult } from '../../check/index.js';
import { summaryRecord } from '../../check/report-file/index.js';
import type { CheckFormatter } from '../formatter.js';
import type { ReportWriter } from '../writer.js';

/** Newline-delimited JSON: one row result a line, for `jq -c`, log pipelines and `--baseline`. */
export class NdjsonFormatter implements CheckFormatter {
  constructor(private readonly sink: ReportWriter) {}

  async begin(): Promise<void> {}

  row(result: RowResult): Promise<void> {
    return this.sink.write(`${JSON.stringify(result)}\n`);
  }

  async skipped(): Promise<void> {}

  async end(summary?: CheckSummary): Promise<void> {
    const trailer = summary === undefined ? undefined : summaryRecord(summary);
    if (trailer !== undefined) await this.sink.write(`${trailer}\n`);
  }
}
