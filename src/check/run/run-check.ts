import { setMaxListeners } from 'node:events';
import type { Readable } from 'node:stream';
import { type AnalysisResult, type AnalyzeOptions, type AnalyzerConfig, HstsStore } from '../../core/index.js';
import {
  type CsvColumns,
  type InputItem,
  type InputsError,
  isInputsError,
  openInput,
  type ReadAhead,
  replayItems,
} from '../../inputs/index.js';
import type { Baseline } from '../baseline.js';
import { judgeRun } from '../check-run.js';
import type { CollapseSettings } from '../collapse.js';
import type { Attempt, RowResult } from '../result.js';
import { subsetItems } from '../row-subset.js';
import { RunJudging } from '../run-judging.js';
import { type RunOutcome, runOutcome } from '../run-outcome.js';
import { shardItems } from '../shard.js';
import type { CheckSummary } from '../summary.js';
import type { JudgedEvent } from '../tally.js';
import type { CheckRunPlan } from './plan.js';
import { findRuleChains, type RuleChains } from './rule-chains.js';
import { type EarlierRuns, prepareRun, type RunExtras, saveRunCache } from './run-extras.js';
import { countUnchecked, type RunInput, readRows, readRulesAhead, sitemapOptions } from './run-input.js';

/** Where a run's rows go as they are judged: the face writes them (its reports, a terminal); the run calls these. */
export interface CheckRunWriter {
  begin(): Promise<void>;
  /** The columns a CSV input's rows are read from, once known. */
  columns(columns: CsvColumns): void;
  event(event: JudgedEvent): Promise<void>;
  /** No more rows come (a progress bar stops here). */
  rowsEnded(): void;
  /** After the last row: baseline rows not checked, and the input's error that ended the run early. */
  notes(missing: readonly string[], inputError: InputsError | undefined): Promise<void>;
  /** The run's summary and how it ended, last. */
  end(summary: CheckSummary, outcome: RunOutcome): Promise<void>;
  close(): Promise<void>;
}

/** The analyzer a run borrows, and how to let go of it. */
export interface RunAnalyzer {
  analyzer: { withOptions(options?: AnalyzeOptions): Promise<(url: string) => Promise<AnalysisResult>> };
  release(): Promise<void>;
}

/**
 * What a check run is given besides its plan: every side effect comes from here (the clock, standard input, the
 * abort signal, the analyzer, the baseline's and earlier reports' readers, the writer of its rows).
 */
export interface CheckRunSetup extends EarlierRuns {
  /** The analyzer's settings (authorities, allowed networks): part of the cache's context, and a sitemap's `ca`. */
  settings: AnalyzerConfig;
  collapse: CollapseSettings;
  /** The run's figures in the summary; false: nowhere. */
  stats?: boolean | undefined;
  stdin: Readable;
  /** Stops the run (Ctrl-C, or a reader that went away). */
  signal?: AbortSignal | undefined;
  /** Whether the signal stopped the run as its reader chose (a closed output), not as an interruption. */
  endedByReader(signal: AbortSignal | undefined): boolean;
  /** The clock, in ms, and its reading when the run started. */
  now(): number;
  started: number;
  loadBaseline(path: string): Promise<Baseline>;
  /** The face's reasons for a row that did not pass, given the rules file's chains. */
  explain(chains: RuleChains | undefined): (result: RowResult, attempt: Attempt) => readonly string[];
  analyzer(config: AnalyzerConfig): RunAnalyzer;
  /**
   * Opens the writer, after the input and what earlier runs left were read (a bad input leaves no report); `counts`
   * are the run's, kept up to date as rows are judged.
   */
  openWriter(counts: CheckSummary): Promise<CheckRunWriter>;
}

/** How a run ended: its summary (the verdict's reasons set by the writer's `end`), and the outcome. */
export interface CheckRunResult {
  summary: CheckSummary;
  outcome: RunOutcome;
}

/** A run once its input and writer are open. */
interface OpenRun {
  plan: CheckRunPlan;
  setup: CheckRunSetup;
  input: RunInput;
  judging: RunJudging;
  writer: CheckRunWriter;
  extras: RunExtras;
  ahead: ReadAhead | undefined;
  stream: Readable;
}

/**
 * Checks every row of a plan's input, streaming rows in and judged rows out to the setup's writer: reads the
 * baseline and the input, prepares what earlier runs left, runs the rows (a shard's share, a resume's rest), and
 * ends with the summary. Everything that can be wrong with the files is found before the first request.
 */
