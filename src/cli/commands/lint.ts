import { resolve } from 'node:path';
import { effectiveFormat, isHumanFormat, LINT_FORMATS, type LintFormat } from '../../formats/formatter.js';
import {
  type LintFormatContext,
  type LintReport,
  type LintSummary,
  lineLinker,
  renderLint,
  repositoryPath,
} from '../../formats/index.js';
import {
  type InputFlags,
  type InputPlan,
  type LoadedRules,
  openInput,
  planInput,
  readRulesFile,
} from '../../inputs/index.js';
import { type LintFinding, lintInput, placedFindings } from '../../lint/index.js';
import { isSameFile } from '../check/output-guard.js';
import { type Colors, colorsFor } from '../colors.js';
import { docsUrlSetting } from '../docs-url.js';
import { cliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { fileLine, fileName, placeLine } from '../file-line.js';
import { renderLintSummary, renderLintTable } from '../formats/lint-table.js';
import { writeStepSummary } from '../formats/step-summary.js';
import { type CliIo, outputClosed } from '../io.js';
import { openFileSink, Sink } from '../output.js';
import { parseReportSpecs, type ReportSpec } from '../report-flag.js';
import { stdinDetected } from '../stdin-input.js';

/** What lint found in one file (src/lint's `lintInput`). */
type LintOutcome = Awaited<ReturnType<typeof lintInput>>;

/** Flags of `hoplens lint`, as commander hands them over. */
export interface LintFlags extends InputFlags {
  format: LintFormat;
  output?: string;
  /** `--report FORMAT=FILE`, repeatable. */
  report?: string[];
  migration?: boolean;
  sameHost?: boolean;
  sitemap?: string[];
  strict?: boolean;
  /** False with `--no-color`. */
  color?: boolean;
}

/** What `hoplens lint` will do, decided before any file is opened. */
interface LintPlan extends InputPlan {
  format: LintFormat;
  outputPath?: string;
  sitemapPaths: string[];
}

async function planLint(file: string, flags: LintFlags, cwd: string): Promise<LintPlan> {
  const plan: LintPlan = {
    ...(await planInput(file, flags, { cwd, offline: true })),
    format: flags.format,
    sitemapPaths: (flags.sitemap ?? []).map((path) => resolve(cwd, path)),
  };
  if (flags.output !== undefined) plan.outputPath = resolve(cwd, flags.output);
  return plan;
}

async function refuseOutputOverInputs(plan: LintPlan, reports: readonly ReportSpec[]): Promise<void> {
  const outputs: Array<[string, string | undefined]> = [
    ['--output', plan.outputPath],
    ...reports.map((report): [string, string] => ['--report', report.path]),
  ];
  for (const [flag, output] of outputs) {
    for (const path of [plan.inputPath, ...plan.sitemapPaths]) {
      if (output !== undefined && path !== '-' && (await isSameFile(output, path))) {
        throw cliError('USAGE_ERROR', `${flag} ${output} is an input of the lint: choose another file`, { flag });
      }
    }
  }
}

/** The input's path in the repository, the links to its lines and to the help pages, for the CI formats. */
function lintCiContext(
  plan: LintPlan,
  io: CliIo,
  cwd: string,
): Pick<LintFormatContext, 'path' | 'lineLink' | 'docsUrl'> {
  const path = repositoryPath(plan.inputPath, io.env, cwd);
  const lineLink = lineLinker(path, io.env);
  const docsUrl = docsUrlSetting(io.env);
  return {
    ...(path === undefined ? {} : { path }),
    ...(lineLink === undefined ? {} : { lineLink }),
    ...(docsUrl === undefined ? {} : { docsUrl }),
  };
}

/** The `--report FORMAT=FILE` files, each the report rendered in its format. */
async function writeLintReports(
  reports: readonly ReportSpec<LintFormat>[],
  report: LintReport,
  context: LintFormatContext,
): Promise<void> {
  for (const spec of reports) {
    const sink = await openFileSink(spec.path, '--report');
    try {
      await sink.write(renderLint(spec.format, report, context));
    } finally {
      await sink.close();
    }
  }
}

function summarize(loaded: LoadedRules, findings: readonly LintFinding[], slowPatterns: number): LintSummary {
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  return {
    rules: loaded.rows.length,
    skipped: loaded.skipped.length,
    slowPatterns,
    invalid: loaded.invalid.length,
    errors,
    warnings: findings.length - errors,
  };
}

/**
 * `hoplens lint <file...>`: each file linted on its own, in turn (as pre-commit hands over every staged rules file);
 * the exit status is the worst of theirs. Several files' reports cannot share one file or one machine document, so
 * with more than one file the output is for people (the table, or GitHub's annotations) and goes to stdout.
 */
export async function lintFiles(files: readonly string[], flags: LintFlags, io: CliIo): Promise<number> {
  if (files.length === 1) return lintCommand(files[0]!, flags, io);
  const format = effectiveFormat(flags.format, flags.output === undefined, io.env);
  if (flags.output !== undefined || (flags.report ?? []).length > 0 || !isHumanFormat(format)) {
    throw cliError(
      'USAGE_ERROR',
      'several files are linted to stdout as a table or github annotations only: lint one file for --output, --report or a machine format',
    );
  }
  let worst: number = EXIT.OK;
  for (const file of files) {
    const code = await lintCommand(file, flags, io);
    // A usage or input error (2) outranks findings (1).
    worst = Math.max(worst, code);
  }
  return worst;
}

/**
 * Whether Ctrl-C or SIGTERM came while the file was linted: then nothing is written but the note. A turn of the
 * event loop first, so that a signal that arrived during the last slice of the matching (src/lint/time-slices.ts)
 * has been handled.
 */
async function interrupted(io: CliIo, inputName: string): Promise<boolean> {
  await new Promise((resolve) => setImmediate(resolve));
  if (!io.signal?.aborted || outputClosed(io.signal)) return false;
  await new Sink(io.stderr, { owned: false, isTTY: io.stderrIsTTY }).write(
    `hoplens: ${inputName}: interrupted, nothing reported\n`,
  );
  return true;
}

/** The lint's findings as a report: its rules as the graph shows them, and the counts. */
function lintReport(plan: LintPlan, linted: LintOutcome): LintReport {
  const { loaded, graph, findings, slow } = linted;
  const places = loaded.places;
  return {
    inputName: plan.inputName,
    findings: placedFindings(findings, places),
    rules: loaded.rows.map((row) => ({
      ...(places === undefined ? { line: row.line } : places.locate(row.line)),
      source: graph.display(row.source),
      ...(row.target === undefined ? {} : { target: graph.display(row.target) }),
    })),
    skipped: loaded.skipped,
    summary: summarize(loaded, findings, slow.length),
  };
}

/** The lines people read on stderr before the report: invalid rules, slow patterns, an input error. */
async function tellProblems(stderr: Sink, plan: LintPlan, { loaded, slow }: LintOutcome): Promise<void> {
  for (const { line, message } of loaded.invalid)
    await stderr.write(`hoplens: ${placeLine(plan.inputName, loaded.places, line, message)}\n`);
  for (const { line, reason } of slow)
    await stderr.write(`hoplens: ${placeLine(plan.inputName, loaded.places, line, reason)}\n`);
  if (loaded.inputError !== undefined)
    await stderr.write(`hoplens: ${fileLine(plan.inputName, undefined, loaded.inputError.message)}\n`);
}

/** The findings for people, in `colors`. */
const tableIn = (colors: Colors) => (report: LintReport) => renderLintTable(report, colors);

/** The report to stdout or `--output`, each `--report` file, and GitHub's step summary with `--format github`. */
async function writeLintOutputs(plan: LintPlan, report: LintReport, flags: LintFlags, io: CliIo, cwd: string) {
  const out =
    plan.outputPath === undefined
      ? new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY })
      : await openFileSink(plan.outputPath, '--output');
  const ci = lintCiContext(plan, io, cwd);
  const strict = flags.strict === true;
  try {
    const table = tableIn(colorsFor(out.isTTY, io.env, flags.color));
    await out.write(renderLint(plan.format, report, { table, strict, ...ci }));
  } finally {
    await out.close();
  }
  const plain = tableIn(colorsFor(false, {}, false));
  await writeLintReports(parseReportSpecs(flags.report, cwd, LINT_FORMATS), report, { table: plain, strict, ...ci });
  if (plan.format === 'github') {
    await writeStepSummary(
      io.env.GITHUB_STEP_SUMMARY,
      renderLint('markdown', report, { ...ci, table: plain, strict: false }),
    );
  }
}

