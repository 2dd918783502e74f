import type { CheckSummary, RowResult } from '../../check/index.js';
import { summaryRecord } from '../../check/report-file/index.js';
import type { CheckFormatter } from '../formatter.js';
import type { ReportWriter } from '../writer.js';

/**
 * A JSON array of row results, streamed: `[` first, then one row a line, then `]`. Any JSON parser reads it, and
 * `--baseline` reads it back a line at a time.
 */
export class JsonFormatter implements CheckFormatter {
  private first = true;

  constructor(private readonly sink: ReportWriter) {}

  begin(): Promise<void> {
    return this.sink.write('[');
  }

  row(result: RowResult): Promise<void> {
    const separator = this.first ? '\n' : ',\n';
    this.first = false;
    return this.sink.write(separator + JSON.stringify(result));
  }

  async skipped(): Promise<void> {}

  end(summary?: CheckSummary): Promise<void> {
    const trailer = summary === undefined ? undefined : summaryRecord(summary);
    if (trailer !== undefined) return this.sink.write(`${this.first ? '\n' : ',\n'}${trailer}\n]\n`);
    return this.sink.write(this.first ? ']\n' : '\n]\n');
  }
}
