/**
 * The sitemap budgets of issue 41 hold for a shared crawl as a whole, not for each worker (docs/crawl.md, "Limits for
 * the whole crawl"): two `hoplens crawl --worker` processes of the built CLI on one real PostgreSQL (a private
 * cluster, as in two-workers.test.ts) crawl a loopback site whose robots.txt names 12 sitemaps of 200 URLs each
 * (the sitemaps protocol's robots.txt `Sitemap:` lines and `<urlset>`: https://www.sitemaps.org/protocol.html), and a
 * third-party loopback host listed in one of them. `--max-sitemaps 4 --max-sitemap-urls 150` must give 4 sitemaps
 * read and at most 150 entries requested in all, counted on the site; the third party must receive no request, and
 * `crawl report` must name its URLs off-site. The budgets are counters on the crawl's row, raised under its lock.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, type SpawnOutcome, spawnCli } from '../helpers/cli.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres-server.js';

const SITEMAPS = 12;
const URLS = 200;

let postgres: TestPostgres;
const servers: Server[] = [];
beforeAll(async () => {
  assertBuilt();
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await postgres?.stop();
});

/** A loopback server answering by `answer` (a small HTML page otherwise), keeping every path it was asked for. */
async function countingSite(answer: (path: string, base: string) => string | undefined) {
  const paths: string[] = [];
  let base = '';
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    paths.push(path);
    const body = answer(path, base);
    const type = path === '/robots.txt' ? 'text/plain' : body === undefined ? 'text/html' : 'application/xml';
    response.writeHead(200, { 'content-type': type });
    response.end(body ?? '<!doctype html><title>page</title>');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, paths };
}

const range = (count: number, url: (i: number) => string) => Array.from({ length: count }, (_, i) => url(i));
const urlset = (urls: readonly string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((url) => `<url><loc>${url}</loc></url>`).join('\n')}</urlset>`;

describe('two crawl workers share the sitemap budgets', () => {
  it('--max-sitemaps 4 and --max-sitemap-urls 150 hold for both together; a third party hears nothing', async () => {
    const third = await countingSite(() => undefined);
    const site = await countingSite((path, base) => {
      if (path === '/robots.txt') return range(SITEMAPS, (i) => `Sitemap: ${base}/sitemap-${i}.xml`).join('\n');
      const sitemap = /^\/sitemap-(\d+)\.xml$/.exec(path);
      if (sitemap === null) return undefined;
      const own = range(URLS, (i) => `${base}/p/${sitemap[1]}/${i}`);
      return urlset([`${third.base}/victim/${sitemap[1]}`, ...own]);
    });
    const databaseUrl = await postgres.createDatabase();
    const flags = ['--max-sitemaps', '4', '--max-sitemap-urls', '150', '--max-pages', '50', '--lease', '5'];
    const worker = (): Promise<SpawnOutcome> =>
      spawnCli(['crawl', `${site.base}/`, '--worker', '--crawl-id', 'flood', ...flags], {
        env: { DATABASE_URL: databaseUrl },
        timeoutMs: 120_000,
      });
    const [first, second] = await Promise.all([worker(), worker()]);
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);

    expect(new Set(site.paths.filter((path) => path.startsWith('/sitemap-'))).size).toBe(4);
    // A shared crawl's page is fetched to be read and again to be analysed (docs/crawl.md): twice at most.
    const entries = site.paths.filter((path) => path.startsWith('/p/'));
    expect(new Set(entries).size).toBeLessThanOrEqual(150);
    expect(entries.length).toBeLessThanOrEqual(2 * 150);
    expect(third.paths).toEqual([]);

    const report = await spawnCli(['crawl', 'report', '--crawl-id', 'flood', '--format', 'ndjson'], {
      env: { DATABASE_URL: databaseUrl },
      timeoutMs: 60_000,
    });
    const offSite = report.stdout
      .split('\n')
      .filter((line) => line.includes('sitemap_url_off_site'))
      .map((line) => (JSON.parse(line) as { source: string }).source);
    // Each sitemap read lists the third party first; the one whose entries took the budget first had it reported (its
    // 150 entries taken include it), the others' were past the budget: counted, not reported, never requested.
    const victims = site.paths
      .filter((path) => path.startsWith('/sitemap-'))
      .map((path) => `${third.base}/victim/${/\d+/.exec(path)![0]}`);
    expect(offSite).toHaveLength(1);
    expect(victims).toContain(offSite[0]);
    expect(report.stderr).toMatch(/cut 654 URLs \(max-sitemap-urls\)/);
  }, 180_000);
});
