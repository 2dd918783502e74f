/**
 * What a system error means for a file, in plain words, whichever way the file is used. Reading and writing each
 * override the few codes whose words differ (`ENOENT` is "no such file" to a reader, "the directory does not exist"
 * to a writer); the CLI's output errors use this too, so that both speak alike.
 */
const REASONS: Readonly<Record<string, string>> = Object.freeze({
  ENOTDIR: 'a part of the path is not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is exceeded',
  EFBIG: 'the file is too large',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
});

/** The reason a file operation failed: `overrides`' words, else the shared ones, else the system's own text. */
export function fileErrorReason(error: unknown, overrides: Readonly<Record<string, string>>): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined) {
    const reason = overrides[code] ?? REASONS[code];
    if (reason !== undefined) return reason;
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^[A-Z]+: /, '').replace(/, (?:open|write|close) '.*'$/, '');
}
