import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { InputFormat } from '../../inputs/index.js';
import { type ReadPages, readPages, type SuggestFormat, suggestionsFile, suggestTargets } from '../../suggest/index.js';
import { cliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { fileLine } from '../file-line.js';
import type { CliIo } from '../io.js';
import { Sink } from '../output.js';
import { outputError } from '../output-error.js';

/** Flags of `hoplens suggest`, as commander hands them over. */
export interface SuggestFlags {
  to: string;
  input?: InputFormat;
  toInput?: InputFormat;
  format: SuggestFormat;
  output?: string;
  threshold?: string;
}

/** `--threshold` read: a number from 0 to 1. */
function thresholdOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw cliError('USAGE_ERROR', `--threshold must be a number from 0 to 1, got ${JSON.stringify(text)}`, {
      flag: '--threshold',
    });
  }
  return value;
}

/** Tells every line that could not be read; whether there was none. */
async function told(name: string, read: ReadPages, stderr: Sink): Promise<boolean> {
  for (const { line, message } of read.invalid) await stderr.write(`hoplens: ${fileLine(name, line, message)}\n`);
  return read.invalid.length === 0;
}

/**
 * `hoplens suggest <old> --to <new>`: a proposed new URL for each old one (src/suggest/), written as CSV or as a
 * rules file for review. Both inputs are read, and any fault in them told, before anything is written.
 */
export async function suggestCommand(file: string, flags: SuggestFlags, io: CliIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const threshold = thresholdOf(flags.threshold);
  if (file === '-' && flags.to === '-') throw cliError('USAGE_ERROR', 'only one input may be standard input');
  const stderr = new Sink(io.stderr, { owned: false, isTTY: io.stderrIsTTY });
  const old = await readPages({
    location: file,
    cwd,
    stdin: io.stdin,
    ...(flags.input ? { format: flags.input } : {}),
  });
  const next = await readPages({
    location: flags.to,
    cwd,
    stdin: io.stdin,
    ...(flags.toInput ? { format: flags.toInput } : {}),
  });
  const clean = (await told(file === '-' ? 'stdin' : file, old, stderr)) && (await told(flags.to, next, stderr));
  if (!clean) {
    await stderr.write('hoplens: malformed lines; nothing written\n');
    return EXIT.USAGE;
  }
  const suggestions = suggestTargets(old.pages, next.pages, threshold === undefined ? {} : { threshold });
  const text = await suggestionsFile(flags.format, suggestions);
  if (flags.output === undefined) await new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY }).write(text);
  else {
    const path = resolve(cwd, flags.output);
    await writeFile(path, text).catch((error: unknown) => {
      throw outputError('--output', path, error);
    });
  }
  const pages = old.pages.length === 1 ? 'URL' : 'URLs';
  await stderr.write(`hoplens: ${suggestions.length} of ${old.pages.length} old ${pages} given a proposed target\n`);
  return EXIT.OK;
}
