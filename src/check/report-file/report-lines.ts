import type { RowOutcome } from '../result.js';
import { isSummaryRecord, type SummaryRecord } from './summary-record.js';

/** A row's outcomes, as a report file writes them (an older report has no `inconclusive`, and still reads). */
const ROW_OUTCOMES: ReadonlySet<unknown> = new Set(['passed', 'failed', 'errored', 'inconclusive']);

/** A line of a report as a line reader gives it: its number (from 1) and its text, without the newline. */
export interface ReportTextLine {
  number: number;
  text: string;
}

/** The formats a report of `hoplens check` is read back in: json, ndjson, or JUnit XML. */
export type ReportFormat = 'json' | 'ndjson' | 'junit';

/** One row of a report: its input line and outcome, and its text exactly as the report wrote it. */
export interface ReportRecord {
  line: number;
  outcome: 'passed' | 'failed' | 'errored' | 'inconclusive' | 'skipped';
  text: string;
}

/**
 * Why a report cannot be read, in words a face shows as they are (the CLI as an `INPUT_ERROR`, the page as a
 * message): the reader knows what is wrong, the face how to say it is its input.
 */
export class ReportFileError extends Error {
  override name = 'ReportFileError';
}

/** A report's format, told by its first non-blank line's first character: `[` json, `{` ndjson, `<` junit XML. */
export async function reportFormatOf(lines: AsyncIterable<ReportTextLine>): Promise<ReportFormat | undefined> {
  for await (const { text } of lines) {
    const first = text.trim()[0];
    if (first === undefined) continue;
    if (first === '[') return 'json';
    if (first === '{') return 'ndjson';
    if (first === '<') return 'junit';
    return undefined;
  }
  return undefined;
}

/** A line of a json or ndjson report without a json array's framing: `[`, `]` and the comma after a record. */
export function unframed(text: string): string {
  return text.trim().replace(/^\[/, '').replace(/\]$/, '').replace(/,$/, '').trim();
}

/**
 * The rows of a json or ndjson report, one a line as `hoplens check` writes them. Its closing summary record, when
 * there is one, is not a row: it is handed to `summaries`. Throws {@link ReportFileError}, naming `where` and the
 * line, at a line that is not a row.
 */
export async function* jsonReportRecords(
  lines: AsyncIterable<ReportTextLine>,
  where: string,
  summaries: SummaryRecord[] = [],
): AsyncGenerator<ReportRecord> {
  for await (const { number, text } of lines) {
    const trimmed = unframed(text);
    if (trimmed === '') continue;
    let row: { line?: unknown; outcome?: unknown };
    try {
      row = JSON.parse(trimmed) as typeof row;
    } catch (error) {
      throw new ReportFileError(`${where}:${number}: not a row of a hoplens report: ${(error as Error).message}`);
    }
    if (isSummaryRecord(row)) {
      summaries.push(row);
      continue;
    }
    const { line, outcome } = row;
    if (typeof line !== 'number' || !ROW_OUTCOMES.has(outcome)) {
      throw new ReportFileError(`${where}:${number}: not a row of a hoplens check report (no line or outcome)`);
    }
    yield { line, outcome: outcome as RowOutcome, text: trimmed };
  }
}
