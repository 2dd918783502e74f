/**
 * The hreflang alternates a sitemap gives its pages (`<xhtml:link rel="alternate" hreflang>` in a `<url>` entry), as
 * the links of those pages: Google takes them as it takes the same alternates in the page's HTML or `Link` header
 * (https://developers.google.com/search/docs/specialty/international/localized-versions), so each is
 * recorded on the entry's `<loc>`, where reciprocity and redirects are judged as for the others.
 */
import type { SitemapEntryAlternates } from '../inputs/index.js';
import type { LinkElement, LinkRecord } from './crawl-store.js';
import { crawlUrl } from './crawl-url.js';

export function sitemapAlternateLinks(
  entries: readonly SitemapEntryAlternates[],
  skip: ReadonlySet<LinkElement>,
): LinkRecord[] {
  if (skip.has('hreflang')) return [];
  const links: LinkRecord[] = [];
  for (const entry of entries) {
    const page = crawlUrl(entry.loc);
    if (page === undefined) continue;
    for (const alternate of entry.alternates) {
      const url = crawlUrl(alternate.href, page);
      if (url === undefined) continue;
      links.push({
        page: page.href,
        element: 'hreflang',
        url: url.href,
        raw: alternate.href,
        text: alternate.hreflang,
        from: 'sitemap',
      });
    }
  }
  return links;
}
