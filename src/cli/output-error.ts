import { type CliError, cliError } from './errors.js';

/** What each system error means for a file being written, in plain words. */
const REASONS: Readonly<Record<string, string>> = Object.freeze({
  ENOENT: 'the directory does not exist',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is exceeded',
  EFBIG: 'the file is too large',
  EIO: 'the device cannot be written (input/output error)',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
});

/** The reason a write failed, in plain words; the system's own text (without its code) for a rare error. */
export function writeFailureReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined && REASONS[code] !== undefined) return REASONS[code];
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^[A-Z]+: /, '').replace(/, (?:open|write|close) '.*'$/, '');
}

/**
 * An `OUTPUT_ERROR` naming the flag, the file and the reason: `--output /no/such/dir/r.json: the directory does not
 * exist`. The same for a file that cannot be opened and for one that fails later (a full disk).
 */
export function outputError(flag: string, path: string, error: unknown): CliError {
  return cliError('OUTPUT_ERROR', `${flag} ${path}: ${writeFailureReason(error)}`, { flag }, { cause: error });
}
