/**
 * `hoplens suggest`, run as the built executable: old URLs from a list, a CSV with titles and coverage's CSV; new
 * URLs from a list, a sitemap file and a sitemap served on loopback; each output format, the rule files read back by
 * `hoplens lint` without errors.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, spawnCli, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const dir = tempDirPerTest();
const OLD = 'https://old.example.com';
const NEW = 'https://www.example.org';

const OLD_PATHS = [
  '/2019/05/sourdough-starter-guide',
  '/recipes/lemon-tart',
  '/about/our-story.html',
  '/2014/03/company-picnic',
];
const NEW_PATHS = [
  '/blog/sourdough-starter-guide',
  '/cooking/lemon-tart',
  '/about/our-story',
  '/blog/quarterly-results',
];
/** What each old URL should get; the picnic has no counterpart. */
const EXPECTED = [
  [
    `${OLD}/2019/05/sourdough-starter-guide`,
    `${NEW}/blog/sourdough-starter-guide`,
    'same slug; date folder dropped; moved into /blog',
  ],
  [`${OLD}/recipes/lemon-tart`, `${NEW}/cooking/lemon-tart`, 'same slug; folder moved: /recipes → /cooking'],
  [`${OLD}/about/our-story.html`, `${NEW}/about/our-story`, 'same path; extension dropped (.html)'],
];

/** A sitemap of the new URLs (the sitemaps protocol's urlset, https://www.sitemaps.org/protocol.html). */
const SITEMAP = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...NEW_PATHS.map((path) => `  <url><loc>${NEW}${path}</loc></url>`),
  '</urlset>',
  '',
].join('\n');

async function file(name: string, text: string): Promise<string> {
  const path = join(dir(), name);
  await writeFile(path, text);
  return path;
}

/** The rows of suggest's CSV, without its header. */
function rows(csv: string): string[][] {
  const [header, ...lines] = csv.trim().split('\n');
  expect(header).toBe('source,target,confidence,reason');
  return lines.map((line) => {
    const [source, target, confidence, ...reason] = line.split(',');
    return [source!, target!, confidence!, reason.join(',')];
  });
}

let server: TestServer;
beforeAll(async () => {
  assertBuilt();
  server = await startServer((req, res) => {
    if (req.url !== '/sitemap.xml') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/xml' }).end(SITEMAP);
  });
});
afterAll(() => server?.close());