export async function runCheck(plan: CheckRunPlan, setup: CheckRunSetup): Promise<CheckRunResult> {
  const baseline = plan.baselinePath === undefined ? undefined : await setup.loadBaseline(plan.baselinePath);
  const input: RunInput = { plan, stdin: setup.stdin, sitemap: sitemapOptions(plan, setup.settings) };
  const stream = await openInput(plan.inputPath, setup.stdin, plan.inputFormat, input.sitemap);
  // The input's file is open from here: closed however the run ends, not left to the garbage collector.
  const closeInput = () => {
    if (stream !== setup.stdin) stream.destroy();
  };
  const ahead = await readRulesAhead(plan, stream);
  const { expectations, failOnChange } = plan;
  const chains = ahead === undefined ? undefined : await findRuleChains(plan.baseUrl, ahead.items);
  const judging = new RunJudging({
    ...{ expectations, baseline, failOnChange, collapse: setup.collapse, stats: setup.stats },
    explain: setup.explain(chains),
    shard: plan.shard !== undefined,
  });
  // What earlier runs left (a resumed report, a cache) is read before the writer opens, which may append to it.
  const opened = prepareRun(plan, judging, setup.settings, setup).then(async (extras) => ({
    extras,
    writer: await setup.openWriter(judging.summary),
  }));
  const { extras, writer } = await opened.catch((error: unknown) => {
    closeInput();
    throw error;
  });
  try {
    return await runRows({ plan, setup, input, judging, writer, extras, ahead, stream });
  } finally {
    closeInput();
    await writer.close();
    await saveRunCache(plan, extras, (text) => setup.warn(text));
  }
}

/** Runs the rows (a shard's share, a resume's rest), writes each, and ends the report with its outcome. */
async function runRows(run: OpenRun): Promise<CheckRunResult> {
  const { plan, setup, judging, writer, extras, ahead } = run;
  await writer.begin();
  const rows =
    ahead === undefined ? await readRows(run.input, run.stream, (c) => writer.columns(c)) : replayItems(ahead);
  // Only a shard's share of the rows is run.
  const share = plan.shard === undefined ? rows : shardItems(rows, plan.shard);
  const chosen = extras.subset === undefined ? share : subsetItems(share, extras.subset);
  const stop = await runAndWrite(run, chosen);
  const complete = !stop.stoppedEarly && stop.inputError === undefined;
  const elapsedMs = setup.now() - setup.started;
  const { summary, missing } = judging.finish({ elapsedMs, interrupted: stop.interrupted, complete });
  if (stop.interrupted) await countUnchecked(run.input, summary, ahead, extras);
  await writer.notes(missing, stop.inputError);
  const { collapse } = setup;
  const outcome = runOutcome(summary, {
    inputFailed: stop.inputError !== undefined,
    collapse,
    strict: plan.expectations.strict,
    ...(plan.inconclusive === undefined ? {} : { inconclusive: plan.inconclusive }),
  });
  await writer.end(summary, outcome);
  return { summary, outcome };
}

/** How the rows stopped coming: the input's error, an interruption, or a reader that went away. */
interface RunStop {
  /** The input failed before its end: the rows before it stand. */
  inputError?: InputsError;
  /** Stopped by an interruption (Ctrl-C). */
  interrupted: boolean;
  /** Stopped before the input's end: not every row was checked. */
  stoppedEarly: boolean;
}

/**
 * Runs the rows, judged, and writes each as it comes, until the input ends, fails (its error is returned, the rows
 * before it stand) or the signal stops the run.
 */
async function runAndWrite(run: OpenRun, rows: AsyncIterable<InputItem>): Promise<RunStop> {
  const { plan, setup, judging, writer, extras } = run;
  // The run's own signal, following the setup's: every row in flight (and every retry wait) listens to it, so it
  // may have as many listeners as rows at once, which Node would otherwise warn about past ten.
  const stop = new AbortController();
  setMaxListeners(plan.limits.concurrency * 2 + 10, stop.signal);
  const interrupt = () => stop.abort();
  const { signal } = setup;
  if (signal?.aborted) stop.abort();
  signal?.addEventListener('abort', interrupt, { once: true });

  const { analyzer, release } = setup.analyzer(setup.settings);
  // With --as-browser, one returning browser for the whole run (issue 46): a host that sent HSTS to a row is upgraded
  // for the rows whose hops come after it, as a browser's profile keeps it across tabs.
  const browser = plan.analyzeOptions.asBrowser === true ? { hstsStore: new HstsStore() } : {};
  const requestOptions = { ...plan.analyzeOptions, ...browser, signal: stop.signal };
  let inputError: InputsError | undefined;
  try {
    // Validated once for the whole run, not for every row.
    const analyze = await analyzer.withOptions(requestOptions);
    const config = { ...plan.limits, analyze, signal: stop.signal, cache: extras.cache };
    for await (const event of judgeRun(rows, config, judging)) await writer.event(event);
  } catch (error) {
    if (!isInputsError(error)) throw error;
    inputError = error;
  } finally {
    writer.rowsEnded();
    signal?.removeEventListener('abort', interrupt);
    await release();
  }
  // A reader that went away stops the run too, but as the end it chose: no "interrupted", the usual verdict.
  const interrupted = stop.signal.aborted && !setup.endedByReader(signal);
  return { ...(inputError === undefined ? {} : { inputError }), interrupted, stoppedEarly: stop.signal.aborted };
}
