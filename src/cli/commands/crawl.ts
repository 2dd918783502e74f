/**
 * `hoplens crawl URL...`: crawls a site from its start URLs and sitemaps (src/crawl/), then writes every link that
 * points at a redirect, a loop or an error in a `check` format (the links as check rows: src/cli/crawl/crawl-rows.ts),
 * and with `--map` the old link → final URL of each page. Exit 1 when a link has an error finding (a warning too with
 * `--strict`), 130 when stopped by Ctrl-C (the state directory is then kept for `--resume`).
 */
import { setMaxListeners } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { emptySummary } from '../../check/index.js';
import { normalizeUrlInput, parseUrlInput } from '../../core/index.js';
import {
  type CrawlStore,
  type CrawlTotals,
  crawlReport,
  DiskStore,
  runCrawl,
  TallyingStore,
} from '../../crawl/index.js';
import { type CheckFormat, effectiveFormat } from '../../formats/formatter.js';
import { type AnalysisFlags, toAnalyzeOptions } from '../analysis-options.js';
import { analyzerSettings } from '../analyzer-settings.js';
import { colorsFor } from '../colors.js';
import { cliCrawlFetcher } from '../crawl/crawl-fetcher.js';
import type { CrawlFlags } from '../crawl/crawl-flags.js';
import { CrawlMap } from '../crawl/crawl-map.js';
import { crawlProgress } from '../crawl/crawl-progress.js';
import { crawlRow } from '../crawl/crawl-rows.js';
import { crawlSettings } from '../crawl/crawl-settings.js';
import { cutsText } from '../crawl/crawl-summary.js';
import { invalidFlag } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { formatterFor } from '../formats/select-formatter.js';
import { TeeFormatter } from '../formats/tee.js';
import type { CliIo } from '../io.js';
import { openFileSink, Sink } from '../output.js';
import { readPolicyFile } from '../policy-file.js';
import { parseReportSpecs } from '../report-flag.js';

/** The state directory: `--state`'s (kept), or a temporary one (removed when the crawl ends). */
function stateDir(flags: CrawlFlags, cwd: string): { dir: string; temporary: boolean } {
  if (flags.state !== undefined) return { dir: resolve(cwd, flags.state), temporary: false };
  if (flags.resume === true)
    throw invalidFlag('--resume', 'needs --state DIR, the directory of the crawl to go on with');
  return { dir: mkdtempSync(join(tmpdir(), 'hoplens-crawl-')), temporary: true };
}

/**
 * Writes the report of a crawl's store (also `crawl report`'s, of a shared crawl: src/cli/crawl/report-command.ts).
 * `startedAt` (`performance.now()`) is when the crawl began, for the summary's time; by default, now.
 */
export async function writeReport(
  store: CrawlStore,
  flags: CrawlFlags,
  io: CliIo,
  interrupted: boolean,
  startedAt = performance.now(),
): Promise<[CrawlTotals, boolean]> {
  const cwd = io.cwd ?? process.cwd();
  const sink =
    flags.output === undefined
      ? new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY })
      : await openFileSink(resolve(cwd, flags.output), '--output');
  const format = effectiveFormat((flags.format ?? 'table') as CheckFormat, flags.output === undefined, io.env);
  const colors = colorsFor(sink.isTTY, io.env, flags.color);
  const files = await reportFiles(flags, cwd);
  const formatter = new TeeFormatter([
    formatterFor(format, sink, { colors, quiet: false, inputName: 'crawl' }),
    ...files.map(({ formatter }) => formatter),
  ]);
  const map = flags.map === undefined ? undefined : await CrawlMap.open(resolve(cwd, flags.map));
  const summary = emptySummary();
  let line = 0;
  let failed = false;
  await formatter.begin();
  const totals = await crawlReport(store, async (reported) => {
    const row = crawlRow(reported, ++line, flags.strict === true);
    if (row.outcome === 'failed') summary.failed++;
    else summary.passed++;
    failed ||= row.outcome === 'failed';
    await map?.add(reported);
    await formatter.row(row);
  });
  summary.interrupted = interrupted;
  summary.elapsedMs = performance.now() - startedAt;
  await formatter.end(summary);
  await sink.close();
  for (const file of files) await file.sink.close();
  await map?.close();
  io.stderr.write(cutsText(totals));
  return [totals, failed];
}

/** Each `--report FORMAT=FILE`: a formatter of its own on its own file, as `check` writes them. */
async function reportFiles(
  flags: CrawlFlags,
  cwd: string,
): Promise<{ formatter: ReturnType<typeof formatterFor>; sink: Sink }[]> {
  const files = [];
  for (const spec of parseReportSpecs(flags.report, cwd)) {
    const sink = await openFileSink(spec.path, '--report');
    files.push({
      sink,
      formatter: formatterFor(spec.format, sink, {
        colors: colorsFor(false, {}, false),
        quiet: false,
        inputName: 'crawl',
      }),
    });
  }
  return files;
}

export async function crawlCommand(targets: readonly string[], flags: CrawlFlags, io: CliIo): Promise<number> {
  // A bad --report is refused before the crawl, not after it.
  parseReportSpecs(flags.report, io.cwd ?? process.cwd());
  const starts = targets.map((typed) => {
    parseUrlInput(typed);
    return normalizeUrlInput(typed);
  });
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
    io.stderr.write(`hoplens: no page answered 2xx, so no link was checked (is ${starts.join(', ')} reachable?)\n`);
    return EXIT.FAILED;
  }
  return failed ? EXIT.FAILED : EXIT.OK;
}
