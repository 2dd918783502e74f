import { basename } from 'node:path';
import type { CheckSummary, RowResult } from '../../check/index.js';
import { ReportDataBuilder, reportHtml } from '../../report/index.js';
import type { CheckFormatter, SkippedRule } from '../formatter.js';
import type { ReportWriter } from '../writer.js';

/**
 * The HTML report (`--format html`): one self-contained file (src/report/). Unlike the streaming formats it keeps the
 * rows, compactly (every URL once), and writes the file when the run ends, Ctrl-C included.
 */
export class HtmlFormatter implements CheckFormatter {
  private readonly data: ReportDataBuilder;

  constructor(
    private readonly sink: ReportWriter,
    inputName: string,
  ) {
    // The file's name titles the report; each row names it with its line.
    this.data = new ReportDataBuilder(basename(inputName), basename(inputName));
  }

  async begin(): Promise<void> {}

  async row(result: RowResult): Promise<void> {
    this.data.add(result);
  }

  async skipped(rule: SkippedRule): Promise<void> {
    this.data.skip(rule);
  }

  end(summary: CheckSummary): Promise<void> {
    const extra = {
      elapsedMs: summary.elapsedMs,
      invalid: summary.invalid,
      ...(summary.collapse === undefined ? {} : { collapse: summary.collapse }),
    };
    return this.sink.write(reportHtml(this.data.data(extra)));
  }
}
