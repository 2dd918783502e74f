import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import type { RunPlan } from '../../check/index.js';
import { invalidFlag } from '../errors.js';

/** The flags of `hoplens check` that decide which rows a run checks and which it takes from earlier runs. */
export interface RunFlags {
  /** `--resume REPORT`: continue the interrupted ndjson report REPORT. */
  resume?: string;
  /** `--force`: overwrite the report of an interrupted run. */
  force?: boolean;
  /** `--cache FILE`: answer rows from earlier checks kept in FILE. */
  cache?: string;
  /** `--max-cache-age`: the oldest cached answer used (`1d`, `12h`, `30m`...). */
  maxCacheAge?: string;
  /** `--cache-failures`: failed rows are answered from the cache too. */
  cacheFailures?: boolean;
  /** `--include PATTERN`, repeatable: only rows whose source matches one. */
  include?: string[];
  /** `--exclude PATTERN`, repeatable: rows whose source matches one are left out. */
  exclude?: string[];
}

/** lychee's default (`--max-cache-age`, 1d): a day-old check is still an answer, an older one is checked again. */
export const DEFAULT_MAX_CACHE_AGE = '1d';

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** A duration as `--max-cache-age` takes it: numbers each with a unit (s, m, h, d, w), `1d`, `12h`, `1h30m`; in ms. */
export function parseDuration(text: string): number | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!/^(\d+[smhdw])+$/.test(compact)) return undefined;
  let total = 0;
  for (const [, count, unit] of compact.matchAll(/(\d+)([smhdw])/g)) total += Number(count) * UNIT_MS[unit!]!;
  return total;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Declares the run flags on `hoplens check`, together. */
export function addRunFlags(check: Command): Command {
  return check
    .option(
      '--resume <report>',
      'continue the interrupted ndjson report REPORT: rows already in it are not checked again',
    )
    .option('--force', 'overwrite the --output report of an interrupted run instead of refusing to')
    .option('--cache <file>', 'answer rows from earlier passing checks kept in FILE, and keep this run’s there')
    .option(
      '--max-cache-age <age>',
      `the oldest cached answer used: 30m, 12h, 1d, 2w (default: ${DEFAULT_MAX_CACHE_AGE})`,
    )
    .option('--cache-failures', 'answer failed and errored rows from the cache too (by default they are checked again)')
    .option('--include <pattern>', 'check only rows whose source matches this URL pattern (repeatable)', collect)
    .option('--exclude <pattern>', 'leave out rows whose source matches this URL pattern (repeatable)', collect);
}

/** The cache's path when its folder exists; a usage error before any request otherwise, as `--output` has (issue 44). */
function cacheFile(path: string): string {
  const folder = dirname(path);
  if (statSync(folder, { throwIfNoEntry: false })?.isDirectory() !== true) {
    throw invalidFlag('--cache', `needs a folder that exists: ${folder} is not one`);
  }
  return path;
}

/** The run plan of the flags, paths resolved against `cwd`. Throws the usage error of a bad flag. */
export function planRun(flags: RunFlags, cwd: string): RunPlan {
  const plan: RunPlan = { force: flags.force === true, include: flags.include ?? [], exclude: flags.exclude ?? [] };
  if (flags.resume !== undefined) plan.resume = resolve(cwd, flags.resume);
  if (flags.cache !== undefined) {
    const age = flags.maxCacheAge ?? DEFAULT_MAX_CACHE_AGE;
    const maxAgeMs = parseDuration(age);
    if (maxAgeMs === undefined) {
      throw invalidFlag('--max-cache-age', 'must be a duration such as 30m, 12h, 1d or 2w', JSON.stringify(age));
    }
    plan.cache = { path: cacheFile(resolve(cwd, flags.cache)), maxAgeMs, failures: flags.cacheFailures === true };
  } else if (flags.maxCacheAge !== undefined || flags.cacheFailures === true) {
    throw invalidFlag(flags.maxCacheAge !== undefined ? '--max-cache-age' : '--cache-failures', 'needs --cache FILE');
  }
  return plan;
}
