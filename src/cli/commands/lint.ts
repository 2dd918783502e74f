import { resolve } from 'node:path';
import {
  type InputFlags,
  type InputPlan,
  type LoadedRules,
  openInput,
  planInput,
  readRulesFile,
} from '../../inputs/index.js';
import { type LintFinding, lintInput } from '../../lint/index.js';
import { isSameFile } from '../check/output-guard.js';
import { colorsFor } from '../colors.js';
import { cliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { LintFormat } from '../formats/formatter.js';
import { renderLint } from '../formats/lint-formats.js';
import { type LintReport, type LintSummary, renderLintSummary } from '../formats/lint-report.js';
import type { CliIo } from '../io.js';
import { openFileSink, Sink } from '../output.js';

/** Flags of `hoplens lint`, as commander hands them over. */
export interface LintFlags extends InputFlags {
  format: LintFormat;
  output?: string;
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

async function refuseOutputOverInputs(plan: LintPlan): Promise<void> {
  if (plan.outputPath === undefined) return;
  for (const path of [plan.inputPath, ...plan.sitemapPaths]) {
    if (path !== '-' && (await isSameFile(plan.outputPath, path))) {
      throw cliError('USAGE_ERROR', `--output ${plan.outputPath} is an input of the lint: choose another file`, {
        flag: '--output',
      });
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
 * `hoplens lint <file>`: reads a rules file offline and reports what is wrong among its rules (src/lint/).
 * Nothing is requested: the findings come from the rules alone, and from `--sitemap` files.
 */
export async function lintCommand(file: string, flags: LintFlags, io: CliIo): Promise<number> {
  const plan = await planLint(file, flags, io.cwd ?? process.cwd());
  await refuseOutputOverInputs(plan);
  const rules = await readRulesFile(plan, await openInput(plan.inputPath, io.stdin));
  const { loaded, graph, findings, slow } = await lintInput(plan, rules, {
    migration: flags.migration === true,
    sameHost: flags.sameHost === true,
    sitemapPaths: plan.sitemapPaths,
  });
  const report: LintReport = {
    inputName: plan.inputName,
    findings,
    rules: loaded.rows.map((row) => ({
      line: row.line,
      source: graph.display(row.source),
      ...(row.target === undefined ? {} : { target: graph.display(row.target) }),
    })),
    skipped: loaded.skipped,
    summary: summarize(loaded, findings, slow.length),
  };
  const stderr = new Sink(io.stderr, { owned: false, isTTY: io.stderrIsTTY });
  for (const { line, message } of loaded.invalid)
    await stderr.write(`hoplens: ${plan.inputName}:${line}: ${message}\n`);
  for (const { line, reason } of slow) await stderr.write(`hoplens: ${plan.inputName}:${line}: ${reason}\n`);
  if (loaded.inputError !== undefined) await stderr.write(`hoplens: ${plan.inputName}: ${loaded.inputError.message}\n`);

  const out =
    plan.outputPath === undefined
      ? new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY })
      : await openFileSink(plan.outputPath, '--output');
  try {
    const colors = colorsFor(out.isTTY, io.env, flags.color);
    await out.write(renderLint(plan.format, report, { colors, strict: flags.strict === true }));
  } finally {
    await out.close();
  }
  if (plan.format !== 'table' || plan.outputPath !== undefined) {
    await stderr.write(renderLintSummary(report.summary, colorsFor(stderr.isTTY, io.env, flags.color)));
  }
  return exitStatus(report.summary, loaded, flags.strict === true, async (note) => stderr.write(note), plan.inputName);
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
      await tell(`hoplens: ${inputName}: every rule was skipped (${summary.skipped}); no rules to lint\n`);
      return EXIT.OK;
    }
    await tell(`hoplens: ${inputName}: no rules to lint\n`);
    return EXIT.USAGE;
  }
  if (summary.errors > 0 || (strict && summary.warnings > 0)) return EXIT.FAILED;
  return EXIT.OK;
}
