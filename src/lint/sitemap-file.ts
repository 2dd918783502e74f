import { gunzipWhenCompressed, isInputsError, openInput, readSitemapLocs } from '../inputs/index.js';
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
    const file = await openInput(path, process.stdin);
    const stream = gunzipWhenCompressed(file, path, Number.POSITIVE_INFINITY);
    file.on('error', (error) => stream.destroy(error));
    try {
      for await (const loc of readSitemapLocs(stream)) locs.push(loc);
    } catch (error) {
      const message = isInputsError(error) ? error.message : (error as Error).message;
      throw lintError('LINT_SITEMAP_UNREADABLE', `--sitemap ${path}: ${message}`, {}, { cause: error });
    }
  }
  return sitemapPages(locs, key);
}
