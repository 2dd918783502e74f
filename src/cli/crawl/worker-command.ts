/**
 * `hoplens crawl URL --worker`: one of several processes sharing a crawl through `DATABASE_URL`'s PostgreSQL. It
 * joins the crawl (or starts it, storing its settings for the others), crawls with the shared store until the
 * frontier is empty and no worker holds a lease, and exits 0; `hoplens crawl report` writes the combined report.
 */
import { joinSharedCrawl } from '../../crawl/pg/index.js';
import { cliError } from '../errors.js';
import type { CliIo } from '../io.js';
import type { CrawlFlags } from './crawl-flags.js';
import { databaseUnavailable, databaseUrl } from './database-url.js';
import { crawlIdOf, leaseMsOf, type SharedCrawlFlags } from './shared-crawl-flags.js';

export async function crawlWorkerCommand(
  urls: readonly string[],
  flags: CrawlFlags & SharedCrawlFlags,
  io: CliIo,
): Promise<number> {
  const url = databaseUrl(io, 'crawl --worker');
  const crawlId = crawlIdOf(flags, urls);
  const leaseMs = leaseMsOf(flags);
  const shared = await joinSharedCrawl(url, crawlId, { urls }).catch((error: unknown) => {
    throw databaseUnavailable(error);
  });
  try {
    void leaseMs;
    throw cliError('INTERNAL_ERROR', 'crawl --worker: waiting for the crawl engine');
  } finally {
    await shared.store.close();
  }
}
