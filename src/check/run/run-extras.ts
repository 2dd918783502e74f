import type { AnalyzerConfig } from '../../core/index.js';
import type { InputItem } from '../../inputs/index.js';
import { loadCache, saveCache } from '../cache-file.js';
import type { RowResult } from '../result.js';
import type { RowCache } from '../row-cache.js';
import { type RowSubset, subsetItems, type UrlMatcher } from '../row-subset.js';
import type { RunJudging } from '../run-judging.js';
import { shardItems } from '../shard.js';
import type { CheckRunPlan } from './plan.js';

/** What a run takes from earlier runs and which rows it checks: `--resume`, `--cache`, `--include`/`--exclude`. */
export interface RunExtras {
  /** The rows the run checks; undefined when it checks every row. */
  subset?: RowSubset;
  cache?: RowCache;
}

/**
 * What a run's earlier runs are read with, and how its faults are told: the report file's reader (resuming it, and
 * refusing to overwrite an interrupted one), the error for a bad pattern (`--include`, `--exclude`) in the face's
 * words, and `warn` for what does not stop the run (a corrupt cache, one not written).
 */
export interface EarlierRuns {
  /** Refuses the report at `outputPath` when an interrupted run left it, unless `force`. */
  refuseInterruptedOverwrite(outputPath: string | undefined, force: boolean): Promise<void>;
  /** Reads the report a run continues, counting each of its rows (`recount`); the keys of the rows it holds. */
  resumeReport(path: string, recount: (row: RowResult) => void): Promise<Set<string>>;
  /** The error for a pattern `text` of `flag` that does not compile, and why. */
  patternError(flag: string, why: string, text: string): Error;
  warn(text: string): void;
}

/** The URL patterns of `flag`, compiled by the policy file's own compiler (loaded only when a pattern is given). */
async function patterns(flag: string, texts: readonly string[], earlier: EarlierRuns): Promise<UrlMatcher[]> {
  if (texts.length === 0) return [];
  const { compileUrlPattern } = await import('../../core/policy/policy-parse.js');
  return texts.map((text) => compileUrlPattern(text, (why) => earlier.patternError(flag, why, text)));
}

/** Compiled patterns and policies as JSON: a pattern by its parts, a set by its members; functions left out. */
function settingsJson(_key: string, value: unknown): unknown {
  if (value instanceof Set) return [...value];
  if (typeof value === 'object' && value !== null && typeof (value as { exec?: unknown }).exec === 'function') {
    const pattern = value as unknown as Record<string, string>;
    return ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'].map(
      (p) => pattern[p],
    );
  }
  return value;
}

/**
 * Everything besides a row's own fields that decides its answer: the request options (policy included), the
 * analyzer's settings (authorities, allowed networks) and how URLs compare. A cached check made under others is
 * not this run's answer.
 */
export function cacheContext(plan: CheckRunPlan, settings: AnalyzerConfig): string {
  const { analyzeOptions, expectations } = plan;
  return JSON.stringify({ analyzeOptions, expectations, settings, samples: plan.samples !== undefined }, settingsJson);
}

/**
 * Prepares what the run takes from earlier runs, before its report is opened: the report of an interrupted run is
 * refused unless resumed or forced; a resumed report's rows are counted into `judging` and left out of the run; the
 * cache is read (a corrupt one with a `warn`ing, never an error); the patterns compiled.
 */
export async function prepareRun(
  plan: CheckRunPlan,
  judging: RunJudging,
  settings: AnalyzerConfig,
  earlier: EarlierRuns,
): Promise<RunExtras> {
  const { run } = plan;
  await earlier.refuseInterruptedOverwrite(plan.outputPath, run.force || run.resume !== undefined);
  const include = await patterns('--include', run.include, earlier);
  const exclude = await patterns('--exclude', run.exclude, earlier);
  const extras: RunExtras = {};
  if (run.cache !== undefined) {
    const { path, maxAgeMs, failures } = run.cache;
    const loaded = await loadCache(path, { maxAgeMs, failures, context: cacheContext(plan, settings) });
    if (loaded.warning !== undefined) earlier.warn(loaded.warning);
    extras.cache = loaded.cache;
  }
  // Last: reading a resumed report cuts its closing record, which nothing after it may fail to replace.
  const done =
    run.resume === undefined ? undefined : await earlier.resumeReport(run.resume, (row) => judging.recount(row));
  if (include.length > 0 || exclude.length > 0 || done !== undefined) {
    extras.subset = { include, exclude, ...(done === undefined ? {} : { done }) };
  }
  return extras;
}

/** Writes the run's cache back (atomically); a failure to is told, since the run's own results stand. */
export async function saveRunCache(plan: CheckRunPlan, extras: RunExtras, warn: (text: string) => void): Promise<void> {
  if (extras.cache === undefined || plan.run.cache === undefined) return;
  try {
    await saveCache(plan.run.cache.path, extras.cache);
  } catch (error) {
    warn(`cache ${plan.run.cache.path} not written: ${(error as Error).message}`);
  }
}

/**
 * The rows of the input the whole run checks, a resumed report's included: the input read again through the same
 * patterns and shard, for the interrupted run's "never checked" (these less the rows the summary counts).
 */
export async function countRunRows(plan: CheckRunPlan, items: AsyncIterable<InputItem>, extras: RunExtras) {
  const { include, exclude } = extras.subset ?? {};
  const chosen = subsetItems(items, { ...(include ? { include } : {}), ...(exclude ? { exclude } : {}) });
  let count = 0;
  for await (const item of plan.shard === undefined ? chosen : shardItems(chosen, plan.shard)) {
    if (item.kind === 'row') count++;
  }
  return count;
}
