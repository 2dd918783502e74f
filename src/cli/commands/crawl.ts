/**
 * `hoplens crawl URL...`: crawls a site from its start URLs and sitemaps (src/crawl/), then writes every link that
 * points at a redirect, a loop or an error in a `check` format (the links as check rows: src/crawl/crawl-rows.ts),
 * and with `--map` the old link → final URL of each page. Exit 1 when a link has an error finding (a warning too with
 * `--strict`), 130 when stopped by Ctrl-C (the state directory is then kept for `--resume`).
 */
import { setMaxListeners } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DiskStore, runCrawl, TallyingStore } from '../../crawl/index.js';
import { type AnalysisFlags, toAnalyzeOptions } from '../analysis-options.js';
import { analyzerSettings } from '../analyzer-settings.js';
import { cliCrawlFetcher } from '../crawl/crawl-fetcher.js';
import type { CrawlFlags } from '../crawl/crawl-flags.js';
import { writeReport } from '../crawl/crawl-output.js';
import { crawlProgress } from '../crawl/crawl-progress.js';
import { crawlSettings } from '../crawl/crawl-settings.js';
import { startUrls } from '../crawl/start-urls.js';
import { docsUrlSetting } from '../docs-url.js';
import { cliError, invalidFlag } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { readPolicyFile } from '../policy-file.js';
import { parseReportSpecs } from '../report-flag.js';

/** The state directory: `--state`'s (kept), or a temporary one (removed when the crawl ends). */
function stateDir(flags: CrawlFlags, cwd: string): { dir: string; temporary: boolean } {
  if (flags.state !== undefined) return { dir: resolve(cwd, flags.state), temporary: false };
  if (flags.resume === true)
    throw invalidFlag('--resume', 'needs --state DIR, the directory of the crawl to go on with');
  return { dir: mkdtempSync(join(tmpdir(), 'hoplens-crawl-')), temporary: true };
}

export async function crawlCommand(targets: readonly string[], flags: CrawlFlags, io: CliIo): Promise<number> {
  if (flags.offline === true) {
    throw cliError('USAGE_ERROR', '--offline is for files (their local links): a site crawl requests its pages', {
      flag: '--offline',
    });
  }
  // A bad --report or HOPLENS_DOCS_URL is refused before the crawl, not after it.
  parseReportSpecs(flags.report, io.cwd ?? process.cwd());
  docsUrlSetting(io.env);
  const starts = await startUrls(targets, flags.revisit, io.cwd ?? process.cwd(), io.signal);
  const settings = crawlSettings(flags);
  const options = toAnalyzeOptions(flags as AnalysisFlags);
  const loaded = await readPolicyFile(flags.config, io.cwd ?? process.cwd());
  if (loaded !== undefined) options.policy = loaded.policy;
  const { dir, temporary } = stateDir(flags, io.cwd ?? process.cwd());
  const store = await DiskStore.open(dir, { resume: flags.resume === true });
  const { fetcher, close } = await cliCrawlFetcher(io, await analyzerSettings(flags, io), options, flags.crawler);
  let interrupted = false;
  const startedAt = performance.now();
  const tallying = new TallyingStore(store);
  const progress = crawlProgress(io, flags.progress !== false, tallying.tally);
  try {
    // Every page and target in flight listens to the one Ctrl-C signal: more than Node's default warning bound of 10.
    if (io.signal !== undefined) setMaxListeners(0, io.signal);
    const onProgress = progress.update;
    const run = await runCrawl(tallying, fetcher, { ...settings, starts, signal: io.signal, onProgress });
    interrupted = run.interrupted;
  } finally {
    // Gone before the report: stdout may be the same terminal.
    progress.stop();
    await close();
  }
  const [totals, failed] = await writeReport(store, flags, io, interrupted, startedAt);
  await store.close();
  if (interrupted) {
    io.stderr.write(`hoplens: crawl interrupted; its state is in ${dir} (go on with --state ${dir} --resume)\n`);
    return EXIT.INTERRUPTED;
  }
  if (temporary) rmSync(dir, { recursive: true, force: true });
  // No page read is no crawl: an unreachable or mistyped start URL must not pass a CI step with "0 findings".
  if (totals.pagesOk === 0) {
    io.stderr.write(`hoplens: no page answered 2xx, so no link was checked (is ${targets.join(', ')} reachable?)\n`);
    return EXIT.FAILED;
  }
  return failed ? EXIT.FAILED : EXIT.OK;
}
