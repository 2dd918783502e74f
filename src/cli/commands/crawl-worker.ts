/**
 * `hoplens crawl URL --worker`: one of several processes sharing a crawl through `DATABASE_URL`'s PostgreSQL. It
 * joins the crawl (or starts it, storing its settings for the others), crawls with the shared store until the
 * frontier is empty and no worker holds a lease, and exits 0; `hoplens crawl report` writes the combined report.
 */
import { normalizeUrlInput, parseUrlInput } from '../../core/index.js';
import { runCrawl } from '../../crawl/index.js';
import { isDatabaseFailure, joinSharedCrawl, type SharedCrawl } from '../../crawl/pg/index.js';
import { type AnalysisFlags, toAnalyzeOptions } from '../analysis-options.js';
import { analyzerSettings } from '../analyzer-settings.js';
import { cliCrawlFetcher } from '../crawl/crawl-fetcher.js';
import type { CrawlFlags } from '../crawl/crawl-flags.js';
import { crawlSettings } from '../crawl/crawl-settings.js';
import { databaseUnavailable, databaseUrl } from '../crawl/database-url.js';
import { crawlIdOf, leaseMsOf, type SharedCrawlFlags } from '../crawl/shared-crawl-flags.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { readPolicyFile } from '../policy-file.js';

/** Flags that are the worker's own, not the crawl's: its output, its local state, its place in the shared crawl. */
const OWN_FLAGS: ReadonlySet<string> = new Set([
  'format',
  'output',
  'report',
  'map',
  'strict',
  'progress',
  'color',
  'state',
  'resume',
  'fix',
  'fixTemporary',
  'write',
  'worker',
  'crawlId',
  'lease',
]);

/** What the first worker stores for all: the start URLs, and the flags that decide what is crawled and how. */
export interface StoredCrawl {
  starts: string[];
  flags: Record<string, unknown>;
}

function storedCrawl(starts: string[], flags: CrawlFlags): StoredCrawl {
  const shared = Object.entries(flags).filter(([name, value]) => !OWN_FLAGS.has(name) && value !== undefined);
  return { starts, flags: Object.fromEntries(shared) };
}

export async function crawlWorkerCommand(
  targets: readonly string[],
  flags: CrawlFlags & SharedCrawlFlags,
  io: CliIo,
): Promise<number> {
  const url = databaseUrl(io, 'crawl --worker');
  const leaseMs = leaseMsOf(flags);
  const starts = targets.map((typed) => {
    parseUrlInput(typed);
    return normalizeUrlInput(typed);
  });
  const crawlId = crawlIdOf(flags, starts);
  const own = storedCrawl(starts, flags);
  // Checked before joining, so that a bad flag starts no crawl.
  crawlSettings(flags);
  const shared = await joinSharedCrawl(url, crawlId, own).catch((error: unknown) => {
    throw databaseUnavailable(error);
  });
  const stored = shared.settings;
  if (!shared.started && JSON.stringify(stored) !== JSON.stringify(own)) {
    io.stderr.write(
      `hoplens: crawl ${JSON.stringify(crawlId)} was started with other settings: this worker uses those\n`,
    );
  }
  let failed = false;
  try {
    return await crawlAsWorker(shared, crawlId, leaseMs, io);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // Giving the leases back fails when the database does (they then come back one lease later, docs/crawl.md):
    // the crawl's own error is the one to tell, not this one after it.
    await shared.store.close().catch((error: unknown) => {
      if (!failed) throw isDatabaseFailure(error) ? databaseUnavailable(error) : error;
    });
  }
}

/** Crawls with the crawl's stored settings until the frontier is empty (0) or the worker is stopped (130). */
async function crawlAsWorker(
  shared: SharedCrawl<StoredCrawl>,
  crawlId: string,
  leaseMs: number,
  io: CliIo,
): Promise<number> {
  const { store, settings: stored } = shared;
  const crawlFlags = stored.flags as CrawlFlags;
  const options = toAnalyzeOptions(crawlFlags as AnalysisFlags);
  const loaded = await readPolicyFile(crawlFlags.config, io.cwd ?? process.cwd());
  if (loaded !== undefined) options.policy = loaded.policy;
  const config = await analyzerSettings(crawlFlags, io);
  const { fetcher, close } = await cliCrawlFetcher(io, config, options, crawlFlags.crawler);
  let run: Awaited<ReturnType<typeof runCrawl>>;
  try {
    const own = crawlSettings(crawlFlags);
    // --max-pages, --per-host and --rate hold for the whole crawl, not for each worker.
    const limits = store.sharedLimits({ rate: own.rate, leaseMs });
    const settings = { ...own, starts: stored.starts, leaseMs, signal: io.signal, budget: limits, gate: limits };
    // The database failing under the crawl (a restart, the server gone) is its error, said as such: not a bug.
    run = await runCrawl(store, fetcher, settings).catch((error: unknown) => {
      throw isDatabaseFailure(error) ? databaseUnavailable(error) : error;
    });
  } finally {
    await close();
  }
  const { pages, targetsDone } = run.counts;
  const id = JSON.stringify(crawlId);
  if (run.interrupted) {
    io.stderr.write(`hoplens: worker stopped; crawl ${id} goes on with the other workers (its pages given back)\n`);
    return EXIT.INTERRUPTED;
  }
  io.stderr.write(
    `hoplens: crawl ${id} done: ${pages} pages, ${targetsDone} link targets analysed; write its report with: hoplens crawl report --crawl-id ${shellWord(crawlId)}\n`,
  );
  return EXIT.OK;
}

/** A crawl id as one word of a POSIX shell command line. */
function shellWord(text: string): string {
  return /^[\w.:/@%+=-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
