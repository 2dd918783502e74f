/**
 * The crawl's sitemap limits, declared once in the option table's row shape (src/core/portable/option-table.ts): each
 * one's default, range, flag and help. `hoplens crawl`'s flags and their help are made from these rows
 * (src/cli/crawl/register.ts), the flags are read within their range (src/cli/crawl/crawl-settings.ts), and
 * docs/crawl.md's figures are checked against them (test/crawl/sitemap-bounds.test.ts). They are the crawl's, not an
 * analysis's: the analysis table feeds the API and every command, these only `crawl`.
 */
import type { IntegerOption } from '../core/index.js';

export const CRAWL_OPTION_TABLE = Object.freeze({
  maxSitemaps: {
    kind: 'integer',
    // A robots.txt naming more is a flood, not a site map (issue 41: 100 sitemaps of 50,000 URLs).
    default: 100,
    min: 0,
    max: 100_000,
    cli: {
      flag: '--max-sitemaps <n>',
      help: 'the most sitemap files read per crawl (given, named by robots.txt, or listed by an index); the rest are counted, never requested',
    },
  } satisfies IntegerOption,
  maxSitemapUrls: {
    kind: 'integer',
    // The sitemaps protocol's most URLs in one sitemap file (https://www.sitemaps.org/protocol.html), for the crawl.
    default: 50_000,
    min: 0,
    max: 100_000_000,
    cli: {
      flag: '--max-sitemap-urls <n>',
      help: 'the most sitemap entries taken per crawl, all sitemaps together; the rest are counted, never requested',
    },
  } satisfies IntegerOption,
});

export type CrawlOptionName = keyof typeof CRAWL_OPTION_TABLE;

for (const row of Object.values(CRAWL_OPTION_TABLE)) {
  Object.freeze(row.cli);
  Object.freeze(row);
}
