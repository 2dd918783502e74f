import {
  loadCache,
  type RowCache,
  type RowSubset,
  type RunJudging,
  saveCache,
  shardItems,
  subsetItems,
  type UrlMatcher,
} from '../../check/index.js';
import type { AnalyzerConfig } from '../../core/index.js';
import type { InputItem } from '../../inputs/index.js';
import { invalidFlag } from '../errors.js';
import type { CheckPlan } from './plan.js';
import { refuseInterruptedOverwrite, resumeReport } from './resume-report.js';

/** What a run takes from earlier runs and which rows it checks: `--resume`, `--cache`, `--include`/`--exclude`. */
export interface RunExtras {
  /** The rows the run checks; undefined when it checks every row. */
  subset?: RowSubset;
  cache?: RowCache;
}

/** The URL patterns of `flag`, compiled by the policy file's own compiler (loaded only when a pattern is given). */
async function patterns(flag: string, texts: readonly string[]): Promise<UrlMatcher[]> {
  if (texts.length === 0) return [];
  const { compileUrlPattern } = await import('../../core/policy-parse.js');
  return texts.map((text) => compileUrlPattern(text, (why) => invalidFlag(flag, why, JSON.stringify(text))));
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
export function cacheContext(plan: CheckPlan, settings: AnalyzerConfig): string {
  const { analyzeOptions, expectations } = plan;
  return JSON.stringify({ analyzeOptions, expectations, settings, samples: plan.samples !== undefined }, settingsJson);
}

/**
 * Prepares what the run takes from earlier runs, before its report is opened: the report of an interrupted run is
 * refused unless resumed or forced; a resumed report's rows are counted into `judging` and left out of the run; the
 * cache is read (a corrupt one with a `warn`ing, never an error); the patterns compiled.
 */
export async function prepareRun(
  plan: CheckPlan,
  judging: RunJudging,
  settings: AnalyzerConfig,
  warn: (text: string) => void,
): Promise<RunExtras> {
  const { run } = plan;
  await refuseInterruptedOverwrite(plan.outputPath, run.force || run.resume !== undefined);
  const include = await patterns('--include', run.include);
  const exclude = await patterns('--exclude', run.exclude);
  const extras: RunExtras = {};
  if (run.cache !== undefined) {
    const { path, maxAgeMs, failures } = run.cache;
    const loaded = await loadCache(path, { maxAgeMs, failures, context: cacheContext(plan, settings) });
    if (loaded.warning !== undefined) warn(loaded.warning);
    extras.cache = loaded.cache;
  }
  // Last: reading a resumed report cuts its closing record, which nothing after it may fail to replace.
  const done = run.resume === undefined ? undefined : await resumeReport(run.resume, (row) => judging.recount(row));
  if (include.length > 0 || exclude.length > 0 || done !== undefined) {
    extras.subset = { include, exclude, ...(done === undefined ? {} : { done }) };
  }
  return extras;
}

/** Writes the run's cache back (atomically); a failure to is told, since the run's own results stand. */
export async function saveRunCache(plan: CheckPlan, extras: RunExtras, warn: (text: string) => void): Promise<void> {
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
export async function countRunRows(plan: CheckPlan, items: AsyncIterable<InputItem>, extras: RunExtras) {
  const { include, exclude } = extras.subset ?? {};
  const chosen = subsetItems(items, { ...(include ? { include } : {}), ...(exclude ? { exclude } : {}) });
  let count = 0;
  for await (const item of plan.shard === undefined ? chosen : shardItems(chosen, plan.shard)) {
    if (item.kind === 'row') count++;
  }
  return count;
}
