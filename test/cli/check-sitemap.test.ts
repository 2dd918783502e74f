/**
 * `hoplens check` on an XML sitemap or sitemap index, live: every page of a sitemap is expected to answer 2xx without
 * redirecting (a sitemap lists canonical, final URLs: the sitemaps protocol, sitemaps.org/protocol.html, `<loc>`), so
 * one that redirects, errors or says noindex fails, naming why. An index's child sitemaps (plain and gzipped) are
 * fetched in turn from a loopback server.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const FILES = 3;
const PER_FILE = 500;

let server: TestServer;
const page = (file: number, index: number) => `http://site.test:${server.port}/p/${file}-${index}`;
function urlset(file: number): string {
  const urls = Array.from({ length: PER_FILE }, (_, i) => `  <url><loc>${page(file, i)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

beforeAll(async () => {
  server = await startServer((req, res) => {
    const path = req.url ?? '';
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
});
