import type { CoverageRun, CoverageSetup } from '../../coverage/index.js';
import { integerFlag, toAnalyzeOptions } from '../analysis-options.js';
import { acquireAnalyzer, type BorrowedAnalyzer } from '../analyzer.js';
import { analyzerSettings } from '../analyzer-settings.js';
import { CHECK_LIMITS } from '../check/limits.js';
import { colorsFor } from '../colors.js';
import type { CoverageFlags } from '../coverage/flags.js';
import { coverageNotes, verdictOf } from '../coverage/notes.js';
import { type CoverageCliPlan, planCoverage } from '../coverage/plan.js';
import { writeCoverage } from '../coverage/write.js';
import type { CliIo } from '../io.js';
import { openFileSink, Sink } from '../output.js';
import { readPolicyFile } from '../policy-file.js';
import { type Progress, startProgress } from '../progress.js';

/** `--live`'s analyzer and settings, as `check` makes them from the same flags; undefined without `--live`. */
async function liveSetup(
  plan: CoverageCliPlan,
  flags: CoverageFlags,
  io: CliIo,
): Promise<{ live: NonNullable<CoverageSetup['live']>; borrowed: BorrowedAnalyzer } | undefined> {
  if (!plan.live) return undefined;
  const L = CHECK_LIMITS;
  const options = toAnalyzeOptions(flags);
  const concurrency = integerFlag('--concurrency', flags.concurrency, L.concurrency.min, L.concurrency.max);
  const perHost = integerFlag('--per-host', flags.perHost, L.perHost.min, L.perHost.max);
  const loaded = await readPolicyFile(flags.config, io.cwd ?? process.cwd());
  if (loaded !== undefined) options.policy = loaded.policy;
  const borrowed = acquireAnalyzer(io, await analyzerSettings(flags, io));
  const analyze = await borrowed.analyzer.withOptions({
    ...options,
    ...(io.signal === undefined ? {} : { signal: io.signal }),
  });
  const limits = {
    concurrency: concurrency ?? L.concurrency.default,
    perHost: perHost ?? L.perHost.default,
    retries: L.retries.default,
    retryDelayMs: L.retryDelay.default,
    maxRetryAfterMs: L.maxRetryAfter.default * 1000,
    rateLimitRetries: L.rateLimitRetries,
  };
  const expectations = { ignoreTrailingSlash: false, ignoreQuery: false, strict: false };
  return { live: { analyze, limits, expectations }, borrowed };
}

/** Writes the report in its format and every `--report`, each file opened before anything is read. */
async function openSinks(
  plan: CoverageCliPlan,
  io: CliIo,
): Promise<Array<{ sink: Sink; format: CoverageCliPlan['format'] }>> {
  const main =
    plan.outputPath === undefined
      ? new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY })
      : await openFileSink(plan.outputPath, '--output');
  const sinks = [{ sink: main, format: plan.format }];
  for (const report of plan.reports)
    sinks.push({ sink: await openFileSink(report.path, '--report'), format: report.format });
  return sinks;
}

/**
 * `hoplens coverage <map> --log FILE...`: the map's coverage of the old site's traffic, measured by the coverage
 * room (src/coverage/), written in the formats asked for. Exits 0 once measured; with `--fail-under`, 1 below it.
 */
export async function coverageCommand(map: string, flags: CoverageFlags, io: CliIo): Promise<number> {
  const plan = await planCoverage(map, flags, io.cwd ?? process.cwd());
  const sinks = await openSinks(plan, io);
  const live = await liveSetup(plan, flags, io);
  // `--live` requests every URL: a person at a terminal sees how far it is, as `check`'s bar shows, from when the
  // requests start (reading the logs comes first).
  const showProgress = io.stderrIsTTY && flags.progress !== false;
  let progress: Progress | undefined;
  let run: CoverageRun;
  try {
    const { runCoverage } = await import('../../coverage/index.js');
    const onTotal = (total: number) => {
      progress = startProgress(io.stderr, showProgress, total);
    };
    const watched = live && { ...live.live, onTotal, onRow: () => progress?.tick() };
    run = await runCoverage(plan.run, { stdin: io.stdin, signal: io.signal, live: watched });
    progress?.stop();
    const colors = colorsFor(io.stdoutIsTTY, io.env, flags.color);
    for (const { sink, format } of sinks) {
      const shown = sink.stream === io.stdout ? colors : colorsFor(false, io.env, false);
      await writeCoverage(sink, format, run.report, { top: plan.run.top, colors: shown });
    }
  } finally {
    progress?.stop();
    await live?.borrowed.release();
    for (const { sink } of sinks) await sink.close();
  }
  io.stderr.write(coverageNotes(plan, run));
  return verdictOf(plan, run.report, io);
}
