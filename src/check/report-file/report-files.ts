import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { readLines } from '../../inputs/index.js';
import { type JunitTotals, junitReportRecords, junitReportTotals } from './junit-records.js';
import {
  jsonReportRecords,
  ReportFileError,
  type ReportFormat,
  type ReportRecord,
  reportFormatOf,
} from './report-lines.js';
import type { SummaryRecord } from './summary-record.js';

/** A report file's lines. */
const linesOf = (path: string) => readLines(createReadStream(path));

/** A report file's format; throws {@link ReportFileError} when it is no report of `hoplens check`. */
export async function reportFormat(path: string): Promise<ReportFormat> {
  const format = await reportFormatOf(linesOf(path));
  if (format === undefined) throw new ReportFileError(`${path}: not a json, ndjson or junit report of hoplens check`);
  return format;
}

/** Checks every file before anything is read: each must exist and be a report of the first one's format. */
export async function reportFormatOfFiles(paths: readonly string[]): Promise<ReportFormat> {
  let format: ReportFormat | undefined;
  for (const path of paths) {
    try {
      await stat(path);
    } catch {
      throw new ReportFileError(`cannot read ${path}: no such file`);
    }
    const found = await reportFormat(path);
    if (format !== undefined && found !== format) {
      throw new ReportFileError(`${path} is a ${found} report, the first is ${format}: merge reports of one format`);
    }
    format = found;
  }
  return format!;
}

/** The rows of the json or ndjson report at `path`; its closing record goes to `summaries`. */
export function jsonRecords(path: string, summaries: SummaryRecord[] = []): AsyncGenerator<ReportRecord> {
  return jsonReportRecords(linesOf(path), path, summaries);
}

/** The totals of the JUnit report at `path`. */
export function junitTotals(path: string): Promise<JunitTotals> {
  return junitReportTotals(linesOf(path), path);
}

/** The test cases of the JUnit report at `path`. */
export function junitRecords(path: string): AsyncGenerator<ReportRecord> {
  return junitReportRecords(linesOf(path));
}
