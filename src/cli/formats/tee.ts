import type { CheckSummary, RowResult } from '../../check/index.js';
import type { CheckFormatter, SkippedRule } from '../../formats/formatter.js';

/**
 * Several formats from one run (`--format` on stdout and each `--report FORMAT=FILE`): every event goes to each in
 * turn, so that each keeps its own backpressure.
 */
export class TeeFormatter implements CheckFormatter {
  constructor(private readonly formatters: readonly CheckFormatter[]) {}

  async begin(): Promise<void> {
    for (const formatter of this.formatters) await formatter.begin();
  }

  async row(result: RowResult): Promise<void> {
    for (const formatter of this.formatters) await formatter.row(result);
  }

  async skipped(rule: SkippedRule): Promise<void> {
    for (const formatter of this.formatters) await formatter.skipped(rule);
  }

  async end(summary: CheckSummary): Promise<void> {
    for (const formatter of this.formatters) await formatter.end(summary);
  }
}
