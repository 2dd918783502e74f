import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import {
  type CheckSummary,
  checkedRows,
  judgeRun,
  type RowCache,
  RunJudging,
  shardItems,
  subsetItems,
} from '../../check/index.js';
import type { AnalyzerConfig } from '../../core/index.js';
import { effectiveFormat, isHumanFormat } from '../../formats/formatter.js';
import {
  type CsvColumns,
  describeColumns,
  type InputItem,
  type InputReadOptions,
  isHttpLocation,
  isInputsError,
  isRuleFormat,
  type OpenSitemapOptions,
  openInput,
  type ReadAhead,
  readAhead,
  readInput,
  replayItems,
} from '../../inputs/index.js';
import { acquireAnalyzer } from '../analyzer.js';
import { analyzerSettings } from '../analyzer-settings.js';
import { loadBaseline } from '../baseline-file.js';
import { type CheckChannels, openChannels } from '../check/channels.js';
import { collapseSettings } from '../check/collapse-settings.js';
import { explainFor } from '../check/explain.js';
import { refuseOutputOverInputs } from '../check/output-guard.js';
import type { CheckFlags, CheckPlan } from '../check/plan.js';
import { planCheck } from '../check/plan.js';
import { CheckReport } from '../check/report.js';
import { findRuleChains } from '../check/rule-chains.js';
import { countRunRows, prepareRun, type RunExtras, saveRunCache } from '../check/run-extras.js';
import { renderSummary } from '../check/summary-text.js';
import { type RunVerdict, runVerdict } from '../check/verdict.js';
import type { CliError } from '../errors.js';
import { fileLine, fileName } from '../file-line.js';
import { type CliIo, outputClosed } from '../io.js';
import { readPolicyFile } from '../policy-file.js';

/**
 * `hoplens check <file>`: checks every row of a list, CSV or redirect-rule file, streaming rows in and results out.
 * Everything that can be wrong with the command line or the files is found before the first request. src/check
 * judges and counts the rows; this writes them.
 */
export async function checkCommand(file: string, given: CheckFlags, io: CliIo): Promise<number> {
  const started = performance.now();
  const cwd = io.cwd ?? process.cwd();
  // `--resume` writes its ndjson report: no table to annotate.
  const toStdout = given.output === undefined && given.resume === undefined;
  const flags = { ...given, format: effectiveFormat(given.format, toStdout, io.env) };
  const plan = await planCheck(file, flags, cwd);
  const loaded = await readPolicyFile(flags.config, cwd);
  if (loaded !== undefined) plan.analyzeOptions.policy = loaded.policy;
  const collapse = collapseSettings(flags.collapseThreshold, loaded?.policy);
  await refuseOutputOverInputs(plan);
  const settings = await analyzerSettings(flags, io);
  // Inputs first, output last: a bad input must not leave an empty report file behind.
  const baseline = plan.baselinePath === undefined ? undefined : await loadBaseline(plan.baselinePath);
  const sitemap = sitemapOptions(plan, settings);
  const stream = await openInput(plan.inputPath, io.stdin, plan.inputFormat, sitemap);
  // The input's file is open from here: closed however the run ends, not left to the garbage collector.
  const closeInput = () => {
    if (stream !== io.stdin) stream.destroy();
  };
  const ahead = await readRulesAhead(plan, stream);
  const judging = new RunJudging({
    ...{ expectations: plan.expectations, baseline, failOnChange: plan.failOnChange, collapse, stats: flags.stats },
    explain: explainFor(ahead === undefined ? undefined : findRuleChains(plan, ahead.items)),
    shard: plan.shard !== undefined,
  });
  const warn = (text: string) => void io.stderr.write(`hoplens: ${text}\n`);
  // What earlier runs left (a resumed report, a cache) is read before the report is opened, which may append to it.
  const opened = prepareRun(plan, judging, settings, warn).then(async (extras) => ({
    extras,
    channels: await openChannels(plan, io),
  }));
  const { extras, channels } = await opened.catch((error: unknown) => {
    closeInput();
    throw error;
  });
  const report = new CheckReport(plan, channels, judging.summary);
  let verdict: RunVerdict | undefined;
  try {
    const run = { plan, judging, report, channels, io, settings, extras, ahead, sitemap, stream, collapse };
    verdict = await runRows(run, started);
  } finally {
    closeInput();
    await channels.close();
    await saveRunCache(plan, extras, warn);
  }
  // The table carries its own summary; a report in a file or on stdout gets it on the human side as well.
  if (!isHumanFormat(plan.format) || plan.outputPath !== undefined) {
    await channels.tell(channels.human, renderSummary(judging.summary, channels.humanColors, plan.quiet));
  }
  if (verdict?.note !== undefined)
    await channels.errors.write(`hoplens: ${fileLine(plan.inputName, undefined, verdict.note)}\n`);
  return verdict!.exit;
}

