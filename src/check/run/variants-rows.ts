import { type AnalyzeOptions, HoplensError } from '../../core/index.js';
import type { InputItem } from '../../inputs/index.js';
import type { AnalyzeFn, VariantsReport } from '../../variants/index.js';

/** One input row's variants report. */
export interface RowVariants {
  readonly line: number;
  readonly source: string;
  readonly report: VariantsReport;
}

/** The figures of a variants run over a file's rows. */
export interface CheckVariantsSummary {
  readonly rows: number;
  /** Rows with at least one finding. */
  readonly rowsWithFindings: number;
  /** Rows with an error-severity finding (they fail the run). */
  readonly rowsFailed: number;
  readonly invalid: number;
}

/** Where a variants run's rows go: the face writes each row's report, and tells the lines that are not rows. */
export interface VariantsRowsWriter {
  invalid(line: number, message: string): void;
  row(entry: RowVariants, index: number): Promise<void>;
}

/**
 * Analyses the variants of each row's source URL in input order (`hoplens check FILE --variants`), handing each
 * row's report to `writer` when it is done, until the input ends or `options.signal` stops the run; a source that
 * is not a URL is left out. The run's figures.
 */
export async function runVariantsRows(
  items: AsyncIterable<InputItem>,
  analyze: AnalyzeFn,
  options: AnalyzeOptions,
  writer: VariantsRowsWriter,
): Promise<CheckVariantsSummary> {
  // The variants room is loaded by a variants run only, not by every check.
  const { analyzeVariants } = await import('../../variants/index.js');
  const counts = { rows: 0, rowsWithFindings: 0, rowsFailed: 0, invalid: 0 };
  for await (const item of items) {
    if (item.kind === 'invalid') {
      counts.invalid++;
      writer.invalid(item.line, item.message);
      continue;
    }
    if (item.kind !== 'row') continue;
    if (options.signal?.aborted === true) break;
    const report = await analyzeVariants(item.row.source, analyze, options).catch((error: unknown) => {
      if (error instanceof HoplensError && error.code === 'INVALID_URL') return undefined;
      throw error;
    });
    if (report === undefined) continue;
    await writer.row({ line: item.row.line, source: item.row.source, report }, counts.rows);
    counts.rows++;
    if (report.findings.length > 0) counts.rowsWithFindings++;
    if (report.findings.some((entry) => entry.severity === 'error')) counts.rowsFailed++;
  }
  return counts;
}
