import { performance } from 'node:perf_hooks';
import { type CheckRunResult, COLLAPSE_THRESHOLD, collapseSettings, runCheck } from '../../check/index.js';
import { effectiveFormat, isHumanFormat } from '../../formats/formatter.js';
import { integerFlag } from '../analysis-options.js';
import { analyzerSettings } from '../analyzer-settings.js';
import { refuseOutputOverInputs } from '../check/output-guard.js';
import type { CheckFlags, CheckPlan } from '../check/plan.js';
import { planCheck } from '../check/plan.js';
import type { CheckReport } from '../check/report.js';
import { cliRunSetup } from '../check/run-setup.js';
import { renderSummary } from '../check/summary-text.js';
import { runVerdict } from '../check/verdict.js';
import { fileLine } from '../file-line.js';
import type { CliIo } from '../io.js';
import { readPolicyFile } from '../policy-file.js';
import { stdinDetected } from '../stdin-input.js';

/**
 * `hoplens check <file>`: checks every row of a list, CSV or redirect-rule file, streaming rows in and results out.
 * Everything that can be wrong with the command line or the files is found before the first request. src/check
 * runs, judges and counts the rows; this reads the flags, writes the rows and says how the run ended.
 */
export async function checkCommand(file: string, given: CheckFlags, piped: CliIo): Promise<number> {
  const started = performance.now();
  const { io, input } = await stdinDetected(file, given.input, piped);
  if (input !== undefined) given = { ...given, input };
  const cwd = io.cwd ?? process.cwd();
  // `--resume` writes its ndjson report: no table to annotate.
  const toStdout = given.output === undefined && given.resume === undefined;
  const flags = { ...given, format: effectiveFormat(given.format, toStdout, io.env) };
  const plan = await planCheck(file, flags, cwd);
  const loaded = await readPolicyFile(flags.config, cwd);
  if (loaded !== undefined) plan.analyzeOptions.policy = loaded.policy;
  const { min, max } = COLLAPSE_THRESHOLD;
  const threshold = integerFlag('--collapse-threshold', flags.collapseThreshold, min, max);
  const collapse = collapseSettings(threshold, loaded?.policy);
  await refuseOutputOverInputs(plan);
  const settings = await analyzerSettings(flags, io);
  const { setup, report } = cliRunSetup(plan, io, { settings, collapse, stats: flags.stats, started });
  const result = await runCheck(plan, setup);
  return finish(plan, report()!, result);
}

/**
 * The end of the run for people: the summary (the table carries its own; a report in a file or on stdout gets it on
 * the human side as well), the verdict's note, and the exit status.
 */
async function finish(plan: CheckPlan, report: CheckReport, { summary, outcome }: CheckRunResult): Promise<number> {
  const { channels } = report;
  if (!isHumanFormat(plan.format) || plan.outputPath !== undefined) {
    await channels.tell(channels.human, renderSummary(summary, channels.humanColors, plan.quiet));
  }
  const verdict = runVerdict(outcome);
  if (verdict.note !== undefined) {
    await channels.errors.write(`hoplens: ${fileLine(plan.inputName, undefined, verdict.note)}\n`);
  }
  return verdict.exit;
}
