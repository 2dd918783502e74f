import { resolve } from 'node:path';
import {
  type CheckRunPlan,
  type ExpectationSettings,
  parseShard,
  type RunLimits,
  type RunPlan,
} from '../../check/index.js';
import { type CheckFormat, isHumanFormat } from '../../formats/formatter.js';
import {
  detectInputFormat,
  type InputFlags,
  type InputFormat,
  isHttpLocation,
  isRuleFormat,
  planInput,
} from '../../inputs/index.js';
import { hasPatternMatching, PATTERN_FORMATS } from '../../inputs/light.js';
import { type AnalysisFlags, integerFlag, toAnalyzeOptions } from '../analysis-options.js';
import { invalidFlag } from '../errors.js';
import { parseReportSpecs, type ReportSpec } from '../report-flag.js';
import { CHECK_LIMITS } from './limits.js';
import { planRun, type RunFlags } from './run-flags.js';

/** Flags of `hoplens check`, as commander hands them over. */
export interface CheckFlags extends AnalysisFlags, InputFlags, RunFlags {
  /** False with `--no-color`. */
  color?: boolean;
  format: CheckFormat;
  output?: string;
  /** `--report FORMAT=FILE`, repeatable. */
  report?: string[];
  concurrency?: string;
  perHost?: string;
  retries?: string;
  retryDelay?: string;
  maxRetryAfter?: string;
  /** `--retry-inconclusive N`: tries of a row behind a bot wall, with a longer backoff. */
  retryInconclusive?: string;
  maxRedirects?: string;
  /** `--collapse-threshold` (read by `collapseSettings`). */
  collapseThreshold?: string;
  /** `--stats`: the run's figures in the report too; `--no-stats` (false): nowhere. */
  stats?: boolean;
  ignoreTrailingSlash?: boolean;
  ignoreQuery?: boolean;
  strict?: boolean;
  baseline?: string;
  failOnChange?: boolean;
  /** `--inconclusive pass|fail` (commander checks the choice). */
  inconclusive?: 'fail' | 'pass';
  quiet?: boolean;
  /** False with `--no-progress`. */
  progress?: boolean;
  /** `K/N`: check the Kth of N parts of the rows. */
  shard?: string;
  /** A list, CSV or sitemap of sample URLs to test the pattern rules of the rules file with. */
  samples?: string;
  /** `--sitemap-max-size`: the most MB a sitemap may hold uncompressed. */
  sitemapMaxSize?: string;
  /** `--variants`: each row's source URL gets the variants analysis of `hoplens variants` instead of the row check. */
  variants?: boolean;
}

/**
 * Everything `hoplens check` will do, decided from its command line before any file is opened: the run's plan
 * (src/check) and how the command line writes it.
 */
export interface CheckPlan extends CheckRunPlan {
  /** The `--output` file, resolved; absent when the report goes to stdout. */
  outputPath?: string;
  format: CheckFormat;
  /** The `--report FORMAT=FILE` reports, besides the `--format` one. */
  reports: ReportSpec[];
  /** People's notes and the summary go to stderr, since stdout carries a machine-readable report. */
  humanOnStderr: boolean;
  quiet: boolean;
  /** `-v`: the table shows each row's chain with each hop's connection. */
  verbose: boolean;
  progress: boolean;
  /** False with `--no-color`; undefined leaves colour to the terminal and environment. */
  color?: boolean;
}

/**
 * The report format and file: `--resume REPORT` continues an ndjson report, so it is the `--output` (given the same
 * or not at all) and the format is ndjson (given so, or left to its default).
 */
function outputOf(flags: CheckFlags, run: RunPlan, cwd: string): { format: CheckFormat; output?: string } {
  const output = flags.output === undefined ? undefined : resolve(cwd, flags.output);
  if (run.resume === undefined) return { format: flags.format, ...(output === undefined ? {} : { output }) };
  if (flags.format !== 'ndjson' && flags.format !== 'table') {
    throw invalidFlag(
      '--resume',
      'continues an ndjson report: use it with --format ndjson',
      `--format ${flags.format}`,
    );
  }
  if (output !== undefined && output !== run.resume) {
    throw invalidFlag('--resume', 'continues the --output report: name the same file in both', flags.output);
  }
  return { format: 'ndjson', output: run.resume };
}

function number(flag: string, value: string | undefined, limit: { min: number; max: number }): number | undefined {
  return integerFlag(flag, value, limit.min, limit.max);
}

