/*
 * The one reader of XML sitemaps: `hoplens check --input sitemap`, `--samples` read from a sitemap, and any command
 * that needs a sitemap's URLs (scanSitemapLocs streams them without judging them).
 */
export {
  isSitemapName,
  MAX_XML_TOKEN,
  type SitemapAlternate,
  type SitemapEntryAlternates,
  type SitemapLoc,
  scanSitemapLocs,
} from './loc-scanner.js';
export {
  fetchedLike,
  gunzipWhenCompressed,
  isFetchedSitemap,
  isHttpLocation,
  type OpenSitemapOptions,
  openSitemap,
  SITEMAP_MAX_BYTES,
  SITEMAP_TIMEOUT_MS,
  type SitemapFetch,
  sitemapFetchThrough,
} from './open-sitemap.js';
export { readSitemapLocs } from './page-locs.js';
export { readSitemap, type SitemapReadOptions } from './read-sitemap.js';
