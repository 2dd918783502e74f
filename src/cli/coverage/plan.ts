import { resolve } from 'node:path';
import type { CoveragePlan } from '../../coverage/index.js';
import { isHttpLocation, OFFLINE_SITE, planInput } from '../../inputs/index.js';
import type { TrafficSource } from '../../inputs/logs/index.js';
import { integerFlag } from '../analysis-options.js';
import { cliError, invalidFlag } from '../errors.js';
import { parseReportSpecs, type ReportSpec } from '../report-flag.js';
import { COVERAGE_FORMATS, type CoverageFlags, type CoverageFormat } from './flags.js';

/** Everything `hoplens coverage` does, decided from its command line: the room's plan, and how it is written. */
export interface CoverageCliPlan {
  run: CoveragePlan;
  format: CoverageFormat;
  /** The `--output` file, resolved; absent for stdout. */
  outputPath?: string;
  /** The `--report FORMAT=FILE` reports. */
  reports: ReportSpec<CoverageFormat>[];
  /** `--fail-under`: the least share of hits covered, from 0 to 1. */
  failUnder?: number;
  live: boolean;
}

/** The logs and exports, each file resolved against `cwd` (`-` is standard input). */
function sourcesOf(flags: CoverageFlags, cwd: string): TrafficSource[] {
  const at = (path: string) => (path === '-' || isHttpLocation(path) ? path : resolve(cwd, path));
  const logs = flags.log.map((path): TrafficSource => {
    const source: TrafficSource = { kind: 'log', path: at(path) };
    if (flags.logFormat !== undefined) source.format = flags.logFormat;
    return source;
  });
  return [...logs, ...flags.traffic.map((path): TrafficSource => ({ kind: 'traffic', path: at(path) }))];
}

/** `--fail-under PERCENT` as a share, or the usage error of a bad one. */
function failUnderOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\d+(\.\d+)?%?$/.test(text.trim()) ? Number.parseFloat(text) : Number.NaN;
  if (!(value >= 0 && value <= 100))
    throw invalidFlag('--fail-under', 'must be a percentage from 0 to 100', JSON.stringify(text));
  return value / 100;
}

/** The usage errors of flags that do not go together, before anything is read. */
function refuseConflicts(map: string, flags: CoverageFlags, sources: readonly TrafficSource[]): void {
  if (sources.length === 0)
    throw cliError('USAGE_ERROR', 'name the traffic: --log FILE or --traffic CSV (repeatable)', { flag: '--log' });
  const stdin = sources.filter((source) => source.path === '-').length + (map === '-' ? 1 : 0);
  if (stdin > 1) throw invalidFlag('--log', 'may read standard input (-) once, for the map or one log');
  if (flags.live === true && flags.baseUrl === undefined)
    throw invalidFlag('--live', "needs --base-url: the old site's origin, where each URL is requested");
}

/**
 * Turns the command line of `hoplens coverage <map>` into its plan: the map planned as `check` and `lint` plan an
 * input (offline: matched, not requested), the traffic's sources and counting rules, the output. Without
 * `--base-url`, the logs' paths and the map's path rules are compared as paths on the offline site.
 */
export async function planCoverage(map: string, flags: CoverageFlags, cwd: string): Promise<CoverageCliPlan> {
  const sources = sourcesOf(flags, cwd);
  refuseConflicts(map, flags, sources);
  const top = integerFlag('--top', flags.top, 1, 1_000_000) ?? 20;
  const failUnder = failUnderOf(flags.failUnder);
  const input = await planInput(map, flags, { cwd, offline: true });
  const counting: CoveragePlan['counting'] = {
    baseUrl: input.baseUrl ?? `${OFFLINE_SITE}/`,
    keepQuery: flags.keepQuery === true,
    includeAssets: flags.includeAssets === true,
    bots: flags.bots,
  };
  const plan: CoverageCliPlan = {
    run: { map: input, sources, counting, top },
    format: flags.format,
    reports: parseReportSpecs(flags.report, cwd, COVERAGE_FORMATS),
    live: flags.live === true,
  };
  if (flags.output !== undefined) plan.outputPath = resolve(cwd, flags.output);
  if (failUnder !== undefined) plan.failUnder = failUnder;
  return plan;
}
