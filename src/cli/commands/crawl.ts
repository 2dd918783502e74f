import type { CrawlFlags } from '../crawl/crawl-flags.js';
import type { CliIo } from '../io.js';

/** `hoplens crawl URL...`: being built on this branch. */
export async function crawlCommand(_urls: readonly string[], _flags: CrawlFlags, _io: CliIo): Promise<number> {
  throw new Error('hoplens crawl on a site: not built yet');
}
