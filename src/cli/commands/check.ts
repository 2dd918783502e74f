import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { InputItem } from '../../check/row.js';
import { runChecks } from '../../check/runner.js';
import { type CheckSummary, checkedRows } from '../../check/summary.js';
import type { AnalyzerConfig } from '../../core/index.js';
import { acquireAnalyzer } from '../analyzer.js';
import { loadBaseline } from '../baseline-file.js';
import { readCaFiles } from '../ca-files.js';
import { type CheckChannels, openChannels } from '../check/channels.js';
import { refuseOutputOverInputs } from '../check/output-guard.js';
import type { CheckFlags, CheckPlan } from '../check/plan.js';
import { planCheck } from '../check/plan.js';
import { CheckReport } from '../check/report.js';
import { renderSummary } from '../check/summary-text.js';
import { type CliError, isCliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { openInput, readInput } from '../inputs/source.js';
import { type CliIo, outputClosed } from '../io.js';

/**
 * `hoplens check <file>`: checks every row of a list, CSV or `_redirects` file, streaming rows in and results out.
 * Everything that can be wrong with the command line or the files is found before the first request.
 */
export async function checkCommand(file: string, flags: CheckFlags, io: CliIo): Promise<number> {
  const started = performance.now();
  const plan = planCheck(file, flags, io.cwd ?? process.cwd());
  await refuseOutputOverInputs(plan);
  const ca = await readCaFiles(flags.ca, io.cwd ?? process.cwd());
  // Inputs first, output last: a bad input must not leave an empty report file behind.
  const baseline = plan.baselinePath === undefined ? undefined : await loadBaseline(plan.baselinePath);
  const stream = await openInput(plan.inputPath, io.stdin);
  const channels = await openChannels(plan, io);
  const report = new CheckReport(plan, channels, baseline);
  let inputError: CliError | undefined;
  try {
    await channels.formatter.begin();
    const rows = readInput(plan.inputFormat, stream, plan.baseUrl);
    inputError = await runAndReport(plan, rows, report, io, ca === undefined ? {} : { ca });
    await report.notes(inputError);
    report.summary.elapsedMs = performance.now() - started;
    await channels.formatter.end(report.summary);
  } finally {
    await channels.report.close();
  }
  // The table carries its own summary; a report in a file or on stdout gets it on the human side as well.
  if (plan.format !== 'table' || plan.outputPath !== undefined) {
    await channels.tell(channels.human, renderSummary(report.summary, channels.humanColors));
  }
  return exitStatus(plan, report.summary, inputError, channels);
}

/**
 * Runs the rows and reports each as it comes, until the input ends, fails (its `INPUT_ERROR` is returned, the rows
 * before it stand) or Ctrl-C stops the run (`summary.interrupted`).
 */
async function runAndReport(
  plan: CheckPlan,
  rows: AsyncIterable<InputItem>,
  report: CheckReport,
  io: CliIo,
  config: AnalyzerConfig,
): Promise<CliError | undefined> {
  // The run's own signal, following Ctrl-C: every row in flight (and every retry wait) listens to it, so it may
  // have as many listeners as rows at once, which Node would otherwise warn about past ten.
  const stop = new AbortController();
  setMaxListeners(plan.limits.concurrency * 2 + 10, stop.signal);
  const interrupt = () => stop.abort();
  if (io.signal?.aborted) stop.abort();
  io.signal?.addEventListener('abort', interrupt, { once: true });

  const { analyzer, release } = acquireAnalyzer(io, config);
  const requestOptions = { ...plan.analyzeOptions, signal: stop.signal };
  const analyze = (url: string) => analyzer.analyze(url, requestOptions);
  let inputError: CliError | undefined;
  try {
    for await (const event of runChecks(rows, { ...plan.limits, analyze, signal: stop.signal })) {
      await report.event(event);
    }
  } catch (error) {
    if (!isCliError(error) || error.code !== 'INPUT_ERROR') throw error;
    inputError = error;
  } finally {
    report.channels.progress.stop();
    io.signal?.removeEventListener('abort', interrupt);
    await release();
  }
  // A closed stdout stops the run too, but as the end its reader chose: no "interrupted", the usual verdict.
  report.summary.interrupted = stop.signal.aborted && !outputClosed(io.signal);
  report.stoppedEarly = stop.signal.aborted;
  return inputError;
}

/** The exit status of a finished run (see the exit statuses in CHECK_EXAMPLES, src/cli/command-help.ts). */
async function exitStatus(
  plan: CheckPlan,
  summary: CheckSummary,
  inputError: CliError | undefined,
  channels: CheckChannels,
): Promise<number> {
  if (summary.interrupted) return EXIT.INTERRUPTED;
  if (inputError !== undefined || summary.invalid > 0) return EXIT.USAGE;
  if (checkedRows(summary) === 0) {
    const skipped = summary.skipped > 0 ? ` (${summary.skipped} skipped)` : '';
    await channels.errors.write(`hoplens: ${plan.inputName}: no rows to check${skipped}\n`);
    return EXIT.USAGE;
  }
  if (summary.failed > 0 || summary.errored > 0) return EXIT.FAILED;
  return EXIT.OK;
}
