import { readFile, writeFile } from 'node:fs/promises';
import type { FileFix } from './plan-fixes.js';

/**
 * Writes each fixed file in place, as `hoplens fix --write` does, after reading it again: a file that changed since
 * it was read (an editor saved it meanwhile) is left alone and named, rather than overwritten with a stale rewrite.
 * A failure to write is the caller's to word (`writeError`: the CLI names the flag and the file).
 */
export async function writeFixes(
  fixes: readonly FileFix[],
  writeError: (path: string, error: unknown) => Error,
): Promise<{ written: FileFix[]; changed: string[] }> {
  const written: FileFix[] = [];
  const changed: string[] = [];
  for (const fix of fixes) {
    const now = await readFile(fix.file.absolute);
    if (!now.equals(Buffer.from(fix.file.text, 'utf8'))) {
      changed.push(fix.file.path);
      continue;
    }
    try {
      await writeFile(fix.file.absolute, fix.fixed);
    } catch (error) {
      throw writeError(fix.file.absolute, error);
    }
    written.push(fix);
  }
  return { written, changed };
}
