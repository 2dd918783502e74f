import { fileErrorReason } from '../inputs/light.js';
import { type CliError, cliError } from './errors.js';

/** What each system error means for a file being written, where it differs from reading (src/inputs/file-error.ts). */
const WRITE_REASONS: Readonly<Record<string, string>> = Object.freeze({
  ENOENT: 'the directory does not exist',
  EISDIR: 'it is a directory',
  EIO: 'the device cannot be written (input/output error)',
});

/** The reason a write failed, in plain words; the system's own text (without its code) for a rare error. */
export function writeFailureReason(error: unknown): string {
  return fileErrorReason(error, WRITE_REASONS);
}

/**
 * An `OUTPUT_ERROR` naming the flag, the file and the reason: `--output /no/such/dir/r.json: the directory does not
 * exist`. The same for a file that cannot be opened and for one that fails later (a full disk).
 */
export function outputError(flag: string, path: string, error: unknown): CliError {
  return cliError('OUTPUT_ERROR', `${flag} ${path}: ${writeFailureReason(error)}`, { flag }, { cause: error });
}
