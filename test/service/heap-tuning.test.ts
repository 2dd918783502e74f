/**
 * The serving process's heap tuning: V8 lets the old generation grow to 1.5× what survived its last full collection,
 * not up to 4× (V8's own choice when collection is fast), so promoted garbage does not pile up into a peak of
 * resident memory. Measured in fresh processes, since the tuning is the process's.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'promoted-garbage.ts');

async function peakOldMb(mode: 'plain' | 'tuned'): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', FIXTURE, mode], {
    timeout: 30_000,
  });
  return (JSON.parse(stdout) as { peakOldMb: number }).peakOldMb;
}

describe('tuneHeapForServing', () => {
  it('keeps the old generation near what is alive while promoted garbage comes and goes', async () => {
    const plain = await peakOldMb('plain');
    const tuned = await peakOldMb('tuned');
    // About 30 MB alive: V8 alone lets the old generation reach 130-140 MB, tuned it stays near 60.
    expect(tuned).toBeLessThan(plain * 0.7);
    expect(tuned).toBeLessThan(90);
  }, 60_000);
});
