import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseCaBundle } from '../core/index.js';
import { type CliError, cliError } from './errors.js';

/** Larger than any real bundle (Node's own roots are about 200 KiB): a path to something else, not read whole. */
const MAX_BUNDLE_BYTES = 4 * 1024 * 1024;

function unreadable(path: string, error: unknown): CliError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
  return cliError('INPUT_ERROR', `--ca: cannot read ${path}: ${reason}`, { flag: '--ca' }, { cause: error });
}

async function readBundle(path: string, cwd: string): Promise<string[]> {
  const full = resolve(cwd, path);
  let text: string;
  try {
    const info = await stat(full);
    if (info.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    if (info.size > MAX_BUNDLE_BYTES) {
      throw cliError('INPUT_ERROR', `--ca: ${path} is too large to be a PEM bundle (over 4 MiB)`, { flag: '--ca' });
    }
    text = await readFile(full, 'utf8');
  } catch (error) {
    if (error instanceof Error && error.name === 'HoplensError') throw error;
    throw unreadable(path, error);
  }
  try {
    return parseCaBundle(text);
  } catch (error) {
    throw cliError('INPUT_ERROR', `--ca: ${path}: ${(error as Error).message}`, { flag: '--ca' });
  }
}

/**
 * The certificates of every `--ca` file, in order, read and checked before any request; undefined when none was
 * given. Throws `INPUT_ERROR` (exit 2) naming the file and what is wrong with it.
 */
export async function readCaFiles(paths: readonly string[] | undefined, cwd: string): Promise<string[] | undefined> {
  if (paths === undefined || paths.length === 0) return undefined;
  const bundles = await Promise.all(paths.map((path) => readBundle(path, cwd)));
  return bundles.flat();
}
