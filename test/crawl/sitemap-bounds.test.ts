/**
 * A crawled site's sitemaps are bounded and in scope (issue 41): a hostile site must not turn whoever crawls it into a
 * request source, against itself (a flood of sitemaps and entries) or against a third party (entries on another
 * host). Each case is a real loopback server that counts the requests it receives.
 *
 * The rule the expectations follow is the sitemaps protocol (https://www.sitemaps.org/protocol.html):
 * - "Sitemap file location": "all URLs listed in the Sitemap must use the same protocol ... and reside on the same
 *   host as the Sitemap"; "URLs that are not considered valid are dropped from further consideration"; a port is part
 *   of the host ("if your Sitemap is located at http://www.example.com:100/sitemap.xml, then each URL listed in the
 *   Sitemap must begin with http://www.example.com:100"), so two loopback servers on two ports are two hosts;
 * - "Sitemaps & Cross Submits": a host's robots.txt naming a sitemap on another host ("Sitemap:
 *   http://www.sitemaphost.com/sitemap-host1.xml") proves the owner of that host vouches for it, so the sitemap may
 *   list that host's URLs;
 * - "Sitemap index files may only specify Sitemaps that are found on the same site as the Sitemap index file";
 * - a sitemap holds at most 50,000 URLs: the default of `--max-sitemap-urls` for a whole crawl.
 * Entries the crawl does not take are reported, not silently dropped: off-site ones as `sitemap_url_off_site` rows,
 * those past a budget counted in the closing summary's cuts.
 */

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CRAWL_OPTION_TABLE } from '../../src/crawl/index.js';
import { assertBuilt, ROOT, runCli, spawnCli, tempDirPerTest } from '../helpers/cli.js';

interface Answer {
  readonly type: string;
  readonly body: string;
}

/** A loopback site answering by `answer` (a small HTML page otherwise), keeping every path it was asked for. */
interface CountingSite {
  readonly base: string;
  readonly paths: string[];
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function countingSite(answer: (path: string, base: string) => Answer | undefined): Promise<CountingSite> {
  const paths: string[] = [];
  let base = '';
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    paths.push(path);
    const { type, body } = answer(path, base) ?? { type: 'text/html', body: '<!doctype html><title>page</title>' };
    response.writeHead(200, { 'content-type': type });
    response.end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, paths };
}

const text = (body: string): Answer => ({ type: 'text/plain', body });
const urlset = (urls: readonly string[]): Answer => ({
  type: 'application/xml',
  body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((url) => `<url><loc>${url}</loc></url>`).join('\n')}</urlset>`,
});
const sitemapIndex = (urls: readonly string[]): Answer => ({
  type: 'application/xml',
  body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((url) => `<sitemap><loc>${url}</loc></sitemap>`).join('\n')}</sitemapindex>`,
});
const range = (count: number, url: (i: number) => string) => Array.from({ length: count }, (_, i) => url(i));

interface Row {
  source: string;
  warnings: string[];
  reasons: string[];
  extra: Record<string, string>;
}
const rowsOf = (stdout: string): Row[] =>
  stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
const offSite = (rows: readonly Row[]) =>
  rows
    .filter((row) => row.warnings.some((warning) => warning.startsWith('sitemap_url_off_site:')))
    .map((row) => row.source)
    .sort();

/** A third party's URLs listed by site A's sitemaps: through an index (a sitemap of B) and in a urlset. */
async function thirdPartyCase(): Promise<{ a: CountingSite; b: CountingSite; listed: string[] }> {
  const b = await countingSite(() => undefined);
  const listed = range(40, (i) => `${b.base}/victim/${i}`);
  const a = await countingSite((path, base) => {
    if (path === '/robots.txt') return text(`User-agent: *\nAllow: /\n\nSitemap: ${base}/index.xml\n`);
    if (path === '/index.xml') return sitemapIndex([`${base}/urls.xml`, `${b.base}/more.xml`]);
    if (path === '/urls.xml') return urlset([`${base}/a1`, ...listed, `${base}/a2`]);
    return undefined;
  });
  return { a, b, listed: [...listed, `${b.base}/more.xml`].sort() };
}

const dir = tempDirPerTest();

