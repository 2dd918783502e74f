import { isInputsError, openInput, readSitemapLocs } from '../inputs/index.js';
import { lintError } from './errors.js';
import { type SitemapPages, sitemapPages } from './not-in-sitemap.js';

/**
 * Reads the `--sitemap` files (XML, or gzipped XML told by its first bytes, the inputs room's one rule) into the pages
 * they list, streamed so that a 50,000-URL sitemap costs its set of URLs only. A file that is missing or not a sitemap
 * is an input error naming it. No size cap: lint has never had one for its own files (a URL is capped when fetched).
 */
export async function loadSitemaps(paths: readonly string[], key: (url: string) => string): Promise<SitemapPages> {
  const locs: string[] = [];
  for (const path of paths) {
    // Opened as a sitemap: gunzipped before inputs check that it is text (a gzip file's bytes are not).
    const stream = await openInput(path, process.stdin, 'sitemap', { maxBytes: Number.POSITIVE_INFINITY });
    try {
      for await (const loc of readSitemapLocs(stream)) locs.push(loc);
    } catch (error) {
      const message = isInputsError(error) ? error.message : (error as Error).message;
      throw lintError('LINT_SITEMAP_UNREADABLE', `--sitemap ${path}: ${message}`, {}, { cause: error });
    }
  }
  return sitemapPages(locs, key);
}
