import { readFile, writeFile } from 'node:fs/promises';
import type { FileFix } from '../../crawl/index.js';
import { outputError } from '../output-error.js';

/**
 * Writes each fixed file in place, as `hoplens fix --write` does, after reading it again: a file that changed since
 * it was read (an editor saved it meanwhile) is left alone and named, rather than overwritten with a stale rewrite.
 */
export async function writeFixes(fixes: readonly FileFix[]): Promise<{ written: FileFix[]; changed: string[] }> {
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
      throw outputError('--write', fix.file.absolute, error);
    }
    written.push(fix);
  }
  return { written, changed };
}
