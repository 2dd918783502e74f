import { readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { compilePolicyJson, type FindingsPolicy, isHoplensError } from '../core/index.js';
import { type CliError, cliError } from './errors.js';

/** The policy file's name, looked for in the working directory and then in each parent. */
export const POLICY_FILE_NAME = 'hoplens.config.json';

/** A policy read from a file, and the file as messages name it. */
export interface LoadedPolicy {
  policy: FindingsPolicy;
  name: string;
}

/** The nearest `hoplens.config.json` from `cwd` up to the root, or undefined. */
async function findPolicyFile(cwd: string): Promise<string | undefined> {
  let dir = resolve(cwd);
  for (;;) {
    const candidate = join(dir, POLICY_FILE_NAME);
    try {
      await stat(candidate);
      return candidate;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // One that is there but cannot be looked at is reported by the read, not skipped: it was meant to apply.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function unreadable(name: string, error: unknown): CliError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
  return cliError('INPUT_ERROR', `${name}: cannot read: ${reason}`, { flag: '--config' }, { cause: error });
}

/**
 * The policy of a command: the `--config` file, else the nearest `hoplens.config.json` (none with `--no-config`).
 * Read and validated before any request; throws `INPUT_ERROR` (exit 2) naming the file, the key and the rule:
 * `hoplens.config.json: severity.temporary_redirect: must be one of error, warning, info, off`.
 */
export async function readPolicyFile(flag: string | false | undefined, cwd: string): Promise<LoadedPolicy | undefined> {
  if (flag === false) return undefined;
  const path = flag === undefined ? await findPolicyFile(cwd) : resolve(cwd, flag);
  if (path === undefined) return undefined;
  const name = flag ?? (relative(cwd, path) || POLICY_FILE_NAME);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw unreadable(name, error);
  }
  try {
    return { policy: await compilePolicyJson(text), name };
  } catch (error) {
    if (!isHoplensError(error) || error.code !== 'INVALID_OPTION') throw error;
    throw cliError('INPUT_ERROR', `${name}: ${error.details.requirement}`, { flag: '--config' });
  }
}
