import type { CheckSummary, RowResult } from '../../check/index.js';
import type { CheckFormatter } from '../formatter.js';
import type { ReportWriter } from '../writer.js';
import { CiCheckCollector, type CiInput } from './ci-check-collector.js';
import { type CiDocumentFormat, type CiWriteOptions, renderCiDocument } from './ci-writers.js';

/**
 * `--format sarif`, `gitlab` and `markdown` for `check`: each is one document about the whole run (SARIF's rules,
 * a JSON array, the totals first), so the rows are gathered and the document written at the end.
 */
export class CiDocumentFormatter implements CheckFormatter {
  private readonly collector: CiCheckCollector;

  constructor(
    private readonly format: CiDocumentFormat,
    private readonly sink: ReportWriter,
    input: CiInput,
    private readonly options: CiWriteOptions,
  ) {
    this.collector = new CiCheckCollector(input);
  }

  async begin(): Promise<void> {}

  async row(result: RowResult): Promise<void> {
    this.collector.add(result);
  }

  async skipped(): Promise<void> {}

  async end(summary: CheckSummary): Promise<void> {
    await this.sink.write(renderCiDocument(this.format, this.collector.report(summary), this.options));
  }
}
