/**
 * `hoplens monitor import FILE` and `hoplens monitor export`: the monitors of a running hoplens service, in from any
 * input of `hoplens check` and out as JSON. A face over the service's HTTP API (src/cli/monitor/service-client.ts):
 * it never loads the service or the monitors' code, only their schemas' types.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isInputsError, openInput, readInput } from '../../inputs/index.js';
import { importIdentity, monitorIdentity, rowMonitor } from '../../schemas/monitor-import.js';
import { isCliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { fileLine } from '../file-line.js';
import type { CliIo } from '../io.js';
import {
  type MonitorExportFlags,
  type MonitorImportFlags,
  planImport,
  serviceTarget,
} from '../monitor/monitor-plan.js';
import { MonitorServiceClient } from '../monitor/service-client.js';
import { outputError } from '../output-error.js';

/** How many refused rows are told one by one; beyond, only counted. */
const FAILURES_REPORTED = 50;

/** What an import came to. */
interface ImportCounts {
  created: number;
  unchanged: number;
  failed: number;
  invalid: number;
  skipped: number;
}

/**
 * Creates one monitor per row that the service does not have yet (same URL, target and status), one at a time, and
 * tells what it did: exit 0 when every row is there now, 1 when the service refused some, 2 for a usage or input
 * error (an unreadable file, a malformed row, no rows, an unreachable service or a refused token).
 */
export async function monitorImportCommand(file: string, flags: MonitorImportFlags, io: CliIo): Promise<number> {
  const plan = await planImport(file, flags, io.cwd ?? process.cwd(), io.env);
  const stream = await openInput(plan.inputPath, io.stdin);
  // The input's file is open from here: closed however the import ends, not left to the garbage collector.
  const closeInput = () => {
    if (stream !== io.stdin) stream.destroy();
  };
  const client = new MonitorServiceClient(plan.server, plan.token, io.signal);
  const listed = await client.list().catch((error: unknown) => {
    closeInput();
    throw error;
  });
  const known = new Set(listed.map(monitorIdentity));
  const counts: ImportCounts = { created: 0, unchanged: 0, failed: 0, invalid: 0, skipped: 0 };
  const tell = (text: string) => io.stderr.write(`hoplens: ${fileLine(plan.inputName, undefined, text)}\n`);
  let stopped: 'input' | 'interrupted' | undefined;
  try {
    for await (const item of readInput(plan.inputFormat, stream, plan.readOptions)) {
      if (io.signal?.aborted) {
        stopped = 'interrupted';
        break;
      }
      if (item.kind === 'skipped') counts.skipped++;
      if (item.kind === 'invalid') {
        counts.invalid++;
        tell(`line ${item.line}: ${item.message}`);
      }
      if (item.kind !== 'row') continue;
      const key = importIdentity(item.row.source, item.row.target, item.row.status);
      if (known.has(key)) {
        counts.unchanged++;
        continue;
      }
      const outcome = await client.create(rowMonitor(item.row, plan.interval, plan.labels));
      if (outcome.ok) {
        counts.created++;
        known.add(key);
      } else {
        counts.failed++;
        if (counts.failed <= FAILURES_REPORTED) tell(`line ${item.row.line}: ${item.row.source}: ${outcome.message}`);
      }
    }
  } catch (error) {
    const input = isInputsError(error);
    if (!input && !(isCliError(error) && error.code === 'ABORTED')) throw error;
    stopped = input ? 'input' : 'interrupted';
    if (input) tell((error as Error).message);
  } finally {
    closeInput();
  }
  io.stderr.write(`${summaryLine(counts, stopped === 'interrupted')}\n`);
  return importStatus(counts, stopped, tell);
}

function summaryLine(counts: ImportCounts, interrupted: boolean): string {
  const parts = [`${counts.created} created`, `${counts.unchanged} unchanged`, `${counts.failed} failed`];
  if (counts.invalid > 0) parts.push(`${counts.invalid} invalid`);
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped`);
  return `monitors: ${parts.join(', ')}${interrupted ? ' (interrupted)' : ''}`;
}

function importStatus(counts: ImportCounts, stopped: 'input' | 'interrupted' | undefined, tell: (t: string) => void) {
  if (stopped === 'interrupted') return EXIT.INTERRUPTED;
  if (stopped === 'input' || counts.invalid > 0) return EXIT.USAGE;
  const rows = counts.created + counts.unchanged + counts.failed;
  if (rows === 0) {
    if (counts.skipped > 0) return EXIT.OK;
    tell('no rows to import');
    return EXIT.USAGE;
  }
  return counts.failed > 0 ? EXIT.FAILED : EXIT.OK;
}

/** Writes every monitor as `GET /api/monitors` answers (`{ "monitors": [...] }`) to stdout or `--output`. */
export async function monitorExportCommand(flags: MonitorExportFlags, io: CliIo): Promise<number> {
  const target = serviceTarget(flags, io.env);
  const monitors = await new MonitorServiceClient(target.server, target.token, io.signal).list();
  const text = `${JSON.stringify({ monitors }, null, 2)}\n`;
  if (flags.output === undefined) {
    io.stdout.write(text);
  } else {
    const path = resolve(io.cwd ?? process.cwd(), flags.output);
    try {
      await writeFile(path, text);
    } catch (error) {
      throw outputError('--output', path, error);
    }
  }
  io.stderr.write(`hoplens: exported ${monitors.length} monitor${monitors.length === 1 ? '' : 's'}\n`);
  return EXIT.OK;
}
