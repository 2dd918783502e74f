import { createGunzip } from 'node:zlib';
import { type SitemapPages, sitemapPages } from '../../inputs/lint/index.js';
import { readSitemapLocs } from '../../inputs/sitemap/index.js';
import { cliError, isCliError } from '../errors.js';
import { openInput } from '../inputs/source.js';

/**
 * Reads the `--sitemap` files (XML, or gzipped XML by a `.gz` name) into the pages they list, streamed so that a
 * 50,000-URL sitemap costs its set of URLs only. A file that is missing or not a sitemap is an input error naming it.
 */
export async function loadSitemaps(paths: readonly string[], key: (url: string) => string): Promise<SitemapPages> {
  const locs: string[] = [];
  for (const path of paths) {
    const file = await openInput(path, process.stdin);
    const stream = path.endsWith('.gz') ? file.pipe(createGunzip()) : file;
    file.on('error', (error) => stream.destroy(error));
    try {
      for await (const loc of readSitemapLocs(stream)) locs.push(loc);
    } catch (error) {
      const message = isCliError(error) ? error.message : (error as Error).message;
      throw cliError('INPUT_ERROR', `--sitemap ${path}: ${message}`);
    }
  }
  return sitemapPages(locs, key);
}