describe('the sitemaps of a crawled site are bounded and in scope', () => {
  it('a robots.txt naming many sitemaps of many URLs: the requests stay within --max-sitemaps and --max-sitemap-urls', async () => {
    const SITEMAPS = 12;
    const URLS = 200;
    const site = await countingSite((path, base) => {
      if (path === '/robots.txt') return text(range(SITEMAPS, (i) => `Sitemap: ${base}/sitemap-${i}.xml`).join('\n'));
      const sitemap = /^\/sitemap-(\d+)\.xml$/.exec(path);
      if (sitemap !== null) return urlset(range(URLS, (i) => `${base}/p/${sitemap[1]}/${i}`));
      return undefined;
    });
    const outcome = await runCli(
      [
        'crawl',
        `${site.base}/`,
        '--max-sitemaps',
        '4',
        '--max-sitemap-urls',
        '150',
        '--max-pages',
        '50',
        '--format',
        'ndjson',
        '--no-progress',
      ],
      { cwd: dir() },
    );
    expect(outcome.code, outcome.stderr).toBe(0);
    const sitemapsRead = site.paths.filter((path) => path.startsWith('/sitemap-'));
    expect(sitemapsRead).toHaveLength(4);
    expect(new Set(sitemapsRead).size).toBe(4);
    const entriesRequested = site.paths.filter((path) => path.startsWith('/p/'));
    expect(entriesRequested.length).toBeLessThanOrEqual(150);
    // The rest: robots.txt (the crawl's, and the analyses' own reading of it) and the start page.
    expect(site.paths.length).toBeLessThanOrEqual(4 + 150 + 5);
    // What was left is counted, not silently dropped: 8 sitemaps, and 4 × 200 - 150 entries of those read.
    expect(outcome.stderr).toMatch(/cut 8 URLs \(max-sitemaps\)/);
    expect(outcome.stderr).toMatch(/cut 650 URLs \(max-sitemap-urls\)/);
  }, 120_000);

  it("a sitemap on site A listing host B's URLs: B receives no request, and the report names each entry off-site", async () => {
    const { a, b, listed } = await thirdPartyCase();
    const outcome = await runCli(['crawl', `${a.base}/`, '--max-pages', '5', '--format', 'ndjson', '--no-progress'], {
      cwd: dir(),
    });
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(b.paths).toEqual([]);
    const rows = rowsOf(outcome.stdout);
    expect(offSite(rows)).toEqual(listed);
    // Each row names the sitemap that listed it: the urlset for its entries, the index for B's sitemap.
    const pageOf = (source: string) => rows.find((found) => found.source === source)?.extra.page;
    expect(pageOf(`${b.base}/victim/0`)).toBe(`${a.base}/urls.xml`);
    expect(pageOf(`${b.base}/more.xml`)).toBe(`${a.base}/index.xml`);
    // A's own entries are taken as before.
    expect(a.paths).toContain('/a1');
    expect(a.paths).toContain('/a2');
  }, 60_000);

  it("cross-submission: B's robots.txt naming a sitemap on A lets it list B's URLs, and no other host's", async () => {
    const c = await countingSite(() => undefined);
    const a = await countingSite((path) => {
      if (path === '/sitemap-b.xml') {
        return urlset([...range(3, (i) => `${b.base}/x${i}`), ...range(3, (i) => `${c.base}/y${i}`)]);
      }
      if (path === '/robots.txt') return text(`User-agent: *\nAllow: /\n`);
      return undefined;
    });
    const b = await countingSite((path) =>
      path === '/robots.txt' ? text(`User-agent: *\nAllow: /\n\nSitemap: ${a.base}/sitemap-b.xml\n`) : undefined,
    );
    const outcome = await runCli(['crawl', `${b.base}/`, '--format', 'ndjson', '--no-progress'], { cwd: dir() });
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(b.paths).toEqual(expect.arrayContaining(['/x0', '/x1', '/x2']));
    expect(c.paths).toEqual([]);
    expect(offSite(rowsOf(outcome.stdout))).toEqual(range(3, (i) => `${c.base}/y${i}`));

    // The same sitemap given with --sitemap when crawling another host, whose robots.txt names nothing: B's entries are
    // off-site too, and B hears nothing more.
    const before = b.paths.length;
    const quiet = await countingSite(() => undefined);
    const given = await runCli(
      ['crawl', `${quiet.base}/`, '--sitemap', `${a.base}/sitemap-b.xml`, '--format', 'ndjson', '--no-progress'],
      { cwd: dir() },
    );
    expect(given.code, given.stderr).toBe(0);
    expect(offSite(rowsOf(given.stdout))).toHaveLength(6);
    expect(b.paths.length).toBe(before);
  }, 60_000);
});

describe('through the built CLI', () => {
  beforeAll(() => assertBuilt());

  it('B receives no request from hoplens crawl of A, whose sitemap lists B; the flags are the table’s', async () => {
    const { a, b, listed } = await thirdPartyCase();
    const outcome = await spawnCli(['crawl', `${a.base}/`, '--max-pages', '5', '--format', 'ndjson', '--no-progress'], {
      cwd: dir(),
      timeoutMs: 60_000,
    });
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(b.paths).toEqual([]);
    expect(offSite(rowsOf(outcome.stdout))).toEqual(listed);
    const help = await spawnCli(['crawl', '--help'], { cwd: dir() });
    for (const row of Object.values(CRAWL_OPTION_TABLE)) {
      expect(help.stdout).toContain(`${row.cli.flag}`);
      expect(help.stdout).toMatch(new RegExp(`${row.min}-${row.max} \\(default: ${row.default}\\)`));
    }
  }, 90_000);
});

describe('the docs', () => {
  it('state the sitemap limits with the defaults of the option table', () => {
    const crawl = readFileSync(join(ROOT, 'docs', 'crawl.md'), 'utf8');
    const security = readFileSync(join(ROOT, 'SECURITY.md'), 'utf8');
    for (const row of Object.values(CRAWL_OPTION_TABLE)) {
      const flag = row.cli.flag.split(' ')[0]!;
      const stated = `\`${flag}\` (default ${row.default.toLocaleString('en-US')})`;
      expect(crawl).toContain(stated);
      expect(security).toContain(stated);
    }
  });
});