/** What a check's run needs once its inputs and report are open. */
interface CheckRun {
  plan: CheckPlan;
  judging: RunJudging;
  report: CheckReport;
  channels: CheckChannels;
  io: CliIo;
  settings: AnalyzerConfig;
  extras: RunExtras;
  ahead: ReadAhead | undefined;
  sitemap: OpenSitemapOptions;
  stream: Readable;
  collapse: ReturnType<typeof collapseSettings>;
}

/** Runs the rows (a `--shard`'s share, a `--resume`'s rest), writes each, and ends the report with its verdict. */
async function runRows(run: CheckRun, started: number): Promise<RunVerdict> {
  const { plan, judging, report, channels, io, extras, ahead, sitemap } = run;
  await channels.formatter.begin();
  const rows = ahead === undefined ? await readRows(plan, run.stream, io, sitemap, channels) : replayItems(ahead);
  // Only a `--shard`'s share of the rows is run.
  const share = plan.shard === undefined ? rows : shardItems(rows, plan.shard);
  const chosen = extras.subset === undefined ? share : subsetItems(share, extras.subset);
  const stop = await runAndReport(plan, chosen, judging, report, io, run.settings, extras.cache);
  const complete = !stop.stoppedEarly && stop.inputError === undefined;
  const elapsedMs = performance.now() - started;
  const { summary, missing } = judging.finish({ elapsedMs, interrupted: stop.interrupted, complete });
  if (stop.interrupted) await countUnchecked(plan, summary, { ahead, extras, io, sitemap });
  await report.notes(missing, stop.inputError);
  const verdict = runVerdict(summary, stop.inputError, run.collapse, plan.expectations.strict);
  summary.verdict = { exit: verdict.exit, reasons: verdict.reasons };
  await channels.formatter.end(summary);
  return verdict;
}

/**
 * A rules file's items, read ahead once (src/inputs/read-ahead.ts): the chains between its rules are found among
 * them, and the run replays them, so that the file is read and parsed once. Undefined for a list, a CSV, a sitemap
 * (streamed: they may be large) and `--samples` (the rules are compiled, not run).
 */
async function readRulesAhead(plan: CheckPlan, stream: Readable): Promise<ReadAhead | undefined> {
  if (!isRuleFormat(plan.inputFormat) || plan.samples !== undefined) return undefined;
  return readAhead(readInput(plan.inputFormat, stream, plan.readOptions));
}

/** The input's items: the file's rows, or `--samples` matched against its rules. */
async function readRows(
  plan: CheckPlan,
  stream: Readable,
  io: CliIo,
  sitemap: OpenSitemapOptions,
  channels: CheckChannels,
): Promise<AsyncIterable<InputItem>> {
  const options = {
    ...plan.readOptions,
    csv: csvOptions(plan, channels),
    ...sitemap,
  };
  return plan.samples === undefined
    ? readInput(plan.inputFormat, stream, options)
    : await samples(plan, stream, io, sitemap);
}

/**
 * How a sitemap input is opened and read: the `--sitemap-max-size` cap, and the `--ca` authorities for an https
 * sitemap, trusted as they are for the rows' own requests.
 */
function sitemapOptions(plan: CheckPlan, settings: AnalyzerConfig): OpenSitemapOptions {
  const ca = settings.ca === undefined ? undefined : typeof settings.ca === 'string' ? [settings.ca] : settings.ca;
  return {
    ...(plan.sitemapMaxBytes === undefined ? {} : { maxBytes: plan.sitemapMaxBytes }),
    ...(ca === undefined ? {} : { ca }),
  };
}

/**
 * How a CSV input is read: the columns `--columns` names, and, for people (on stderr, in every format), which columns were
 * used, on stderr, so that a target column read under an unexpected name (or not read) shows.
 */
function csvOptions(plan: CheckPlan, channels: CheckChannels): NonNullable<InputReadOptions['csv']> {
  const tell = (columns: CsvColumns) => {
    void channels.tell(channels.errors, `hoplens: ${fileName(plan.inputName)}: columns: ${describeColumns(columns)}\n`);
  };
  return {
    ...(plan.columns === undefined ? {} : { columns: plan.columns }),
    // On stderr, the human side, whatever the format: a machine report on stdout or in a file stays clean.
    onColumns: tell,
  };
}

/**
 * The rows of `--samples`: the rules file compiled whole (src/inputs/patterns/), each sample matched against it. A
 * sitemap's samples are read as written, so that rules naming the old host still match them; list and CSV paths
 * are made absolute on --base-url.
 */
