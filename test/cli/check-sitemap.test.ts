/**
 * `hoplens check` on an XML sitemap or sitemap index, live: every page of a sitemap is expected to answer 2xx without
 * redirecting (a sitemap lists canonical, final URLs: the sitemaps protocol, sitemaps.org/protocol.html, `<loc>`), so
 * one that redirects, errors or says noindex fails, naming why. An index's child sitemaps (plain and gzipped) are
 * fetched in turn from a loopback server.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const FILES = 3;
const PER_FILE = 500;

/**
 * A gzip bomb of about 10 MB that expands to 10 GiB: gzip members (RFC 1952 §2.2 lets a file hold several, which a
 * reader decodes one after another) of 16 MiB of markup each, after a `<urlset>` that makes it a sitemap.
 */
function gzipBomb(): Buffer {
  const unit = `<x/>${' '.repeat(16_380)}`;
  const member = gzipSync(unit.repeat(1024), { level: constants.Z_BEST_COMPRESSION });
  return Buffer.concat([gzipSync('<?xml version="1.0"?><urlset>'), ...Array<Buffer>(640).fill(member)]);
}

let server: TestServer;
let bomb: Buffer;
/** The User-Agent and the extra header of each request for a sitemap, by path. */
const sitemapRequests: { path: string; userAgent: string | undefined; team: string | undefined }[] = [];
const page = (file: number, index: number) => `http://site.test:${server.port}/p/${file}-${index}`;
function urlset(file: number): string {
  const urls = Array.from({ length: PER_FILE }, (_, i) => `  <url><loc>${page(file, i)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

beforeAll(async () => {
  bomb = gzipBomb();
  server = await startServer((req, res) => {
    const path = req.url ?? '';
    if (path.includes('.xml')) {
      sitemapRequests.push({ path, userAgent: req.headers['user-agent'], team: req.headers['x-team'] as string });
    }
    if (path === '/moved.xml') {
      res.writeHead(301, { location: '/sitemap-2.xml' });
      res.end();
      return;
    }
    if (path === '/bomb.xml.gz') {
      res.writeHead(200, { 'content-type': 'application/gzip' });
      res.end(bomb);
      return;
    }
    if (path === '/local-index.xml') {
      // A stranger's index naming local files: one that exists, one that does not, and a file: URL.
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<sitemapindex><sitemap><loc>${localSitemap}</loc></sitemap><sitemap><loc>/nonexistent/x.xml</loc></sitemap><sitemap><loc>file://${localSitemap}</loc></sitemap></sitemapindex>`,
      );
      return;
    }
    const sitemap = /^\/sitemap-(\d+)\.xml(\.gz)?$/.exec(path);
    if (sitemap !== null) {
      const text = urlset(Number(sitemap[1]));
      res.writeHead(200, { 'content-type': sitemap[2] ? 'application/gzip' : 'application/xml' });
      res.end(sitemap[2] ? gzipSync(text) : text);
      return;
    }
    if (path === '/sitemap-index.xml') {
      const entries = Array.from({ length: FILES }, (_, i) => {
        const name = i === 1 ? `sitemap-${i}.xml.gz` : `sitemap-${i}.xml`;
        return `<sitemap><loc>http://127.0.0.1:${server.port}/${name}</loc></sitemap>`;
      });
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
      );
      return;
    }
    // Three pages go wrong: one redirects, one is gone, one says noindex.
    if (path === '/p/0-7') res.writeHead(301, { location: '/p/0-7-new' });
    else if (path === '/p/1-3' || path.endsWith('.xml')) res.writeHead(404);
    else if (path === '/p/2-499') res.writeHead(200, { 'x-robots-tag': 'noindex' });
    else res.writeHead(200, { 'content-type': 'text/plain' });
    res.end();
  });
});
afterAll(async () => {
  await server.close();
});

const dirPath = tempDirPerTest();
/** A local sitemap file that a remote index names; set by the test that serves that index. */
let localSitemap = '/nonexistent/unset.xml';

const FAST = ['--concurrency', '32', '--per-host', '32', '--retries', '0'];

