import { describe, expect, it } from 'vitest';
import { parseShard, shardItems, shardOf } from '../../src/check/shard.js';
import type { InputItem } from '../../src/inputs/index.js';
import { all } from '../helpers/rule-items.js';

describe('parseShard', () => {
  it('reads K/N with 1 ≤ K ≤ N and refuses anything else', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    for (const bad of ['0/3', '4/3', '3', '1/0', 'a/b', '1/2/3', '-1/2', '1/99999'])
      expect(parseShard(bad)).toBe(undefined);
  });
});

describe('shardOf / shardItems', () => {
  const sources = Array.from({ length: 3000 }, (_, i) => `https://site.test/page/${i}`);

  it('puts every key in exactly one shard, the same one every time, in roughly equal parts', () => {
    const sizes = [0, 0, 0];
    for (const source of sources) {
      const shard = shardOf(source, 3);
      expect(shardOf(source, 3)).toBe(shard);
      sizes[shard - 1]!++;
    }
    expect(sizes.reduce((a, b) => a + b)).toBe(3000);
    for (const size of sizes) expect(size).toBeGreaterThan(850);
  });

  it('splits rows and skipped rules between shards, each once, and gives invalid lines to every shard', async () => {
    const items: InputItem[] = [
      ...sources.slice(0, 30).map((source, i): InputItem => ({ kind: 'row', row: { line: i + 1, source } })),
      { kind: 'skipped', line: 31, text: '/blog/* /news/:splat', reason: 'splat' },
      { kind: 'invalid', line: 32, message: 'bad' },
    ];
    const shards = await Promise.all(
      [1, 2, 3].map((index) =>
        all(
          shardItems(
            (async function* () {
              yield* items;
            })(),
            { index, count: 3 },
          ),
        ),
      ),
    );
    const lines = shards.flat().map((item) => (item.kind === 'row' ? item.row.line : item.line));
    expect(lines.filter((line) => line <= 31).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 31 }, (_, i) => i + 1),
    );
    expect(lines.filter((line) => line === 32)).toHaveLength(3);
    expect(shards.every((shard) => shard.length < 30)).toBe(true);
  });
});
