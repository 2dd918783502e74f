/**
 * The report's index of problem targets (src/crawl/target-places.ts) against a plain Map as the oracle: every URL
 * added is found at its place, URLs never added are not, and the index costs 16 bytes a target once sealed (the
 * memory the crawl's report keeps per problem target, issue 31's "memory stays flat").
 */
import { describe, expect, it } from 'vitest';
import { TargetPlaces } from '../../src/crawl/target-places.js';

describe('TargetPlaces', () => {
  it('finds each target at its place, through growth, and nothing it was not given', () => {
    const index = new TargetPlaces();
    const oracle = new Map<string, number>();
    // Places are byte offsets in the targets' file: past 2³² for a large crawl, so not 32-bit numbers.
    for (let i = 0; i < 5_000; i++) {
      const url = `https://www.example.com/r/${Math.imul(i, 2654435761) >>> 0}`;
      const place = i * 1_048_583 + 2 ** 33;
      index.add(url, place);
      oracle.set(url, place);
    }
    index.seal();
    let disagreements = 0;
    for (const [url, place] of oracle) if (index.get(url) !== place) disagreements++;
    for (let i = 0; i < 5_000; i++) if (index.get(`https://www.example.com/p/${i}/`) !== undefined) disagreements++;
    expect(disagreements).toBe(0);
    expect(index.size).toBe(5_000);
    expect(index.bytes).toBe(5_000 * 16);
  });

  it('is empty until given a target, and takes more after a lookup', () => {
    const index = new TargetPlaces();
    expect(index.get('https://www.example.com/')).toBeUndefined();
    index.add('https://www.example.com/b', 7);
    expect(index.get('https://www.example.com/b')).toBe(7);
    index.add('https://www.example.com/a', 3);
    expect(index.get('https://www.example.com/a')).toBe(3);
    expect(index.get('https://www.example.com/b')).toBe(7);
  });
});
