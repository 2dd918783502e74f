/**
 * The coverage join, on a generated migration with planted answers (test/helpers/migration-traffic.ts): every URL's
 * cover, target and chain, and the summary's hits and shares, compared with the generator's own sums.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  type CoverageRow,
  type CoverageTraffic,
  joinCoverage,
  readMap,
  shownUrl,
  summarize,
} from '../../src/coverage/index.js';
import { planInput } from '../../src/inputs/index.js';
import { tempDirPerTest } from '../helpers/cli.js';
import { type Fate, generateMigration, plantedSums } from '../helpers/migration-traffic.js';

const dir = tempDirPerTest();
const SITE = 'https://www.example.com';

async function mapOf(text: string, name: string, baseUrl?: string) {
  const path = join(dir(), name);
  await writeFile(path, text);
  const plan = await planInput(path, baseUrl === undefined ? {} : { baseUrl }, { cwd: dir(), offline: true });
  return readMap(plan, Readable.from([text]));
}

/** What a row says of its URL, as paths, for comparison with what was planted. */
function fateOf(row: CoverageRow): { fate: Fate; target?: string; next?: string } {
  const path = (url: string | undefined) => (url === undefined ? undefined : new URL(url, SITE).pathname);
  if (!row.covered) return { fate: 'unmapped' };
  if (row.target === undefined) return { fate: row.status === 410 ? 'gone' : ('other' as Fate) };
  if (row.redirectedAgain === undefined) return { fate: 'direct', target: path(row.target)! };
  return { fate: 'chained', target: path(row.target)!, next: path(row.redirectedAgain)! };
}

describe('coverage: the join of a map of pairs with traffic', () => {
  const migration = generateMigration(45, 400);
  const traffic: CoverageTraffic = {
    entries: migration.urls.map((url) => ({ url: `${SITE}${url.path}`, hits: url.hits, botHits: url.botHits })),
  };

  for (const baseUrl of [SITE, undefined]) {
    it(`answers every planted URL and sums its hits (${baseUrl === undefined ? 'paths, no --base-url' : '--base-url'})`, async () => {
      const map = await mapOf(migration.csv, 'map.csv', baseUrl);
      expect(map.matching).toBe('pairs');
      expect(map.invalid).toEqual([]);
      const rows = joinCoverage(traffic, map.lookup);
      const planted = new Map(migration.urls.map((url) => [url.path, url]));
      for (const row of rows) {
        const url = planted.get(new URL(row.url).pathname)!;
        const expected = {
          fate: url.fate,
          ...(url.target === undefined || url.fate === 'gone' ? {} : { target: url.target }),
          ...(url.next === undefined ? {} : { next: url.next }),
        };
        expect(fateOf(row), url.path).toEqual(expected);
      }
      const summary = summarize(rows, false, 5);
      const sums = plantedSums(migration.urls);
      expect({
        all: summary.all,
        covered: summary.covered,
        direct: summary.direct,
        chained: summary.chained,
        uncovered: summary.uncovered,
      }).toEqual(sums);
      expect(summary.shares.covered).toBeCloseTo(sums.covered.hits / sums.all.hits, 12);
      expect(summary.shares.direct).toBeCloseTo(sums.direct.hits / sums.all.hits, 12);
      expect(summary.botShares?.covered).toBeCloseTo(sums.covered.botHits / sums.all.botHits, 12);
      // The top uncovered: the unmapped URLs by most hits (then bots' hits, then URL).
      const unmapped = migration.urls
        .filter((url) => url.fate === 'unmapped')
        .sort((a, b) => b.hits - a.hits || b.botHits - a.botHits || (a.path < b.path ? -1 : 1))
        .slice(0, 5)
        .map((url) => url.path);
      expect(summary.topUncovered.map((entry) => new URL(entry.url).pathname)).toEqual(unmapped);
    });
  }

  it('ranks by hits, then bots, then URL, numbering from 1', async () => {
    const map = await mapOf(migration.csv, 'map.csv', SITE);
    const rows = joinCoverage(traffic, map.lookup);
    expect(rows.map((row) => row.rank)).toEqual(rows.map((_, index) => index + 1));
    for (let index = 1; index < rows.length; index++) {
      const [a, b] = [rows[index - 1]!, rows[index]!];
      expect(
        a.hits > b.hits || (a.hits === b.hits && (a.botHits > b.botHits || (a.botHits === b.botHits && a.url < b.url))),
      ).toBe(true);
    }
  });

  it('shows URLs of the offline site as paths, and others as they are', () => {
    expect(shownUrl('https://rules.invalid/old?a=1')).toBe('/old?a=1');
    expect(shownUrl(`${SITE}/old`)).toBe(`${SITE}/old`);
  });
});

describe("coverage: a rules file answered by its format's own matcher", () => {
  // Netlify's placeholders and splats ("Redirects and rewrites: Placeholders, Splats",
  // https://docs.netlify.com/routing/redirects/redirect-options/): /news/:year/:slug → /articles/:slug, /shop/* →
  // /store/:splat; /store/old-sale is redirected again; a 404 rule covers nothing.
  const rules = [
    '/news/:year/:slug  /articles/:slug  301',
    '/shop/*  /store/:splat  301',
    '/store/old-sale  /store/sale  301',
    '/gone  /  410',
    '/missing/*  /404.html  404',
  ].join('\n');

  it('matches placeholders and splats, with the target and its next hop', async () => {
    const map = await mapOf(`${rules}\n`, '_redirects');
    expect(map.matching).toBe('rules');
    const entries = [
      { url: `${SITE}/news/2019/hello`, hits: 30, botHits: 2 },
      { url: `${SITE}/shop/old-sale`, hits: 20, botHits: 0 },
      { url: `${SITE}/shop/hats/red`, hits: 10, botHits: 0 },
      { url: `${SITE}/gone`, hits: 5, botHits: 0 },
      { url: `${SITE}/missing/x`, hits: 4, botHits: 0 },
      { url: `${SITE}/about`, hits: 1, botHits: 1 },
    ];
    const rows = joinCoverage({ entries }, map.lookup);
    // A path target is on the requested URL's site.
    const path = (url: string | undefined) => (url ?? '').replace(SITE, '');
    const view = rows.map((row) => ({
      url: path(row.url),
      covered: row.covered,
      line: row.line,
      target: path(row.target),
      again: path(row.redirectedAgain),
    }));
    expect(view).toEqual([
      { url: '/news/2019/hello', covered: true, line: 1, target: '/articles/hello', again: '' },
      { url: '/shop/old-sale', covered: true, line: 2, target: '/store/old-sale', again: '/store/sale' },
      { url: '/shop/hats/red', covered: true, line: 2, target: '/store/hats/red', again: '' },
      { url: '/gone', covered: true, line: 4, target: '', again: '' },
      { url: '/missing/x', covered: false, line: 5, target: '', again: '' },
      { url: '/about', covered: false, line: undefined, target: '', again: '' },
    ]);
    const summary = summarize(rows, false, 10);
    expect(summary.all.hits).toBe(70);
    expect(summary.covered.hits).toBe(65);
    expect(summary.direct.hits).toBe(40);
    expect(summary.chained.hits).toBe(20);
    expect(summary.shares.covered).toBeCloseTo(65 / 70, 12);
    expect(summary.shares.direct).toBeCloseTo(40 / 70, 12);
    expect(summary.topUncovered.map((entry) => path(entry.url))).toEqual(['/missing/x', '/about']);
  });
});