/**
 * `hoplens lint <file>`: reads a rules file offline and reports what is wrong among its rules (src/lint/).
 * Nothing is requested: the findings come from the rules alone, and from `--sitemap` files.
 */
export async function lintCommand(file: string, typed: LintFlags, piped: CliIo): Promise<number> {
  const { io, input } = await stdinDetected(file, typed.input, piped);
  const given = input === undefined ? typed : { ...typed, input };
  const cwd = io.cwd ?? process.cwd();
  const flags = { ...given, format: effectiveFormat(given.format, given.output === undefined, io.env) };
  const plan = await planLint(file, flags, cwd);
  await refuseOutputOverInputs(plan, parseReportSpecs(flags.report, cwd, LINT_FORMATS));
  const rules = await readRulesFile(plan, await openInput(plan.inputPath, io.stdin));
  const lintOptions = {
    migration: flags.migration === true,
    sameHost: flags.sameHost === true,
    sitemapPaths: plan.sitemapPaths,
    // Ctrl-C and SIGTERM stop the matching between its slices (src/lint/time-slices.ts).
    ...(io.signal === undefined ? {} : { signal: io.signal }),
  };
  const linted = await lintInput(plan, rules, lintOptions).catch((error: unknown) => {
    // Stopped between slices by Ctrl-C, SIGTERM or a closed output: told below. Any other error is thrown on.
    if (io.signal?.aborted && error === io.signal.reason) return undefined;
    throw error;
  });
  if (await interrupted(io, plan.inputName)) return EXIT.INTERRUPTED;
  // Not linted and not interrupted: the reader of the output went away first, which ends the run quietly.
  if (linted === undefined) return EXIT.OK;
  const report = lintReport(plan, linted);
  const stderr = new Sink(io.stderr, { owned: false, isTTY: io.stderrIsTTY });
  await tellProblems(stderr, plan, linted);
  await writeLintOutputs(plan, report, flags, io, cwd);
  if (!isHumanFormat(plan.format) || plan.outputPath !== undefined) {
    await stderr.write(renderLintSummary(report.summary, colorsFor(stderr.isTTY, io.env, flags.color)));
  }
  const tell = async (note: string) => stderr.write(note);
  const status = await exitStatus(report.summary, linted.loaded, flags.strict === true, tell, plan.inputName);
  // A signal that came while the report was written still ends the run as interrupted, as a runner that sent it
  // expects (143 for SIGTERM), though the report is whole.
  return io.signal?.aborted && !outputClosed(io.signal) ? EXIT.INTERRUPTED : status;
}

async function exitStatus(
  summary: LintSummary,
  loaded: LoadedRules,
  strict: boolean,
  tell: (text: string) => Promise<void>,
  inputName: string,
): Promise<number> {
  if (loaded.inputError !== undefined || summary.invalid > 0) return EXIT.USAGE;
  if (summary.rules === 0) {
    if (summary.skipped > 0) {
      await tell(`hoplens: ${fileName(inputName)}: every rule was skipped (${summary.skipped}); no rules to lint\n`);
      return EXIT.OK;
    }
    await tell(`hoplens: ${fileName(inputName)}: no rules to lint\n`);
    return EXIT.USAGE;
  }
  if (summary.errors > 0 || (strict && summary.warnings > 0)) return EXIT.FAILED;
  return EXIT.OK;
}