async function samples(
  plan: CheckPlan,
  rulesStream: Readable,
  io: CliIo,
  sitemap: OpenSitemapOptions,
): Promise<AsyncIterable<InputItem>> {
  const { compileRules, hasPatternMatching, sampleRows } = await import('../../inputs/patterns/index.js');
  const { path, format } = plan.samples!;
  if (!hasPatternMatching(plan.inputFormat)) throw new Error(`no pattern matching for ${plan.inputFormat}`);
  const rules = await compileRules(plan.inputFormat, rulesStream, plan.variant);
  const sampleStream = await openInput(path, io.stdin, format, sitemap);
  const baseUrl = plan.baseUrl === undefined ? {} : { baseUrl: plan.baseUrl };
  // Only a sample CSV's sources are read: its other columns, URLs or not, are nothing to refuse it for.
  const items = readInput(
    format,
    sampleStream,
    // A sample `//old//page` is a path as a server receives it (to test merge_slashes), not the host `old`.
    format === 'sitemap'
      ? sitemap
      : { ...baseUrl, slashPaths: true, csv: { columns: { target: '' }, slashPaths: true } },
  );
  return sampleRows(rules, items, baseUrl);
}

/**
 * Sets how many rows an interrupted run never checked, when its input can be read again (a file, or rules read
 * ahead; not standard input or a URL, read once, nor `--samples`): it is read again and counted, not checked.
 */
async function countUnchecked(
  plan: CheckPlan,
  summary: CheckSummary,
  run: { ahead: ReadAhead | undefined; extras: RunExtras; io: CliIo; sitemap: OpenSitemapOptions },
): Promise<void> {
  const { ahead, extras, io, sitemap } = run;
  if (plan.samples !== undefined) return;
  let items: AsyncIterable<InputItem>;
  if (ahead !== undefined) items = replayItems(ahead);
  else if (plan.inputPath === '-' || isHttpLocation(plan.inputPath)) return;
  else {
    const stream = await openInput(plan.inputPath, io.stdin, plan.inputFormat, sitemap);
    const columns = plan.columns === undefined ? {} : { columns: plan.columns };
    items = readInput(plan.inputFormat, stream, { ...plan.readOptions, csv: columns, ...sitemap });
  }
  try {
    summary.unchecked = Math.max(0, (await countRunRows(plan, items, extras)) - checkedRows(summary));
  } catch {
    // An input that no longer reads as it did: the count is left out, the run's results stand.
  }
}

/** How the rows stopped coming: the input's error, Ctrl-C, or a reader that closed stdout. */
interface RunStop {
  /** The input failed before its end (`INPUT_ERROR`): the rows before it stand. */
  inputError?: CliError;
  /** Stopped by Ctrl-C. */
  interrupted: boolean;
  /** Stopped before the input's end (Ctrl-C, or a closed stdout): not every row was checked. */
  stoppedEarly: boolean;
}

/**
 * Runs the rows, judged by src/check, and writes each as it comes, until the input ends, fails (its `INPUT_ERROR` is
 * returned, the rows before it stand) or Ctrl-C stops the run.
 */
async function runAndReport(
  plan: CheckPlan,
  rows: AsyncIterable<InputItem>,
  judging: RunJudging,
  report: CheckReport,
  io: CliIo,
  config: AnalyzerConfig,
  cache: RowCache | undefined,
): Promise<RunStop> {
  // The run's own signal, following Ctrl-C: every row in flight (and every retry wait) listens to it, so it may
  // have as many listeners as rows at once, which Node would otherwise warn about past ten.
  const stop = new AbortController();
  setMaxListeners(plan.limits.concurrency * 2 + 10, stop.signal);
  const interrupt = () => stop.abort();
  if (io.signal?.aborted) stop.abort();
  io.signal?.addEventListener('abort', interrupt, { once: true });

  const { analyzer, release } = acquireAnalyzer(io, config);
  const requestOptions = { ...plan.analyzeOptions, signal: stop.signal };
  let inputError: CliError | undefined;
  try {
    // Validated once for the whole run, not for every row.
    const analyze = await analyzer.withOptions(requestOptions);
    for await (const event of judgeRun(rows, { ...plan.limits, analyze, signal: stop.signal, cache }, judging)) {
      await report.event(event);
    }
  } catch (error) {
    if (!isInputsError(error)) throw error;
    inputError = error;
  } finally {
    report.channels.progress.stop();
    io.signal?.removeEventListener('abort', interrupt);
    await release();
  }
  // A closed stdout stops the run too, but as the end its reader chose: no "interrupted", the usual verdict.
  const interrupted = stop.signal.aborted && !outputClosed(io.signal);
  return { ...(inputError === undefined ? {} : { inputError }), interrupted, stoppedEarly: stop.signal.aborted };
}
