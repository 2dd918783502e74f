import type { RowResult } from '../result.js';
import { recordComplaint, rowResultShape } from '../stored-records.js';
import type { ReportTextLine } from './report-lines.js';
import { isSummaryRecord, type SummaryRecord } from './summary-record.js';

/** A line of an ndjson report parsed for `--resume`: a row, the closing record, or why it is neither (naming the line). */
export function storedRecordOf({ number, text }: ReportTextLine): {
  row?: RowResult;
  closing?: SummaryRecord;
  wrong?: string;
} {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    // Not the parser's words: they quote the line, which may be megabytes long.
    return { wrong: `line ${number} is not JSON` };
  }
  if (typeof record !== 'object' || record === null) return { wrong: `line ${number} is not a record` };
  if (isSummaryRecord(record)) return { closing: record };
  const complaint = recordComplaint(rowResultShape, record);
  if (complaint !== undefined) return { wrong: `line ${number} is neither a row nor the closing record: ${complaint}` };
  return { row: record as RowResult };
}
