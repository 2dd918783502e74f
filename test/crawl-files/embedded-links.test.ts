/**
 * The links an HTML file keeps inside values (issue 47), read by the files crawl with their ranges and rewritten by
 * `--fix` at those ranges: `srcset` candidates (HTML standard 4.8.4.3.10), CSS `url()` in `style` attributes and
 * `<style>` blocks (CSS Syntax Level 3), JSON-LD URL properties (schema.org, Google's structured data). An attribute's
 * value is decoded (character references, HTML standard 13.2.5.72) and each range mapped back to the text as written.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlFileLinks } from '../../src/file-links/html-links.js';
import { type LinkServer, startLinkServer } from './link-server.js';
import { runFiles } from './run-files.js';

const PAGE = `<!doctype html><html><head>
<style>/* url(http://links.test/commented.png) */ .a { background: url("http://links.test/img-old.png") }</style>
<script type="application/ld+json">
{"@id": "#org", "logo": "http:\\/\\/links.test\\/badge-old.svg", "name": "x"}
</script>
</head><body>
<img src="http://links.test/ok" srcset="http://links.test/img-old.png?w=1&amp;h=2 1x, http://links.test/old-301 2x">
<div style="background: url(http://links.test/old-301)"></div>
</body></html>
`;

describe('links inside values in an HTML file', () => {
  it('reads srcset, style, <style> and JSON-LD links, each range the URL as written', () => {
    const links = htmlFileLinks(PAGE).filter((link) => link.embedded === true);
    expect(
      links.map((link) => [`${link.element} ${link.attribute}`, link.value, PAGE.slice(link.start, link.end)]),
    ).toEqual([
      ['style css', 'http://links.test/img-old.png', 'http://links.test/img-old.png'],
      ['script json-ld', 'http://links.test/badge-old.svg', 'http:\\/\\/links.test\\/badge-old.svg'],
      ['img srcset', 'http://links.test/img-old.png?w=1&h=2', 'http://links.test/img-old.png?w=1&amp;h=2'],
      ['img srcset', 'http://links.test/old-301', 'http://links.test/old-301'],
      ['div style', 'http://links.test/old-301', 'http://links.test/old-301'],
    ]);
  });

  describe('crawled and fixed', () => {
    let server: LinkServer;
    let dir: string;
    beforeAll(async () => {
      server = await startLinkServer();
      dir = await mkdtemp(join(tmpdir(), 'hoplens-embedded-'));
      await writeFile(join(dir, 'page.html'), PAGE);
    });
    afterAll(async () => {
      await server?.close();
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    });

    it('reports each with its kind, and --fix --write rewrites each at its place, nothing else', async () => {
      const flags = { connectTo: server.connectTo };
      const found = await runFiles(['page.html'], flags, dir);
      expect(found.code).toBe(1);
      const lines = found.stdout.trim().split('\n');
      expect(lines.filter((line) => line.includes('link_to_redirect'))).toHaveLength(5);
      expect(found.stdout).toContain('A JSON-LD URL on page.html:4');
      expect(found.stdout).toContain('A srcset candidate on page.html:7');
      expect(found.stdout).toContain('A CSS url() on page.html:8');
      const written = await runFiles(['page.html'], { ...flags, fix: true, write: true }, dir);
      expect(written.stderr).toMatch(/page\.html: 5 links rewritten/);
      const fixed = await readFile(join(dir, 'page.html'), 'utf8');
      expect(fixed).toBe(
        PAGE.replace('url("http://links.test/img-old.png")', 'url("http://links.test/img-new.png")')
          .replace('http:\\/\\/links.test\\/badge-old.svg', 'http://links.test/badge-new.svg')
          .replace('img-old.png?w=1&amp;h=2', 'img-new.png?w=1&amp;h=2')
          .replace('old-301 2x', 'new 2x')
          .replace('url(http://links.test/old-301)', 'url(http://links.test/new)'),
      );
      const again = await runFiles(['page.html'], flags, dir);
      expect(again.code, again.stdout).toBe(0);
    }, 60_000);
  });
});
