/**
 * `hoplens crawl report`: the combined report of a crawl shared by `--worker` processes, read from
 * `DATABASE_URL`'s PostgreSQL and written as `hoplens crawl` writes its own.
 */
import { openSharedCrawl } from '../../crawl/pg/index.js';
import type { CrawlFlags } from '../crawl/crawl-flags.js';
import { writeReport } from '../crawl/crawl-output.js';
import { databaseUnavailable, databaseUrl } from '../crawl/database-url.js';
import { crawlIdOf, type SharedCrawlFlags } from '../crawl/shared-crawl-flags.js';
import { cliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';

export interface CrawlReportFlags extends Pick<SharedCrawlFlags, 'crawlId'> {
  format?: string;
  output?: string;
  report?: string[];
  map?: string;
  strict?: boolean;
  /** False with `--no-color`. */
  color?: boolean;
}

export async function crawlReportCommand(urls: readonly string[], flags: CrawlReportFlags, io: CliIo): Promise<number> {
  if (urls.length === 0 && flags.crawlId === undefined) {
    throw cliError('USAGE_ERROR', "crawl report needs --crawl-id, or the crawl's start URLs");
  }
  const url = databaseUrl(io, 'crawl report');
  const crawlId = crawlIdOf(flags, urls);
  const shared = await openSharedCrawl(url, crawlId).catch((error: unknown) => {
    throw databaseUnavailable(error);
  });
  if (shared === undefined) {
    throw cliError('USAGE_ERROR', `DATABASE_URL's PostgreSQL holds no crawl named ${JSON.stringify(crawlId)}`);
  }
  try {
    // A report of a crawl still running is of what is recorded so far: not an interrupted run.
    const [, failed] = await writeReport(shared.store, flags as CrawlFlags, io, false);
    return failed ? EXIT.FAILED : EXIT.OK;
  } finally {
    await shared.store.close();
  }
}
