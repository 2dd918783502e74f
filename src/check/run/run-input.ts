import type { Readable } from 'node:stream';
import type { AnalyzerConfig } from '../../core/index.js';
import {
  type CsvColumns,
  type InputItem,
  type InputReadOptions,
  isHttpLocation,
  isRuleFormat,
  type OpenSitemapOptions,
  openInput,
  type ReadAhead,
  readAhead,
  readInput,
  replayItems,
  sitemapFetchThrough,
} from '../../inputs/index.js';
import { type CheckSummary, checkedRows } from '../summary.js';
import type { CheckRunPlan } from './plan.js';
import { countRunRows, type RunExtras } from './run-extras.js';

/** How a run reads its input: the plan, standard input (for `-`), and how a sitemap is opened. */
export interface RunInput {
  plan: CheckRunPlan;
  stdin: Readable;
  sitemap: OpenSitemapOptions;
}

/**
 * How a sitemap input is opened and read: the plan's size cap, and a fetch through an analyzer with the run's
 * settings (`--ca`, `--resolve`, `--connect-to`) and options (the address policy, TLS mode, request headers), so that
 * a sitemap given by URL, and each child of its index, is reached as the rows are.
 */
export function sitemapOptions(plan: CheckRunPlan, settings: AnalyzerConfig): OpenSitemapOptions {
  // The renderer is the run's: an analyzer of the sitemap's own would close it, and a sitemap is not rendered.
  const { renderer: _renderer, ...config } = settings;
  const { policy: _policy, signal: _signal, render: _render, renderWait: _wait, ...options } = plan.analyzeOptions;
  return {
    ...(plan.sitemapMaxBytes === undefined ? {} : { maxBytes: plan.sitemapMaxBytes }),
    fetch: sitemapFetchThrough(config, options),
  };
}

/**
 * A rules file's items, read ahead once (src/inputs/read-ahead.ts): the chains between its rules are found among
 * them, and the run replays them, so that the file is read and parsed once. Undefined for a list, a CSV, a sitemap
 * (streamed: they may be large) and samples (the rules are compiled, not run).
 */
export async function readRulesAhead(plan: CheckRunPlan, stream: Readable): Promise<ReadAhead | undefined> {
  if (!isRuleFormat(plan.inputFormat) || plan.samples !== undefined) return undefined;
  return readAhead(readInput(plan.inputFormat, stream, plan.readOptions));
}

/**
 * The input's items: the file's rows, or the samples matched against its rules. A CSV's columns, once known, go
 * to `onColumns`, so that a target column read under an unexpected name (or not read) shows.
 */
export async function readRows(
  input: RunInput,
  stream: Readable,
  onColumns: (columns: CsvColumns) => void,
): Promise<AsyncIterable<InputItem>> {
  const { plan, sitemap } = input;
  const csv: NonNullable<InputReadOptions['csv']> = {
    ...(plan.columns === undefined ? {} : { columns: plan.columns }),
    onColumns,
  };
  const options = { ...plan.readOptions, csv, ...sitemap };
  return plan.samples === undefined ? readInput(plan.inputFormat, stream, options) : await samples(input, stream);
}

/**
 * The rows of the samples: the rules file compiled whole (src/inputs/patterns/), each sample matched against it. A
 * sitemap's samples are read as written, so that rules naming the old host still match them; list and CSV paths
 * are made absolute on the base URL.
 */
async function samples(input: RunInput, rulesStream: Readable): Promise<AsyncIterable<InputItem>> {
  const { plan, sitemap } = input;
  const { compileRules, hasPatternMatching, sampleRows } = await import('../../inputs/patterns/index.js');
  const { path, format } = plan.samples!;
  if (!hasPatternMatching(plan.inputFormat)) throw new Error(`no pattern matching for ${plan.inputFormat}`);
  const { variant, docroot } = plan.readOptions;
  const rules = await compileRules(plan.inputFormat, rulesStream, {
    ...(variant === undefined ? {} : { variant }),
    ...(docroot === undefined ? {} : { docroot }),
  });
  const sampleStream = await openInput(path, input.stdin, format, sitemap);
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
 * ahead; not standard input or a URL, read once, nor samples): it is read again and counted, not checked.
 */
export async function countUnchecked(
  input: RunInput,
  summary: CheckSummary,
  ahead: ReadAhead | undefined,
  extras: RunExtras,
): Promise<void> {
  const { plan, sitemap } = input;
  if (plan.samples !== undefined) return;
  let items: AsyncIterable<InputItem>;
  if (ahead !== undefined) items = replayItems(ahead);
  else if (plan.inputPath === '-' || isHttpLocation(plan.inputPath)) return;
  else {
    const stream = await openInput(plan.inputPath, input.stdin, plan.inputFormat, sitemap);
    const columns = plan.columns === undefined ? {} : { columns: plan.columns };
    items = readInput(plan.inputFormat, stream, { ...plan.readOptions, csv: columns, ...sitemap });
  }
  try {
    summary.unchecked = Math.max(0, (await countRunRows(plan, items, extras)) - checkedRows(summary));
  } catch {
    // An input that no longer reads as it did: the count is left out, the run's results stand.
  }
}
