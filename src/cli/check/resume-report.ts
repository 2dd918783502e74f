import { createReadStream } from 'node:fs';
import { open, truncate } from 'node:fs/promises';
import { type RowResult, resumeKey } from '../../check/index.js';
import { cliError } from '../errors.js';

/** One whole line of a report (ended by its newline), and the byte offset just past it. */
interface ReportLine {
  text: string;
  end: number;
}

/** The whole lines of a file, with their end offsets; a last line without its newline (a cut write) is not one. */
async function* wholeLines(path: string): AsyncGenerator<ReportLine> {
  let pending: Buffer[] = [];
  let offset = 0;
  for await (const chunk of createReadStream(path)) {
    let buffer = chunk as Buffer;
    for (let newline = buffer.indexOf(0x0a); newline !== -1; newline = buffer.indexOf(0x0a)) {
      const line = Buffer.concat([...pending, buffer.subarray(0, newline)]);
      offset += line.length + 1;
      const text = line.toString('utf8');
      pending = [];
      buffer = buffer.subarray(newline + 1);
      yield { text, end: offset };
    }
    if (buffer.length > 0) pending.push(buffer);
  }
}

/** A parsed line of a report: a row, the closing record, or neither. */
function recordOf(text: string): { row?: RowResult; closing?: { interrupted?: unknown } } | undefined {
  const record = JSON.parse(text) as Record<string, unknown>;
  if (record.kind === 'summary') return { closing: record };
  if (typeof record.line === 'number' && typeof record.source === 'string' && typeof record.outcome === 'string') {
    return { row: record as unknown as RowResult };
  }
  return undefined;
}

/**
 * Reads the report `--resume` continues: each row is handed to `recount` (the whole run's summary counts it) and
 * its key kept, so that its input row is not checked again. The report is then cut after its last row: its closing
 * record (the interrupted run's) and a line cut by a killed run go, every row stays, and the run appends after them.
 * A missing report is a run from the start. Throws `INPUT_ERROR` for a file that is not an ndjson report.
 */
export async function resumeReport(path: string, recount: (row: RowResult) => void): Promise<Set<string>> {
  const done = new Set<string>();
  let keep = 0;
  try {
    for await (const { text, end } of wholeLines(path)) {
      if (text.trim() === '') continue;
      let record: ReturnType<typeof recordOf>;
      try {
        record = recordOf(text);
      } catch (error) {
        throw notReport(path, (error as Error).message);
      }
      if (record === undefined) throw notReport(path, 'a line is neither a row nor the closing record');
      if (record.row === undefined) continue;
      const key = resumeKey(record.row);
      if (done.has(key)) continue;
      done.add(key);
      recount(record.row);
      keep = end;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return done;
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
  try {
    const record = last === undefined ? undefined : (JSON.parse(last) as { kind?: unknown; interrupted?: unknown });
    return record?.kind === 'summary' && record.interrupted === true;
  } catch {
    return false;
  }
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
