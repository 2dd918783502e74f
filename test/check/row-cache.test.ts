/**
 * The row cache of `hoplens check --cache` (src/check/row-cache.ts, cache-file.ts): which rows it answers, how old an
 * answer may be (lychee's `--max-cache-age`, "Discard all cached requests older than this duration", default 1d:
 * lycheeverse/lychee README.md), its capacity (oldest dropped first) and its file, on a real temporary directory.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCache, saveCache } from '../../src/check/cache-file.js';
import type { Attempt } from '../../src/check/result.js';
import { RowCache, type RowCacheSettings } from '../../src/check/row-cache.js';
import { HoplensError } from '../../src/core/errors.js';
import type { AnalysisResult } from '../../src/core/types.js';
import type { CheckRow } from '../../src/inputs/index.js';
import { tempDirPerTest } from '../helpers/cli.js';

const DAY = 86_400_000;
const dir = tempDirPerTest();

function result(url: string): AnalysisResult {
  return {
    success: true,
    url,
    chain: [{ url, status: 200, statusText: 'OK', responseTime: 1, headers: {} }],
    summary: { totalHops: 1, finalUrl: url, finalStatus: 200, totalTime: 1, hasLoop: false, issues: [] },
  };
}

const row = (source: string, extra: Partial<CheckRow> = {}): CheckRow => ({ line: 1, source, ...extra });
const checked = (r: CheckRow): Attempt => ({ row: r, result: result(r.source), attempts: 1, elapsed: 5 });

function cacheAt(clock: { now: number }, settings: Partial<RowCacheSettings> = {}): RowCache {
  return new RowCache({ maxAgeMs: DAY, failures: false, context: 'options', now: () => clock.now, ...settings });
}

describe('RowCache', () => {
  it('answers a passing row by source and expectation, not its line, until the answer is older than the maximum age', () => {
    const clock = { now: 1_000_000 };
    const cache = cacheAt(clock);
    cache.remember(checked(row('https://a.test/x', { target: 'https://b.test/' })), 'passed');
    clock.now += DAY;
    const answer = cache.answer({ line: 99, source: 'https://a.test/x', target: 'https://b.test/' });
    expect(answer).toMatchObject({ attempts: 0, cachedAt: 1_000_000, result: { url: 'https://a.test/x' } });
    expect(answer?.row.line).toBe(99);
    // Another expectation is another question.
    expect(cache.answer(row('https://a.test/x', { target: 'https://c.test/' }))).toBeUndefined();
    expect(cache.answer(row('https://a.test/x', { target: 'https://b.test/', status: 302 }))).toBeUndefined();
    clock.now += 1;
    expect(cache.answer(row('https://a.test/x', { target: 'https://b.test/' }))).toBeUndefined();
  });

  it('answers failures only when told to, errors included', () => {
    const clock = { now: 0 };
    const strict = cacheAt(clock);
    const lenient = cacheAt(clock, { failures: true });
    const failed = checked(row('https://a.test/404'));
    const errored: Attempt = {
      row: row('https://a.test/down'),
      error: new HoplensError('CONNECTION_REFUSED', 'refused'),
      attempts: 2,
      elapsed: 9,
    };
    for (const cache of [strict, lenient]) {
      cache.remember(failed, 'failed');
      cache.remember(errored, 'errored');
    }
    expect(strict.answer(row('https://a.test/404'))).toBeUndefined();
    expect(strict.answer(row('https://a.test/down'))).toBeUndefined();
    expect(lenient.answer(row('https://a.test/404'))?.result).toBeDefined();
    const error = lenient.answer(row('https://a.test/down'))?.error;
    expect(error).toBeInstanceOf(HoplensError);
    expect(error).toMatchObject({ code: 'CONNECTION_REFUSED', message: 'refused' });
  });

  it('keys by the run context: a check made under other options is not an answer', () => {
    const clock = { now: 0 };
    const one = cacheAt(clock, { context: 'ua=a' });
    const other = cacheAt(clock, { context: 'ua=b' });
    expect(one.key(row('https://a.test/'))).not.toBe(other.key(row('https://a.test/')));
  });

  it('drops the oldest entries first past its capacity; an answer from the cache is not remembered again', () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock, { maxEntries: 3 });
    for (const n of [1, 2, 3, 4]) {
      clock.now = n;
      cache.remember(checked(row(`https://a.test/${n}`)), 'passed');
    }
    expect(cache.entries.size).toBe(3);
    expect(cache.answer(row('https://a.test/1'))).toBeUndefined();
    const two = cache.answer(row('https://a.test/2'))!;
    clock.now = 10;
    cache.remember(two, 'passed');
    expect(cache.answer(row('https://a.test/2'))?.cachedAt).toBe(2);
  });
});

describe('cache file', () => {
  it('round-trips through its file, leaving no temporary file, and drops entries past the age on load', async () => {
    const clock = { now: 5 * DAY };
    const cache = cacheAt(clock);
    cache.remember(checked(row('https://a.test/old')), 'passed');
    clock.now += DAY / 2;
    cache.remember(checked(row('https://a.test/new')), 'passed');
    const path = join(dir(), 'c.cache');
    await saveCache(path, cache);
    expect(await readdir(dir())).toEqual(['c.cache']);
    clock.now += DAY * 0.75;
    const loaded = await loadCache(path, { maxAgeMs: DAY, failures: false, context: 'options', now: () => clock.now });
    expect(loaded.warning).toBeUndefined();
    expect([...loaded.cache.entries.keys()]).toEqual([cache.key(row('https://a.test/new'))]);
  });

  it('is empty for a missing file, and ignored with a warning for one that is not a whole cache', async () => {
    const settings = { maxAgeMs: DAY, failures: false, context: 'options' };
    expect(await loadCache(join(dir(), 'none'), settings)).toEqual({ cache: expect.any(RowCache) });
    const path = join(dir(), 'bad.cache');
    const good = join(dir(), 'good.cache');
    const cache = cacheAt({ now: Date.now() });
    cache.remember(checked(row('https://a.test/1')), 'passed');
    cache.remember(checked(row('https://a.test/2')), 'passed');
    await saveCache(good, cache);
    const text = await readFile(good, 'utf8');
    // A cache cut in its last entry: the entries before it are not trusted either.
    await writeFile(path, text.slice(0, text.length - 20));
    const cut = await loadCache(path, settings);
    expect(cut.warning).toMatch(/bad\.cache ignored, checking every row/);
    expect(cut.cache.entries.size).toBe(0);
    await writeFile(path, Buffer.from([0xff, 0xfe, 0x00, 0x01]));
    expect((await loadCache(path, settings)).warning).toBeDefined();
  });
});
