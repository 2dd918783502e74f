/**
 * The hosts a sitemap may list URLs of, by the sitemaps protocol (https://www.sitemaps.org/protocol.html, "Sitemap
 * file location" and "Sitemaps & Cross Submits"): its own host, and a host whose robots.txt names the sitemap (the
 * owner of that host vouching for it: cross-submission). An entry on any other host is off-site: reported, never
 * requested, so a sitemap cannot turn the crawler into a request source against a third party.
 *
 * - A host is the URL's host and port (`127.0.0.1:8080`); the scheme may differ (an http sitemap listing its host's
 *   https URLs is the site's own, and a redirect finding tells the rest).
 * - The protocol also confines a sitemap to its own directory (`/catalog/sitemap.xml` lists `/catalog/...`); the crawl
 *   does not: that rule keeps apart writers of one host, not hosts, and sitemaps under `/sitemaps/` listing a whole
 *   site from a root index are common. The crawl's `--scope` still decides what is crawled.
 * - Only the start URLs' robots.txt is asked, which the crawl reads anyway: judging a third host's cross-submission
 *   would take a request to that host, the very thing refused. A sitemap listed by an index on its own host counts
 *   as named where the index is (an index lists its own host's sitemaps only, as the protocol says).
 */
import type { CrawlContext } from './crawl-context.js';
import type { FrontierEntry } from './crawl-store.js';
import { crawlUrl } from './crawl-url.js';

export async function sitemapHosts(context: CrawlContext, entry: FrontierEntry): Promise<ReadonlySet<string>> {
  const own = new URL(entry.url).host;
  const hosts = new Set([own]);
  const named = new Set([entry.url]);
  if (entry.referrer !== undefined && crawlUrl(entry.referrer)?.host === own) named.add(entry.referrer);
  for (const start of context.starts) {
    if (hosts.has(start.host)) continue;
    const robots = await context.robots.for(start);
    if (robots.sitemaps.some((listed) => named.has(crawlUrl(listed, start)?.href ?? ''))) hosts.add(start.host);
  }
  return hosts;
}
