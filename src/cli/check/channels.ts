import type { CheckFormatter } from '../../formats/formatter.js';
import { lineLinker, repositoryPath } from '../../formats/index.js';
import { countCandidateRows, hasLineRows, isHttpLocation } from '../../inputs/index.js';
import { type Colors, colorsFor } from '../colors.js';
import { docsUrlSetting } from '../docs-url.js';
import { type CliFormatterContext, cliFormatterFor } from '../formats/cli-formatter.js';
import { TableFormatter } from '../formats/table.js';
import { TeeFormatter } from '../formats/tee.js';
import type { CliIo } from '../io.js';
import { openFileSink, Sink } from '../output.js';
import { createProgress, type Progress } from '../progress.js';
import type { CheckPlan } from './plan.js';

/** Where the text of `hoplens check` goes. */
export interface CheckChannels {
  /** The report: stdout, or the `--output` file (which the command closes at the end). */
  report: Sink;
  formatter: CheckFormatter;
  /** Where people read notes and the summary: stdout, or stderr when stdout carries a machine-readable report. */
  human: Sink;
  humanColors: Colors;
  /** Error lines: stderr. */
  errors: Sink;
  progress: Progress;
  /**
   * With `--output`, where failed and errored rows are also listed, as the table shows them: stderr, so that a CI
   * log says what failed and not only how many.
   */
  failures?: CheckFormatter;
  /** Writes text to one of the sinks, stepping the progress bar aside when the sink is a terminal. */
  tell(target: Sink, text: string): Promise<void>;
  /** Closes the report and the `--report` files. */
  close(): Promise<void>;
}

/** What the CI formats need to know of the run: the input's path in the repository, the job summary's file. */
function ciContext(plan: CheckPlan, io: CliIo): NonNullable<CliFormatterContext['ci']> {
  const path = repositoryPath(plan.inputPath, io.env, io.cwd ?? process.cwd());
  const lineLink = lineLinker(path, io.env);
  const stepSummary = io.env.GITHUB_STEP_SUMMARY;
  return {
    inputName: plan.inputName,
    ...(path === undefined ? {} : { path }),
    ...(lineLink === undefined ? {} : { lineLink }),
    ...(stepSummary === undefined || stepSummary === '' ? {} : { stepSummary }),
  };
}

/**
 * The `--report FORMAT=FILE` reports, each a formatter on its own file (opened here, so that a bad path fails before
 * the first request). The job summary is the stdout format's to write, not a file report's.
 */
async function reportFiles(
  plan: CheckPlan,
  context: CliFormatterContext,
): Promise<{ formatters: CheckFormatter[]; sinks: Sink[] }> {
  const formatters: CheckFormatter[] = [];
  const sinks: Sink[] = [];
  const { stepSummary: _, ...ci } = context.ci!;
  for (const report of plan.reports) {
    const sink = await openFileSink(report.path, '--report');
    sinks.push(sink);
    formatters.push(cliFormatterFor(report.format, sink, { ...context, colors: colorsFor(false, {}, false), ci }));
  }
  return { formatters, sinks };
}

/**
 * Opens the report (the `--output` file is created here, so a bad path fails before the first request) and sets up
 * the human side, the error side and the progress bar.
 */
export async function openChannels(plan: CheckPlan, io: CliIo): Promise<CheckChannels> {
  const stdout = () => new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY });
  const stderr = () => new Sink(io.stderr, { owned: false, isTTY: io.stderrIsTTY });
  const report =
    plan.outputPath === undefined
      ? stdout()
      : await openFileSink(plan.outputPath, '--output', plan.run.resume !== undefined);
  const human = plan.humanOnStderr ? stderr() : stdout();
  const errors = stderr();

  const showProgress = io.stderrIsTTY && plan.progress;
  const progress = await createProgress(io.stderr, showProgress);
  if (plan.inputPath !== '-' && !isHttpLocation(plan.inputPath) && showProgress && hasLineRows(plan.inputFormat)) {
    countCandidateRows(plan.inputPath, plan.inputFormat).then(
      (total) => progress.setTotal(total),
      () => {},
    );
  }
  // The bar and the table share the terminal when both streams are one; the bar steps aside for each line.
  const clearBar = () => progress.clear();
  const docsUrl = docsUrlSetting(io.env);
  const context: CliFormatterContext = {
    ...(docsUrl === undefined ? {} : { docsUrl }),
    colors: colorsFor(report.isTTY, io.env, plan.color),
    quiet: plan.quiet,
    headers: plan.analyzeOptions.headers === 'all',
    verbose: plan.verbose,
    inputName: plan.inputName,
    ci: ciContext(plan, io),
  };
  const files = await reportFiles(plan, context);
  const main = cliFormatterFor(plan.format, report, { ...context, ...(report.isTTY ? { beforeWrite: clearBar } : {}) });
  const formatter = files.formatters.length === 0 ? main : new TeeFormatter([main, ...files.formatters]);
  const close = async () => {
    for (const sink of [report, ...files.sinks]) await sink.close();
  };
  const tell = async (target: Sink, text: string) => {
    if (target.isTTY) clearBar();
    await target.write(text);
  };
  const humanColors = colorsFor(human.isTTY, io.env, plan.color);
  const channels: CheckChannels = { report, formatter, human, humanColors, errors, progress, tell, close };
  if (plan.outputPath !== undefined) {
    const colors = colorsFor(errors.isTTY, io.env, plan.color);
    channels.failures = new TableFormatter(errors, {
      colors,
      quiet: true,
      ...(errors.isTTY ? { beforeWrite: clearBar } : {}),
    });
  }
  return channels;
}
