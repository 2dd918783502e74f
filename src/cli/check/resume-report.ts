import { createReadStream } from 'node:fs';
import { open, truncate } from 'node:fs/promises';
import { type RowResult, resumeKey } from '../../check/index.js';
import { isInterruptedRecord, storedRecordOf } from '../../check/report-file/index.js';
import { MAX_LINE_LENGTH } from '../../inputs/index.js';
import { cliError } from '../errors.js';

/** One whole line of a report (ended by its newline), its number, and the byte offset just past it. */
interface ReportLine {
  number: number;
  text: string;
  end: number;
}

/**
 * The longest line a report may hold, in bytes: a row is written on one line, and the line readers take lines of up
 * to `MAX_LINE_LENGTH` characters, up to four bytes each in UTF-8. A longer line (a file edited by hand, or no
 * report at all) is refused when its bytes pass this, never gathered whole.
 */
export const MAX_REPORT_LINE_BYTES = 4 * MAX_LINE_LENGTH;

/**
 * The whole lines of a file, with their end offsets; a last line without its newline (a cut write) is not one. Throws
 * the line's number once a line is longer than {@link MAX_REPORT_LINE_BYTES}, holding no more than that of it.
 */
async function* wholeLines(path: string): AsyncGenerator<ReportLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let offset = 0;
  let number = 0;
  for await (const chunk of createReadStream(path)) {
    let buffer = chunk as Buffer;
    for (let newline = buffer.indexOf(0x0a); newline !== -1; newline = buffer.indexOf(0x0a)) {
      if (pendingBytes + newline > MAX_REPORT_LINE_BYTES) throw new LongLine(number + 1);
      const line = Buffer.concat([...pending, buffer.subarray(0, newline)]);
      offset += line.length + 1;
      number++;
      pending = [];
      pendingBytes = 0;
      buffer = buffer.subarray(newline + 1);
      yield { number, text: line.toString('utf8'), end: offset };
    }
    pendingBytes += buffer.length;
    if (pendingBytes > MAX_REPORT_LINE_BYTES) throw new LongLine(number + 1);
    if (buffer.length > 0) pending.push(buffer);
  }
}

/** A line past {@link MAX_REPORT_LINE_BYTES}. */
class LongLine extends Error {
  constructor(readonly number: number) {
    super(`line ${number} is longer than ${MAX_REPORT_LINE_BYTES} bytes`);
  }
}

/**
 * Reads the report `--resume` continues: each row is handed to `recount` (the whole run's summary counts it) and
 * its key kept, so that its input row is not checked again. The report is then cut after its last row: its closing
 * record (the interrupted run's) and a line cut by a killed run go, every row stays, and the run appends after them.
 * A missing report is a run from the start. Throws `INPUT_ERROR`, naming the line, for a file that is not an ndjson
 * report: a line that is not JSON or not of a row's shape (src/check/stored-records.ts), or longer than a row can be;
 * the file is then left as it was.
 */
export async function resumeReport(path: string, recount: (row: RowResult) => void): Promise<Set<string>> {
  const done = new Set<string>();
  let keep = 0;
  try {
    for await (const line of wholeLines(path)) {
      if (line.text.trim() === '') continue;
      const record = storedRecordOf(line);
      if (record.wrong !== undefined) throw notReport(path, record.wrong);
      if (record.row === undefined) continue;
      const key = resumeKey(record.row);
      if (done.has(key)) continue;
      done.add(key);
      recount(record.row);
      keep = line.end;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return done;
    if (error instanceof LongLine) throw notReport(path, error.message);
    throw error;
  }
  await truncate(path, keep);
  return done;
}

function notReport(path: string, why: string) {
  return cliError('INPUT_ERROR', `--resume ${path}: not an ndjson report of hoplens check (${why})`, {
    flag: '--resume',
  });
}

/** How much of a report's end is read to find its closing record: it holds counts and a few URLs, not rows. */
const TAIL_BYTES = 1 << 20;

/** Whether the file's last record is the closing record of an interrupted run (json or ndjson report). */
export async function isInterruptedReport(path: string): Promise<boolean> {
  let text: string;
  try {
    const file = await open(path, 'r');
    try {
      const { size } = await file.stat();
      const start = Math.max(0, size - TAIL_BYTES);
      const buffer = Buffer.alloc(size - start);
      await file.read(buffer, 0, buffer.length, start);
      text = buffer.toString('utf8');
    } finally {
      await file.close();
    }
  } catch {
    return false;
  }
  const lines = text.split('\n').map((line) =>
    line
      .trim()
      .replace(/^\[/, '')
      .replace(/[\],]+$/, ''),
  );
  const last = lines.filter((line) => line !== '').pop();
  return last !== undefined && isInterruptedRecord(last);
}

/**
 * Refuses to overwrite the `--output` report of an interrupted run (its closing record says so) unless `--force`
 * says to: rerunning the same command would otherwise destroy the rows it has; `--resume` continues it instead.
 */
export async function refuseInterruptedOverwrite(outputPath: string | undefined, force: boolean): Promise<void> {
  if (outputPath === undefined || force || !(await isInterruptedReport(outputPath))) return;
  throw cliError(
    'USAGE_ERROR',
    `--output ${outputPath} is the report of an interrupted run: continue it with --resume ${outputPath}, or overwrite it with --force`,
    { flag: '--output' },
  );
}
