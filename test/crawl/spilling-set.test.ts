/**
 * The crawl's seen set (src/crawl/spilling-set.ts, src/crawl/hash-table.ts) against a plain JavaScript Set as the
 * oracle: the same answers for every add and lookup, through the table's growth and past its memory bound, when the
 * hashes spill to sorted runs on disk and are searched there.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HashTable } from '../../src/crawl/hash-table.js';
import { SpillingSet } from '../../src/crawl/spilling-set.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A deterministic stream of URLs with repeats, as a crawl meets them (pages linking to pages already seen). */
function* urls(count: number, distinct: number): Generator<string> {
  for (let i = 0; i < count; i++) {
    const page = Math.imul(i, 2654435761) >>> 0;
    yield `https://www.example.com/p/${page % distinct}/`;
  }
}

describe('SpillingSet', () => {
  it('answers as a Set does, in memory and past its bound on disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoplens-seen-'));
    dirs.push(dir);
    const seen = new SpillingSet(dir, 'seen', 1500);
    const oracle = new Set<string>();
    let disagreements = 0;
    for (const url of urls(30_000, 10_000)) {
      if (seen.has(url) !== oracle.has(url)) disagreements++;
      if (seen.add(url) === oracle.has(url)) disagreements++;
      oracle.add(url);
    }
    expect(disagreements).toBe(0);
    expect(oracle.size).toBe(10_000);
    expect(seen.size).toBe(oracle.size);
    // 10,000 hashes past a bound of 1,500: six runs of three 4 KiB blocks each.
    expect(seen.spills).toBe(6);
    // Runs on disk hold what spilled; memory holds less than a bound's worth.
    expect(readdirSync(dir).filter((name) => name.endsWith('.hashes')).length).toBe(seen.spills);
    expect([...oracle].filter((url) => !seen.has(url))).toEqual([]);
    expect(seen.has('https://www.example.com/never')).toBe(false);
    seen.close();
  });

  it('keeps 8 bytes a hash in a table at most half full, whatever the URLs', () => {
    const table = new HashTable();
    for (let i = 1; i <= 100_000; i++) table.add(i * 7919, i);
    expect(table.size).toBe(100_000);
    expect(table.bytes).toBeLessThanOrEqual(100_000 * 8 * 4);
    expect(table.has(0, 0)).toBe(false);
    // (0, 0) marks an empty slot: a hash of that value is still kept.
    expect(table.add(0, 0)).toBe(true);
    expect(table.has(0, 0)).toBe(true);
    expect(table.add(0, 0)).toBe(false);
  });
});
