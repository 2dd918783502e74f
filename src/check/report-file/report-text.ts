import type { RowResult } from '../result.js';
import { isSummaryRecord, type SummaryRecord } from './summary-record.js';

/** A json or ndjson report read whole: its rows, in the file's order, and its closing record if it has one. */
export interface ReportContents {
  rows: RowResult[];
  summary?: SummaryRecord;
}

/** The records of a json array or of ndjson, a line at a time as the CLI writes both. */
function records(text: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as unknown[];
  return trimmed
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new Error(`line ${index + 1} is not JSON: not an ndjson report of hoplens check`);
      }
    });
}

/**
 * The rows and closing record of a json or ndjson report held as text (a file dropped on the page). Throws, in
 * words, at a record that is not a row: one without a line, an outcome or a chain.
 */
export function readReportText(text: string): ReportContents {
  const contents: ReportContents = { rows: [] };
  for (const record of records(text)) {
    if (isSummaryRecord(record)) {
      contents.summary = { ...contents.summary, ...record };
      continue;
    }
    const row = record as Partial<RowResult>;
    if (typeof row.line !== 'number' || typeof row.outcome !== 'string' || !Array.isArray(row.chain)) {
      throw new Error('a record has no line, outcome or chain: not a report of hoplens check');
    }
    contents.rows.push(row as RowResult);
  }
  return contents;
}

/**
 * A json report (`--format json`) of rows already written as text: `[`, one record a line, `]`. The CLI's json
 * format streams the same framing a row at a time.
 */
export function jsonReportText(records: readonly string[]): string {
  return records.length === 0 ? '[]\n' : `[\n${records.join(',\n')}\n]\n`;
}
