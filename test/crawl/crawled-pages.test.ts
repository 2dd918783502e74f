/**
 * The crawl state's pages (state version 2, issue 45), read back by readCrawledPages: what each page says of itself
 * and where its redirects end, after a real crawl of a loopback site; and a state of before refused.
 * Rules the expectations follow: the title is the first `<title>` (WHATWG HTML, "The title element"); a canonical may
 * be given in the head or a `Link` header (https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls);
 * `noindex` in a robots meta or an `X-Robots-Tag` header (https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag);
 * robots.txt `Disallow` keeps the crawler out (RFC 9309 §2.2.2).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrawledPage, readCrawledPages } from '../../src/crawl/index.js';
import { type ChangingSite, type SiteModel, startChangingSite } from '../helpers/changing-site.js';
import { runCli, tempDirPerTest } from '../helpers/cli.js';

let site: ChangingSite;
beforeAll(async () => {
  site = await startChangingSite();
});
afterAll(() => site?.close());
const dir = tempDirPerTest();

async function pagesOf(state: string): Promise<Map<string, CrawledPage>> {
  const pages = new Map<string, CrawledPage>();
  for await (const page of readCrawledPages(state)) pages.set(page.url.replace(site.origin, ''), page);
  return pages;
}

const MODEL: SiteModel = {
  pages: new Map([
    [
      '/a/',
      { status: 200, title: '  Page\n A ', canonical: '/a/', links: ['/b/'], hreflang: [{ lang: 'fr', path: '/b/' }] },
    ],
    ['/b/', { status: 200, title: 'B', canonical: '/a/', canonicalIn: 'header', noindex: 'header' }],
    ['/c/', { status: 200, title: 'C', noindex: 'meta' }],
    ['/r/', { status: 301, location: '/r2/' }],
    ['/r2/', { status: 302, location: '/a/', hidden: true }],
    ['/gone/', { status: 410 }],
    ['/private/', { status: 200, title: 'secret' }],
  ]),
  disallow: new Set(['/private/']),
};

describe('readCrawledPages', () => {
  it("gives each page's status, final URL, title, canonical, noindex, robots, hreflang and links", async () => {
    site.serve(MODEL);
    const state = join(dir(), 'state');
    const crawl = await runCli(['crawl', `${site.origin}/`, '--state', state, '--format', 'json'], { cwd: dir() });
    expect(crawl.stderr).not.toMatch(/internal error/);
    const pages = await pagesOf(state);
    const at = (path: string) => `${site.origin}${path}`;
    expect(pages.get('/a/')).toMatchObject({
      status: 200,
      finalUrl: at('/a/'),
      title: 'Page A',
      canonical: at('/a/'),
      noindex: false,
      robotsAllowed: true,
      hreflang: [{ lang: 'fr', url: at('/b/') }],
      links: [at('/'), at('/b/')],
      redirects: 0,
    });
    expect(pages.get('/b/')).toMatchObject({ title: 'B', canonical: at('/a/'), noindex: true });
    expect(pages.get('/c/')).toMatchObject({ title: 'C', canonical: null, noindex: true });
    expect(pages.get('/r/')).toMatchObject({ status: 301, finalUrl: at('/a/'), finalStatus: 200, redirects: 2 });
    expect(pages.get('/gone/')).toMatchObject({ status: 410, title: null });
    expect(pages.get('/private/')).toMatchObject({ status: null, robotsAllowed: false, title: null });
    expect(JSON.parse(readFileSync(join(state, 'state.json'), 'utf8'))).toEqual({
      format: 'hoplens-crawl-state',
      version: 2,
    });
  });

  it('refuses a state of before (no state.json) and a directory that holds none, before yielding a page', async () => {
    site.serve(MODEL);
    const state = join(dir(), 'state');
    await runCli(['crawl', `${site.origin}/`, '--state', state, '--format', 'json'], { cwd: dir() });
    rmSync(join(state, 'state.json'));
    await expect(pagesOf(state)).rejects.toMatchObject({ code: 'CRAWL_STATE_OUTDATED' });
    writeFileSync(join(state, 'state.json'), '{"format":"hoplens-crawl-state","version":3}\n');
    await expect(pagesOf(state)).rejects.toThrow(/a newer hoplens/);
    await expect(pagesOf(dir())).rejects.toMatchObject({ code: 'CRAWL_STATE_MISSING' });
    // --resume of a state of before is refused too, with its exit status and nothing written to it.
    rmSync(join(state, 'state.json'));
    const resumed = await runCli(['crawl', `${site.origin}/`, '--state', state, '--resume'], { cwd: dir() });
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(/crawl state of an older hoplens/);
  });
});
