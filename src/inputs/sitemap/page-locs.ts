import type { Readable } from 'node:stream';
import { malformedInput } from '../errors.js';
import { scanSitemapLocs } from './loc-scanner.js';

/**
 * The page URLs of one sitemap, as the stream arrives (lint's `--sitemap`): the one `<loc>` scanner's pages. A sitemap
 * index lists sitemaps, not pages: it stops the input, naming what to give instead.
 */
export async function* readSitemapLocs(stream: Readable): AsyncGenerator<string> {
  for await (const entry of scanSitemapLocs(stream)) {
    if (entry.kind === 'sitemap') {
      throw malformedInput('this is a sitemap index: give the sitemaps it lists (--sitemap is repeatable)');
    }
    yield entry.loc;
  }
}