function expectationsOf(flags: CheckFlags): ExpectationSettings {
  const settings: ExpectationSettings = {
    ignoreTrailingSlash: flags.ignoreTrailingSlash === true,
    ignoreQuery: flags.ignoreQuery === true,
    strict: flags.strict === true,
  };
  const maxRedirects = number('--max-redirects', flags.maxRedirects, CHECK_LIMITS.maxRedirects);
  if (maxRedirects !== undefined) settings.maxRedirects = maxRedirects;
  return settings;
}

function limitsOf(flags: CheckFlags): RunLimits {
  const L = CHECK_LIMITS;
  // Checked in this order, so that the first bad flag of several is the one reported, as it always was.
  const concurrency = number('--concurrency', flags.concurrency, L.concurrency) ?? L.concurrency.default;
  const perHost = number('--per-host', flags.perHost, L.perHost) ?? L.perHost.default;
  const retries = number('--retries', flags.retries, L.retries) ?? L.retries.default;
  const retryDelay = number('--retry-delay', flags.retryDelay, L.retryDelay) ?? L.retryDelay.default;
  const maxRetryAfter = number('--max-retry-after', flags.maxRetryAfter, L.maxRetryAfter) ?? L.maxRetryAfter.default;
  const inconclusiveRetries =
    number('--retry-inconclusive', flags.retryInconclusive, L.retryInconclusive) ?? L.retryInconclusive.default;
  return {
    concurrency,
    perHost,
    retries,
    retryDelayMs: retryDelay,
    maxRetryAfterMs: maxRetryAfter * 1000,
    rateLimitRetries: L.rateLimitRetries,
    inconclusiveRetries,
    inconclusiveBackoffMs: L.inconclusiveBackoff,
  };
}

/** The `--samples` input: its location and format (a list, a CSV's sources, or a sitemap), for a pattern format. */
async function samplesOf(
  samples: string,
  inputFormat: InputFormat,
  cwd: string,
): Promise<NonNullable<CheckPlan['samples']>> {
  if (!isRuleFormat(inputFormat) || !hasPatternMatching(inputFormat)) {
    throw invalidFlag('--samples', `tests the pattern rules of ${PATTERN_FORMATS.join(', ')} files`);
  }
  const path = samples === '-' || isHttpLocation(samples) ? samples : resolve(cwd, samples);
  const format = await detectInputFormat(path, undefined);
  if (format !== 'list' && format !== 'csv' && format !== 'sitemap') {
    throw invalidFlag('--samples', 'must be a list of URLs or paths, a CSV or a sitemap', JSON.stringify(samples));
  }
  return { path, format };
}

/**
 * Turns the command line of `hoplens check <file>` into its plan, opening only the input's start to detect its
 * format (src/inputs/detect/detect.ts): paths are resolved against `cwd`.
 * Throws the usage error of the first bad flag, in the order the flags were always checked.
 */
export async function planCheck(file: string, flags: CheckFlags, cwd: string): Promise<CheckPlan> {
  const analyzeOptions = toAnalyzeOptions(flags);
  const expectations = expectationsOf(flags);
  const limits = limitsOf(flags);
  const input = await planInput(file, flags, { cwd });
  const run = planRun(flags, cwd);
  const { format, output } = outputOf(flags, run, cwd);
  const plan: CheckPlan = {
    ...input,
    format,
    reports: parseReportSpecs(flags.report, cwd),
    humanOnStderr: output === undefined && !isHumanFormat(format),
    analyzeOptions,
    expectations,
    limits,
    failOnChange: flags.failOnChange === true,
    inconclusive: flags.inconclusive ?? 'pass',
    quiet: flags.quiet === true,
    verbose: flags.verbose === true,
    progress: flags.progress !== false,
    run,
  };
  if (flags.shard !== undefined) {
    const shard = parseShard(flags.shard);
    if (shard === undefined)
      throw invalidFlag('--shard', 'must be K/N with 1 ≤ K ≤ N ≤ 1024', JSON.stringify(flags.shard));
    plan.shard = shard;
  }
  if (flags.samples !== undefined) plan.samples = await samplesOf(flags.samples, plan.inputFormat, cwd);
  const sitemapMb = number('--sitemap-max-size', flags.sitemapMaxSize, CHECK_LIMITS.sitemapMaxSize);
  if (sitemapMb !== undefined) plan.sitemapMaxBytes = sitemapMb * 1024 * 1024;
  if (flags.baseline !== undefined) plan.baselinePath = resolve(cwd, flags.baseline);
  if (output !== undefined) plan.outputPath = output;
  if (flags.color !== undefined) plan.color = flags.color;
  return plan;
}
