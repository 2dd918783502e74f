/**
 * The crawl benchmark's generated site (bench/lib/site-graph.mjs): every page must be reachable from `/`, or the
 * benchmark's "every tool visited every page" check would blame the tools for the site. Walked here without a server.
 */
import { describe, expect, it } from 'vitest';
import { linksOf, pageIndex, pagePath, redirectTarget, sitemapBodies } from '../../bench/lib/site-graph.mjs';

/** Follows redirect paths to the page they end at (undefined for a 404), counting hops. */
function resolve(path: string, pages: number): { page: number | undefined; hops: number } {
  let hops = 0;
  let current = path;
  for (let target = redirectTarget(current, pages); target !== undefined; target = redirectTarget(current, pages)) {
    current = target;
    hops++;
    if (hops > 5) throw new Error(`redirect loop from ${path}`);
  }
  return { page: pageIndex(current, pages), hops };
}

/** Breadth-first from page 0: the depth of every page, -1 when unreachable. */
function walk(pages: number) {
  const depth = new Int32Array(pages).fill(-1);
  depth[0] = 0;
  const queue = [0];
  let links = 0;
  for (let head = 0; head < queue.length; head++) {
    const page = queue[head]!;
    for (const link of linksOf(page, pages)) {
      links++;
      const { page: next } = resolve(link.href, pages);
      if (next !== undefined && depth[next] === -1) {
        depth[next] = depth[page]! + 1;
        queue.push(next);
      }
    }
  }
  return { depth, reached: queue.length, links };
}

describe('the generated site', () => {
  it.each([1, 2, 5, 17, 10_000, 100_000])('reaches all %i pages from / within log4(pages) + 1 levels', (pages) => {
    const { depth, reached, links } = walk(pages);
    expect(reached).toBe(pages);
    const deepest = Math.max(...depth);
    expect(deepest).toBeLessThanOrEqual(Math.ceil(Math.log(pages) / Math.log(4)) + 1);
    if (pages >= 10_000) {
      // About ten links a page, as the benchmark paragraph asks.
      expect(links / pages).toBeGreaterThan(8);
      expect(links / pages).toBeLessThan(12);
    }
  });

  it('links through one redirect, a chain of two and to pages that do not exist, as planned', () => {
    const pages = 1_000;
    const seen = { page: 0, redirect: 0, chain: 0, missing: 0 };
    for (let i = 0; i < pages; i++) {
      for (const link of linksOf(i, pages)) {
        seen[link.kind]++;
        const { page, hops } = resolve(link.href, pages);
        const expected = { page: 0, redirect: 1, chain: 2, missing: 0 }[link.kind];
        expect(hops).toBe(expected);
        expect(page === undefined).toBe(link.kind === 'missing');
      }
    }
    expect(seen).toEqual({ page: expect.any(Number), redirect: 1_000, chain: 200, missing: 100 });
  });

  it('names each page by one path only', () => {
    expect(pageIndex('/', 10)).toBe(0);
    expect(pageIndex(pagePath(7), 10)).toBe(7);
    for (const other of ['/p/7', '/p/07/', '/p/0/', '/p/10/', '/p/7/x']) expect(pageIndex(other, 10)).toBeUndefined();
  });

  // The sitemaps protocol: at most 50,000 URLs a file, an index listing the files (https://www.sitemaps.org/protocol.html).
  it('lists every page once in sitemaps of at most 50,000 URLs, under an index', () => {
    const pages = 120_001;
    const origin = 'http://127.0.0.1:1';
    const bodies = sitemapBodies(pages, origin);
    const index = bodies.get('/sitemap.xml')!.toString();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(files).toEqual(['/sitemap-0.xml', '/sitemap-1.xml', '/sitemap-2.xml']);
    const listed = new Uint8Array(pages);
    for (const file of files) {
      const locs = [
        ...bodies
          .get(file)!
          .toString()
          .matchAll(/<loc>([^<]+)<\/loc>/g),
      ].map((m) => m[1]!);
      for (const loc of locs) {
        expect(loc.startsWith(origin)).toBe(true);
        const page = pageIndex(new URL(loc).pathname, pages);
        if (page !== undefined) listed[page]!++;
      }
      expect(locs.length).toBeLessThanOrEqual(50_000);
    }
    expect(listed.every((count) => count === 1)).toBe(true);
  });
});
