import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { csvField } from '../../check/index.js';
import { FIX_FORMATS, type FileEdits, fixRuleFiles, fixWriter, flatten, splitEdits } from '../../fix/index.js';
import { type CheckFormat, effectiveFormat } from '../../formats/formatter.js';
import { findingPath } from '../../formats/index.js';
import {
  type CheckRow,
  encodeText,
  type FixEdit,
  type InputFlags,
  type InputPlan,
  openInput,
  parseRulesText,
  planInput,
  readWholeText,
  type TextEncoding,
  textEncodingOf,
} from '../../inputs/index.js';
import { buildRuleGraph } from '../../lint/index.js';
import { loadBaseline } from '../baseline-file.js';
import { isSameFile } from '../check/output-guard.js';
import { cliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { fileLine, fileName, placeLine } from '../file-line.js';
import type { CliIo } from '../io.js';
import { Sink } from '../output.js';
import { outputError } from '../output-error.js';
import { stdinDetected } from '../stdin-input.js';
import { fixCheck } from './fix-check.js';

/** Flags of `hoplens fix`, as commander hands them over. */
export interface FixFlags extends InputFlags {
  report?: string;
  output?: string;
  map?: string;
  write?: boolean;
  keepStatus?: boolean;
  /** `--check`: write nothing, report what would change, exit 1 if anything would. */
  check?: boolean;
  format?: CheckFormat;
}

/** Where the fixed rules go: the input itself with `--write`, `--output`, else stdout (undefined). */
async function destinationOf(plan: InputPlan, flags: FixFlags, cwd: string): Promise<string | undefined> {
  if (flags.write === true) {
    if (flags.output !== undefined) throw cliError('USAGE_ERROR', '--write and --output exclude each other');
    if (plan.inputPath === '-') throw cliError('USAGE_ERROR', '--write needs a file, not standard input');
    return plan.inputPath;
  }
  if (flags.output === undefined) return undefined;
  const output = resolve(cwd, flags.output);
  if (plan.inputPath !== '-' && (await isSameFile(output, plan.inputPath))) {
    throw cliError('USAGE_ERROR', `--output ${flags.output} is the input: fix overwrites its input only with --write`, {
      flag: '--output',
    });
  }
  return output;
}

/** `--check` writes nothing, so it takes no destination; `--format` is `--check`'s. */
function refuseCheckConflicts(flags: FixFlags): void {
  if (flags.check === true) {
    const other = ['write', 'output', 'map'].find((flag) => flags[flag as keyof FixFlags] !== undefined);
    if (other !== undefined) throw cliError('USAGE_ERROR', `--check writes nothing: it excludes --${other}`);
  } else if (flags.format !== undefined) {
    throw cliError('USAGE_ERROR', '--format applies to fix --check only', { flag: '--format' });
  }
}

/** The `--map` file: `source,target`, the header `hoplens check` reads, so the map itself can be checked. */
function mapText(rows: ReadonlyArray<{ source: string; target: string }>): string {
  return `source,target\n${rows.map((row) => `${csvField(row.source)},${csvField(row.target)}\n`).join('')}`;
}

async function writeTo(path: string, text: string, flag: string, encoding: TextEncoding = 'utf-8'): Promise<void> {
  try {
    await writeFile(path, encodeText(text, encoding));
  } catch (error) {
    throw outputError(flag, path, error);
  }
}

/**
 * The statuses the fixed file changed on the edited lines (a bare `return URL`, 302, made `return 301 URL`), each
 * said on its line, read back from the fixed text by the same reader; `--keep-status` asks the writer to keep them.
 */
async function statusChanges(
  plan: InputPlan,
  rows: readonly CheckRow[],
  fixed: string,
  edits: readonly FixEdit[],
  keepStatus: boolean,
): Promise<Array<{ line: number; text: string }>> {
  if (edits.length === 0) return [];
  const before = new Map(rows.map((row) => [row.line, row.status]));
  const after = new Map(
    (await parseRulesText(plan, fixed, { compile: false })).rows.map((row) => [row.line, row.status]),
  );
  return edits.flatMap(({ line }) => {
    const was = before.get(line);
    const now = after.get(line);
    if (was === now || was === undefined || now === undefined) return [];
    const why = keepStatus
      ? `${plan.inputFormat}'s writer does not keep it yet`
      : `a permanent move; --keep-status keeps ${was}`;
    return [{ line, text: `status ${was} → ${now} (${why})` }];
  });
}

/** The input's writer, or a usage error saying why this input cannot be fixed. */
function writerOf(plan: InputPlan): NonNullable<ReturnType<typeof fixWriter>> {
  const write = fixWriter(plan);
  if (write !== undefined) return write;
  const formats = FIX_FORMATS.join(', ');
  const why =
    plan.inputFormat === 'screaming-frog'
      ? 'a Screaming Frog report lists the chains a crawl found, not rules to rewrite: fix the rules that made them'
      : `fix does not write ${plan.inputFormat}`;
  throw cliError('USAGE_ERROR', `${why} (fix writes ${formats})`);
}

/** Where the map goes, refused when it is the input or the fixed rules' file. */
async function mapPathOf(plan: InputPlan, flags: FixFlags, cwd: string, outputPath: string | undefined) {
  const mapPath = flags.map === undefined ? undefined : resolve(cwd, flags.map);
  if (mapPath === undefined) return undefined;
  if (plan.inputPath !== '-' && (await isSameFile(mapPath, plan.inputPath))) {
    throw cliError('USAGE_ERROR', `--map ${flags.map} is the input: choose another file`, { flag: '--map' });
  }
  // One file for both would keep only the map, the fixed rules overwritten without a word.
  if (outputPath !== undefined && (mapPath === outputPath || (await isSameFile(mapPath, outputPath)))) {
    throw cliError('USAGE_ERROR', `--map ${flags.map} is also the fixed rules' file: choose another file`, {
      flag: '--map',
    });
  }
  return mapPath;
}

/**
 * Bulk redirect files (a vercel.json's `bulkRedirectsPath`) are rewritten in place: stdout and `--output` hold one
 * file's text, so a fix that reaches them needs `--write` (or `--check`, which writes nothing).
 */
function refuseNamedFilesWithoutWrite(files: readonly FileEdits[], flags: FixFlags): void {
  if (files.length === 0 || flags.write === true) return;
  const names = files.map((file) => file.span.name).join(', ');
  throw cliError(
    'USAGE_ERROR',
    `the fixes reach ${names}, which fix rewrites in place only: use --write, or --check to see them; nothing written`,
  );
}

/** The rules parsed once from the input's text; undefined (after telling each fault) when any is malformed. */
async function loadRules(plan: InputPlan, text: string, stderr: Sink) {
  const loaded = await parseRulesText(plan, text);
  for (const { line, message } of loaded.invalid)
    await stderr.write(`hoplens: ${placeLine(plan.inputName, loaded.places, line, message)}\n`);
  if (loaded.inputError !== undefined)
    await stderr.write(`hoplens: ${fileLine(plan.inputName, undefined, loaded.inputError.message)}\n`);
  if (loaded.inputError === undefined && loaded.invalid.length === 0) return loaded;
  await stderr.write(`hoplens: ${fileName(plan.inputName)}: malformed rules; nothing written\n`);
  return undefined;
}

/**
 * `hoplens fix <file>`: writes the rules flattened, each source straight to its final destination, in the input's own
 * format (src/fix/). Everything wrong with the command line or the input is found before anything is written.
 */
export async function fixCommand(file: string, typed: FixFlags, piped: CliIo): Promise<number> {
  const { io, input } = await stdinDetected(file, typed.input, piped);
  const flags = input === undefined ? typed : { ...typed, input };
  const cwd = io.cwd ?? process.cwd();
  const plan = await planInput(file, flags, { cwd, offline: true });
  const write = writerOf(plan);
  if (flags.report !== undefined && plan.siteOrigin !== undefined && plan.baseUrl === undefined) {
    throw cliError('USAGE_ERROR', '--report needs the --base-url the check ran with (the rules are paths)', {
      flag: '--base-url',
    });
  }
  refuseCheckConflicts(flags);
  const outputPath = await destinationOf(plan, flags, cwd);
  const mapPath = await mapPathOf(plan, flags, cwd, outputPath);
  const report = flags.report === undefined ? undefined : await loadBaseline(resolve(cwd, flags.report), '--report');
  const text = await readWholeText(await openInput(plan.inputPath, io.stdin));
  // The text is read once: parsed once for the rules here (and compiled by the format's matcher), rewritten below.
  const stderr = new Sink(io.stderr, { owned: false, isTTY: io.stderrIsTTY });
  const loaded = await loadRules(plan, text, stderr);
  if (loaded === undefined) return EXIT.USAGE;
  const graph = buildRuleGraph(loaded.rows, plan.siteOrigin, loaded.places);
  const { edits, map, left } = flatten(graph, report, loaded.compiled);
  if (flags.check === true) {
    const format = effectiveFormat(flags.format ?? 'table', true, io.env);
    return fixCheck({ inputName: plan.inputName, inputPath: plan.inputPath, loaded, graph, edits }, format, io);
  }
  const keepStatus = flags.keepStatus === true;
  const split = splitEdits(keepStatus ? edits.map((edit) => ({ ...edit, keepStatus })) : edits, loaded.places);
  refuseNamedFilesWithoutWrite(split.files, flags);
  const fixed = (await write(text, split.input)) ?? text;
  const files = await fixRuleFiles(split.files, plan.readOptions);
  const notes = [
    ...left.map(({ line, reason }) => ({ line, text: `left as written: ${reason}` })),
    ...(await statusChanges(plan, loaded.rows, fixed, split.input, keepStatus)),
  ].sort((a, b) => a.line - b.line);
  for (const note of notes)
    await stderr.write(`hoplens: ${placeLine(plan.inputName, loaded.places, note.line, note.text)}\n`);
  for (const { span, statusChanges: changes } of files) {
    for (const { line, was, now } of changes) {
      const text = `status ${was} → ${now} (a permanent move; --keep-status keeps ${was})`;
      await stderr.write(`hoplens: ${fileLine(findingPath(plan.inputName, span.name), line, text)}\n`);
    }
  }
  if (outputPath === undefined) await new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY }).write(fixed);
  else {
    // The fixed rules keep the input file's encoding (UTF-16 from a spreadsheet, a UTF-8 byte-order mark).
    const encoding = plan.inputPath === '-' ? 'utf-8' : await textEncodingOf(plan.inputPath);
    await writeTo(outputPath, fixed, flags.write === true ? '--write' : '--output', encoding);
  }
  for (const file of files) await writeTo(file.span.path, file.text, '--write', await textEncodingOf(file.span.path));
  if (mapPath !== undefined) await writeTo(mapPath, mapText(map), '--map');
  const rules = edits.length === 1 ? 'rule' : 'rules';
  await stderr.write(
    `hoplens: ${fileName(plan.inputName)}: ${edits.length} ${rules} pointed at the final destination\n`,
  );
  return EXIT.OK;
}
