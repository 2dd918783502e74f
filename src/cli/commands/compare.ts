/**
 * `hoplens compare <before> <after>`: two crawl state directories (`hoplens crawl --state`) compared
 * (src/compare/), the changes written in one format. Exit 0 when it ran; 1 when `--fail-on` names a kind of change it
 * found; 2 for a usage error or a directory that is no crawl state of this version.
 */
import { resolve } from 'node:path';
import { CHANGE_KINDS, type ChangeKind, compareCrawls } from '../../compare/index.js';
import { COMPARE_FORMATS, type CompareFormat, summaryLine, writeComparison } from '../../formats/compare/index.js';
import { invalidFlag } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { openFileSink, Sink } from '../output.js';

export interface CompareFlags {
  format?: string;
  output?: string;
  failOn?: string;
}

/** `--fail-on page_lost,noindex_added` (or `any`) as the kinds that fail the run. */
export function parseFailOn(value: string | undefined): ReadonlySet<ChangeKind> {
  const kinds = new Set<ChangeKind>();
  for (const word of (value ?? '').split(',').map((part) => part.trim())) {
    if (word === '') continue;
    if (word === 'any') for (const kind of CHANGE_KINDS) kinds.add(kind);
    else if ((CHANGE_KINDS as readonly string[]).includes(word)) kinds.add(word as ChangeKind);
    else throw invalidFlag('--fail-on', `must name kinds of change among any, ${CHANGE_KINDS.join(', ')}`, word);
  }
  return kinds;
}

export async function compareCommand(before: string, after: string, flags: CompareFlags, io: CliIo): Promise<number> {
  const format = (flags.format ?? 'table') as CompareFormat;
  if (!COMPARE_FORMATS.includes(format)) throw invalidFlag('--format', `must be one of ${COMPARE_FORMATS.join(', ')}`);
  const failOn = parseFailOn(flags.failOn);
  const cwd = io.cwd ?? process.cwd();
  let comparison: Awaited<ReturnType<typeof compareCrawls>>;
  try {
    comparison = await compareCrawls(resolve(cwd, before), resolve(cwd, after), { signal: io.signal });
  } catch (error) {
    if (io.signal?.aborted === true) return EXIT.INTERRUPTED;
    throw error;
  }
  const sink =
    flags.output === undefined
      ? new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY })
      : await openFileSink(resolve(cwd, flags.output), '--output');
  try {
    await writeComparison(comparison, format, sink);
  } finally {
    await sink.close();
  }
  if (format !== 'table' || flags.output !== undefined) io.stderr.write(`hoplens: ${summaryLine(comparison)}\n`);
  return comparison.changes.some((change) => failOn.has(change.kind)) ? EXIT.FAILED : EXIT.OK;
}
