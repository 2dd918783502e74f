/**
 * The crawl store's memory bound at its default (issue 31, "memory stays flat"): a store given the URLs of a
 * 100,000-page crawl keeps its four seen sets within 2 MiB, the size a 10,000-page crawl's reach, by spilling the
 * rest to sorted runs on disk, and still admits each URL once. With the earlier bound (262,144 hashes a set) the two
 * seen sets alone held 2 MiB each here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskStore, type FrontierEntry } from '../../src/crawl/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const KiB = 1024;

describe('DiskStore memory bound', () => {
  it('keeps the seen sets of a 100,000-URL crawl within 2 MiB and each URL once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoplens-store-memory-'));
    dirs.push(dir);
    const store = await DiskStore.open(dir);
    const small = store.memoryBytes;
    let fresh = 0;
    let freshTargets = 0;
    // Each URL twice (a page linked from two others), in batches as the crawl adds a page's links.
    for (let round = 0; round < 2; round++) {
      for (let start = 0; start < 100_000; start += 1_000) {
        const batch: FrontierEntry[] = [];
        const targets: string[] = [];
        for (let i = start; i < start + 1_000; i++) {
          batch.push({
            url: `https://www.example.com/p/${i}/`,
            depth: 1,
            source: 'link',
            referrer: 'https://www.example.com/',
          });
          targets.push(`https://www.example.com/r/${i}`);
        }
        fresh += (await store.enqueue(batch)).length;
        freshTargets += (await store.addTargets(targets)).length;
      }
    }
    expect(fresh).toBe(100_000);
    expect(freshTargets).toBe(100_000);
    expect(store.spills).toBeGreaterThan(0);
    expect(store.memoryBytes).toBeGreaterThan(small);
    expect(store.memoryBytes).toBeLessThanOrEqual(4 * 512 * KiB);
    expect((await store.counts()).seen).toBe(100_000);
    await store.close();
  }, 60_000);
});