describe('hoplens suggest', () => {
  it('a list against a list: CSV on stdout, the picnic left without a proposal', async () => {
    const old = await file('old.txt', OLD_PATHS.map((path) => OLD + path).join('\n'));
    const next = await file('new.txt', NEW_PATHS.map((path) => NEW + path).join('\n'));
    const { code, stdout, stderr } = await spawnCli(['suggest', old, '--to', next]);
    expect(stderr).toContain('3 of 4 old URLs given a proposed target');
    expect(code).toBe(0);
    expect(rows(stdout).map(([source, target, , reason]) => [source, target, reason])).toEqual(EXPECTED);
    for (const [, , confidence] of rows(stdout)) expect(Number(confidence)).toBe(1);
  });

  it('coverage output (its covered column) against a sitemap file: the uncovered URLs only', async () => {
    const coverage = await file(
      'coverage.csv',
      ['url,hits,covered', ...OLD_PATHS.map((path, at) => `${OLD}${path},${100 - at},${at === 1}`)].join('\n'),
    );
    const sitemap = await file('sitemap.xml', SITEMAP);
    const { code, stdout } = await spawnCli(['suggest', coverage, '--to', sitemap]);
    expect(code).toBe(0);
    expect(rows(stdout).map(([source]) => source)).toEqual([EXPECTED[0]![0], EXPECTED[2]![0]]);
  });

  it('a CSV with titles against a sitemap URL on loopback: the title finds a page whose slug says nothing', async () => {
    const old = await file(
      'old.csv',
      [
        'address,title',
        `${OLD}/p/1234,Returning an Order | Old Shop`,
        `${OLD}/recipes/lemon-tart,Lemon Tart | Old Shop`,
      ].join('\n'),
    );
    const next = await file(
      'new.csv',
      ['url,title', `${NEW}/help/returns,Returning an Order – Shop`, `${NEW}/help/sizes,Size Charts – Shop`].join('\n'),
    );
    const titled = await spawnCli(['suggest', old, '--to', next]);
    expect(rows(titled.stdout).map(([, target, , reason]) => [target, reason])).toEqual([
      [`${NEW}/help/returns`, 'same title; folder moved: /p → /help'],
    ]);
    const fetched = await spawnCli(['suggest', old, '--to', `${server.origin}/sitemap.xml`]);
    expect(fetched.code).toBe(0);
    expect(server.requests).toContain('/sitemap.xml');
    expect(rows(fetched.stdout).map(([, target]) => target)).toEqual([`${NEW}/cooking/lemon-tart`]);
  });

  it("two crawl states: the old site's pages, the new site's with their titles", async () => {
    const page = (title: string, links: string[] = []) =>
      `<!doctype html><html><head><title>${title}</title></head><body>${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}</body></html>`;
    const site = (pages: Record<string, string>) =>
      startServer((req, res) => {
        const body = pages[req.url ?? ''];
        if (body === undefined) return void res.writeHead(404).end();
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      });
    const oldSite = await site({
      '/': page('Old Shop', ['/2019/05/sourdough-starter-guide', '/p/1234']),
      '/2019/05/sourdough-starter-guide': page('Sourdough Starter Guide | Old Shop'),
      '/p/1234': page('Returning an Order | Old Shop'),
    });
    const newSite = await site({
      '/': page('Shop', ['/blog/sourdough-starter-guide', '/help/returns', '/help/sizes']),
      '/blog/sourdough-starter-guide': page('Sourdough Starter Guide – Shop'),
      '/help/returns': page('Returning an Order – Shop'),
      '/help/sizes': page('Size Charts – Shop'),
    });
    try {
      const oldState = join(dir(), 'old-state');
      const newState = join(dir(), 'new-state');
      for (const [origin, state] of [
        [oldSite.origin, oldState],
        [newSite.origin, newState],
      ] as const) {
        const crawled = await spawnCli(['crawl', `${origin}/`, '--state', state, '--format', 'json'], {
          timeoutMs: 60_000,
        });
        expect(crawled.code, crawled.stderr).toBe(0);
      }
      const { code, stdout } = await spawnCli(['suggest', oldState, '--to', newState]);
      expect(code).toBe(0);
      expect(rows(stdout).map(([source, target, , reason]) => [source, target, reason])).toEqual([
        [`${oldSite.origin}/`, `${newSite.origin}/`, 'same path'],
        [
          `${oldSite.origin}/2019/05/sourdough-starter-guide`,
          `${newSite.origin}/blog/sourdough-starter-guide`,
          'same slug; date folder dropped; moved into /blog',
        ],
        [`${oldSite.origin}/p/1234`, `${newSite.origin}/help/returns`, 'same title; folder moved: /p → /help'],
      ]);
    } finally {
      await oldSite.close();
      await newSite.close();
    }
  }, 120_000);

  it.each([
    ['netlify', '_redirects'],
    ['vercel', 'vercel.json'],
    ['nginx', 'redirects.conf'],
    ['apache', '.htaccess'],
    ['csv', 'redirects.csv'],
  ])('--format %s writes a rules file that hoplens lint reads without errors', async (format, name) => {
    const old = await file('old.txt', OLD_PATHS.map((path) => OLD + path).join('\n'));
    const sitemap = await file('sitemap.xml', SITEMAP);
    const output = join(dir(), name);
    const written = await spawnCli(['suggest', old, '--to', sitemap, '--format', format, '--output', output]);
    expect(written.code).toBe(0);
    const text = await readFile(output, 'utf8');
    for (const [, target, reason] of EXPECTED) {
      expect(text).toContain(target);
      if (format !== 'vercel') expect(text).toContain(reason);
    }
    const linted = await spawnCli(['lint', output, '--input', format, '--format', 'json']);
    expect(linted.stderr).toContain('0 errors');
    expect(linted.stderr).toContain('3 rules linted');
    expect(linted.code).toBe(0);
  });

  it('--threshold: a bad value is a usage error; a high one leaves out the merged page', async () => {
    const old = await file('old.txt', `${OLD}/docs/install-docker-linux\n`);
    const next = await file('new.txt', `${NEW}/guides/install-docker\n${NEW}/guides/uninstall\n${NEW}/blog/news\n`);
    const bad = await spawnCli(['suggest', old, '--to', next, '--threshold', '2']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--threshold must be a number from 0 to 1');
    expect(rows((await spawnCli(['suggest', old, '--to', next])).stdout)).toHaveLength(1);
    expect(rows((await spawnCli(['suggest', old, '--to', next, '--threshold', '0.99'])).stdout)).toHaveLength(0);
  });
});
