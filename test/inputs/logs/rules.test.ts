/**
 * What counts (issue 45): GET and HEAD answered 2xx or 3xx; the query dropped unless kept; assets apart unless
 * included (src/inputs/logs/assets.ts lists them); bots recognised by isbot and counted per the policy; the table
 * ranked by hits, then bots' hits, then URL.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ASSET_EXTENSIONS, countTraffic, isAssetPath, type TrafficOptions } from '../../../src/inputs/logs/index.js';

const PERSON = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A combined line. */
const line = (method: string, target: string, status: number, agent = PERSON) =>
  `192.0.2.1 - - [07/Dec/2026:06:00:00 +0000] "${method} ${target} HTTP/1.1" ${status} 10 "-" "${agent}"`;

const count = (lines: string[], options: TrafficOptions = {}) =>
  countTraffic([{ kind: 'log', path: '-' }], {
    baseUrl: 'https://old.example/any/path',
    ...options,
    stdin: Readable.from([`${lines.join('\n')}\n`]),
  });

describe('what counts', () => {
  it('counts GET and HEAD answered 2xx or 3xx, and says why the rest was left out', async () => {
    const table = await count([
      line('GET', '/a', 200),
      line('HEAD', '/a', 304),
      line('GET', '/a', 399),
      line('GET', '/a', 199),
      line('GET', '/a', 400),
      line('POST', '/a', 200),
      line('OPTIONS', '/a', 204),
      line('get', '/a', 200),
    ]);
    // The base URL's origin only: its path is not a prefix.
    expect(table.entries).toEqual([{ url: 'https://old.example/a', hits: 3, botHits: 0 }]);
    expect(table.skipped).toEqual({ status: 2, method: 3 });
    expect(table.counted).toBe(3);
  });

  it('drops the query unless keepQuery, so that one page is one row', async () => {
    const lines = [line('GET', '/p?a=1', 200), line('GET', '/p?b=2', 200), line('GET', '/p', 200)];
    expect((await count(lines)).entries).toEqual([{ url: 'https://old.example/p', hits: 3, botHits: 0 }]);
    expect((await count(lines, { keepQuery: true })).entries).toEqual([
      { url: 'https://old.example/p', hits: 1, botHits: 0 },
      { url: 'https://old.example/p?a=1', hits: 1, botHits: 0 },
      { url: 'https://old.example/p?b=2', hits: 1, botHits: 0 },
    ]);
  });

  it('leaves assets out unless includeAssets, told by the extension of the path (not the query)', async () => {
    const lines = [line('GET', '/s.CSS', 200), line('GET', '/f.woff2?v=3', 200), line('GET', '/doc.pdf', 200)];
    lines.push(line('GET', '/page?file=x.png', 200), line('GET', '/v1.2/page', 200));
    const without = await count(lines);
    expect(without.entries.map((entry) => entry.url)).toEqual([
      'https://old.example/doc.pdf',
      'https://old.example/page',
      'https://old.example/v1.2/page',
    ]);
    expect(without.assetLines).toBe(2);
    const withAssets = await count(lines, { includeAssets: true });
    expect(withAssets.entries).toHaveLength(5);
    expect(withAssets.assetLines).toBe(0);
    expect([...ASSET_EXTENSIONS]).toEqual(expect.arrayContaining(['css', 'js', 'png', 'jpg', 'svg', 'woff2']));
    expect(isAssetPath('/a.b/c')).toBe(false);
  });

  it('counts bots apart, with everyone, or not at all, as the policy says', async () => {
    const lines = [line('GET', '/a', 200), line('GET', '/a', 200, GOOGLEBOT), line('GET', '/b', 200, GOOGLEBOT)];
    const separate = await count(lines);
    expect(separate.entries).toEqual([
      { url: 'https://old.example/a', hits: 1, botHits: 1 },
      { url: 'https://old.example/b', hits: 0, botHits: 1 },
    ]);
    expect(separate).toMatchObject({ counted: 3, botLines: 2 });
    const include = await count(lines, { bots: 'include' });
    expect(include.entries).toEqual([
      { url: 'https://old.example/a', hits: 2, botHits: 1 },
      { url: 'https://old.example/b', hits: 1, botHits: 1 },
    ]);
    const exclude = await count(lines, { bots: 'exclude' });
    expect(exclude.entries).toEqual([{ url: 'https://old.example/a', hits: 1, botHits: 0 }]);
    expect(exclude).toMatchObject({ counted: 1, botLines: 2 });
  });

  it('ranks by hits, then bots hits, then URL', async () => {
    const lines = [
      line('GET', '/c', 200),
      line('GET', '/b', 200),
      line('GET', '/b', 200, GOOGLEBOT),
      line('GET', '/a', 200),
      line('GET', '/d', 200),
      line('GET', '/d', 200),
    ];
    expect((await count(lines)).entries.map((entry) => entry.url.slice(-2))).toEqual(['/d', '/b', '/a', '/c']);
  });

  it('ranks ties across sites by the whole URL, as a sort of the URLs would', async () => {
    // `https://a.example` sorts before `https://a.example.net` as an origin, but `/` (0x2f) after `.` (0x2e) in a URL.
    const targets = ['https://a.example/z', 'https://a.example.net/a', 'https://b.example/m', 'https://a.example/b'];
    const urls = (await count(targets.map((target) => line('GET', target, 200)))).entries.map((entry) => entry.url);
    expect(urls).toEqual([...targets].sort());
    expect(urls[0]).toBe('https://a.example.net/a');
  });

  it('takes an absolute request target as it is', async () => {
    const table = await count([line('GET', 'http://other.example/x?q', 200)]);
    expect(table.entries).toEqual([{ url: 'http://other.example/x', hits: 1, botHits: 0 }]);
  });
});
