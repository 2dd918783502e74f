import { fileErrorReason } from './file-error.js';

/** What each system error means for a file being read, in plain words, where it differs from writing. */
const READ_REASONS: Readonly<Record<string, string>> = Object.freeze({
  ENOENT: 'no such file',
  EISDIR: 'is a directory',
  EIO: 'the device cannot be read (input/output error)',
});

/** The reason a file cannot be read: `permission denied`, `no such file`... (the rest as for writing). */
export function readFailureReason(error: unknown): string {
  return fileErrorReason(error, READ_REASONS);
}
