import type { CliIo } from '../io.js';
import type { CrawlFlags } from './crawl-flags.js';

/**
 * `hoplens crawl FILE|DIR...`: the links of Markdown, MDX and HTML files (issue 31). A placeholder until the
 * `crawl-files` branch builds it.
 */
export async function runFilesCrawl(_paths: readonly string[], _flags: CrawlFlags, _io: CliIo): Promise<number> {
  throw new Error('hoplens crawl on files: not built yet');
}
