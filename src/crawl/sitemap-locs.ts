/**
 * The `<loc>`s of a sitemap the crawl reads: fetched like a page (the analysis's pool, so its address policy), up to
 * the sitemaps protocol's 50 MB uncompressed (https://www.sitemaps.org/protocol.html), gunzipped when it is gzip, and
 * read by the inputs room's one `<loc>` scanner. A sitemap index's entries are sitemaps to read in turn.
 */
import { Readable } from 'node:stream';
import {
  gunzipWhenCompressed,
  SITEMAP_MAX_BYTES,
  type SitemapEntryAlternates,
  type SitemapLoc,
  scanSitemapLocs,
} from '../inputs/index.js';
import type { CrawlFetcher } from './crawl-fetcher.js';

/** What a sitemap gives, in order: its `<loc>`s, and each `<url>` entry's hreflang alternates after its `<loc>`. */
export type SitemapItem = SitemapLoc | SitemapEntryAlternates;

/**
 * The sitemap's entries as they are scanned (50,000 of them need not be held at once), or the status it answered with
 * instead (a 404, a redirect: a sitemap is not followed; then no entry).
 */
export async function sitemapLocStream(
  url: string,
  fetcher: CrawlFetcher,
  signal?: AbortSignal,
): Promise<{ status: number; locs: AsyncIterable<SitemapItem> | Iterable<SitemapItem>; contentType: string }> {
  const response = await fetcher.fetch(url, {
    maxBytes: SITEMAP_MAX_BYTES,
    accept: 'application/xml,text/xml,*/*;q=0.5',
    signal,
  });
  const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (response.status < 200 || response.status > 299) return { status: response.status, locs: [], contentType };
  const body = gunzipWhenCompressed(Readable.from([response.body]), url, SITEMAP_MAX_BYTES);
  // Each `<url>` entry's hreflang alternates too (src/crawl/sitemap-alternates.ts).
  return { status: response.status, locs: scanSitemapLocs(body, { alternates: true }), contentType };
}