describe('hoplens check on a sitemap', () => {
  it(`checks a sitemap index of ${FILES} files × ${PER_FILE} URLs (one gzipped) by URL, failing the pages that redirect, error or say noindex`, async () => {
    const index = `http://127.0.0.1:${server.port}/sitemap-index.xml`;
    const { code, stdout, stderr } = await runCli(['check', index, '--format', 'ndjson', ...FAST]);
    const rows = stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { source: string; outcome: string; reasons: string[]; extra?: { sitemap: string } },
      );
    expect(rows).toHaveLength(FILES * PER_FILE);
    const failed = rows.filter((row) => row.outcome !== 'passed');
    expect(failed.map((row) => row.source).sort()).toEqual([page(0, 7), page(1, 3), page(2, 499)].sort());
    const why = (source: string) => failed.find((row) => row.source === source)!.reasons.join(' ');
    expect(why(page(0, 7))).toContain('redirects (301) to');
    expect(why(page(1, 3))).toContain('404');
    expect(why(page(2, 499))).toContain('[noindex_destination]');
    expect(rows[PER_FILE]!.extra?.sitemap).toBe(`http://127.0.0.1:${server.port}/sitemap-1.xml.gz`);
    expect(stderr).toMatch(/1500 rows checked .*: 1497 passed, 3 failed/);
    expect(code).toBe(1);
  }, 60_000);

  it('reads a local .xml.gz file by its name, moving its URLs onto --base-url', async () => {
    const path = join(dirPath(), 'sitemap.xml.gz');
    await writeFile(
      path,
      gzipSync(
        `<urlset><url><loc>https://old.example/p/0-1</loc></url><url><loc>https://old.example/p/0-7</loc></url></urlset>`,
      ),
    );
    const { code, stdout } = await runCli(['check', path, '--base-url', `http://site.test:${server.port}`]);
    expect(stdout).toMatch(/2 rows checked .*: 1 passed, 1 failed/);
    expect(code).toBe(1);
  });

  it('refuses an .xml file that is not a sitemap (exit 2), and reports a child sitemap that cannot be fetched', async () => {
    const path = join(dirPath(), 'feed.xml');
    await writeFile(path, '<rss><channel/></rss>');
    const notSitemap = await runCli(['check', path]);
    expect(notSitemap.stderr).toContain('not a sitemap: the root element is <rss>');
    expect(notSitemap.code).toBe(2);
    const index = join(dirPath(), 'index.xml');
    await writeFile(
      index,
      `<sitemapindex><sitemap><loc>http://127.0.0.1:${server.port}/missing.xml</loc></sitemap><sitemap><loc>http://127.0.0.1:${server.port}/sitemap-0.xml</loc></sitemap></sitemapindex>`,
    );
    const partial = await runCli(['check', index, ...FAST]);
    expect(partial.stderr).toContain('missing.xml: it answered 404');
    expect(partial.stdout).toMatch(/500 rows checked/);
    expect(partial.code).toBe(2);
  }, 30_000);

  it("stops reading a gzip bomb at the sitemaps protocol's 50 MB, saying so, instead of inflating 10 GiB", async () => {
    expect(bomb.length).toBeLessThan(12 * 1024 * 1024);
    const started = performance.now();
    const { code, stderr } = await runCli(['check', `http://127.0.0.1:${server.port}/bomb.xml.gz`, ...FAST]);
    const seconds = (performance.now() - started) / 1000;
    expect(stderr).toContain('is larger than 50 MB uncompressed');
    expect(stderr).toContain('--sitemap-max-size');
    expect(code).toBe(2);
    // 10 GiB would take minutes to inflate; 50 MB takes well under this.
    expect(seconds).toBeLessThan(20);
    const lower = await runCli(['check', `http://127.0.0.1:${server.port}/bomb.xml.gz`, '--sitemap-max-size', '1']);
    expect(lower.stderr).toContain('is larger than 1 MB uncompressed');
    const bad = await runCli(['check', `http://127.0.0.1:${server.port}/bomb.xml.gz`, '--sitemap-max-size', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--sitemap-max-size');
  }, 60_000);

  it("reaches a sitemap URL as its rows are reached: --resolve, the run's User-Agent and headers, redirects followed, --block-private refused", async () => {
    // Nothing resolves sitemaps.test but the run's --resolve: the sitemap goes through the run's own connection
    // settings (core's guarded stream), not a client of its own.
    const url = `http://sitemaps.test:${server.port}/moved.xml`;
    const reach = ['--resolve', `sitemaps.test:${server.port}:127.0.0.1`, '--user-agent', 'MapReader/2'];
    sitemapRequests.length = 0;
    const { code, stdout } = await runCli(['check', url, ...reach, '-H', 'X-Team: seo', ...FAST]);
    expect(stdout).toMatch(/500 rows checked .*: 499 passed, 1 failed/);
    expect(code).toBe(1);
    expect(sitemapRequests).toEqual([
      { path: '/moved.xml', userAgent: 'MapReader/2', team: 'seo' },
      { path: '/sitemap-2.xml', userAgent: 'MapReader/2', team: 'seo' },
    ]);
    // --block-private refuses the loopback address before any connection, for the sitemap as for its rows.
    sitemapRequests.length = 0;
    const blocked = await runCli(['check', url, ...reach, '--block-private']);
    expect(blocked.stderr).toContain(`cannot fetch ${url}`);
    expect(blocked.stderr).toMatch(/blocked|private|loopback/i);
    expect(blocked.code).toBe(2);
    expect(sitemapRequests).toEqual([]);
  }, 30_000);

  it('never opens a local file that a sitemap index fetched by URL names, nor says whether it exists', async () => {
    localSitemap = join(dirPath(), 'local.xml');
    await writeFile(localSitemap, `<urlset><url><loc>http://127.0.0.1:${server.port}/p/0-1</loc></url></urlset>`);
    const { code, stdout, stderr } = await runCli([
      'check',
      `http://127.0.0.1:${server.port}/local-index.xml`,
      '--format',
      'ndjson',
      ...FAST,
    ]);
    expect(stdout.trim()).toBe('');
    const refusals = stderr.split('\n').filter((line) => line.includes('may list only http(s) URLs'));
    expect(refusals).toHaveLength(3);
    // The same words for the file that exists and the one that does not: nothing tells them apart.
    expect(stderr).not.toMatch(/no such file|ENOENT|is a directory/);
    expect(code).toBe(2);
  }, 30_000);
});
