import type { Readable } from 'node:stream';
import { type InputPlan, openInput } from '../inputs/index.js';
import { type BotPolicy, countTraffic, type TrafficOptions, type TrafficSource } from '../inputs/logs/index.js';
import type { CoverageReport } from './coverage-report.js';
import type { LiveSettings } from './live.js';
import { measureCoverage } from './measure.js';
import { type CoverageMap, readMap } from './read-map.js';

/** What `hoplens coverage` measures, decided from its command line before any file is opened. */
export interface CoveragePlan {
  /** The map, planned as `check` and `lint` plan an input (read offline). */
  map: InputPlan;
  /** The logs and traffic exports, in the order given. */
  sources: TrafficSource[];
  /** How their lines count (src/inputs/logs): the old site's origin, the query, assets, bots. */
  counting: Omit<TrafficOptions, 'stdin' | 'signal'> & { bots: BotPolicy };
  /** How many uncovered URLs the summary lists. */
  top: number;
}

/** The side effects a measure is given: standard input (for `-`), the signal, and `--live`'s analyzer. */
export interface CoverageSetup {
  stdin: Readable;
  signal?: AbortSignal | undefined;
  live?: Omit<LiveSettings, 'signal'> | undefined;
}

/** A measure's answer, and the map as read (its unreadable lines, for the face to show). */
export interface CoverageRun {
  report: CoverageReport;
  map: CoverageMap;
}

/** The map read whole; an input error that cut it short is thrown, since a partial map would misstate coverage. */
async function mapOf(plan: InputPlan, stdin: Readable): Promise<CoverageMap> {
  const stream = await openInput(plan.inputPath, stdin, plan.inputFormat);
  try {
    const map = await readMap(plan, stream);
    if (map.inputError !== undefined) throw map.inputError;
    return map;
  } finally {
    if (stream !== stdin) stream.destroy();
  }
}

/**
 * `hoplens coverage`: reads the map (the format's own matcher, or exact pairs), counts the traffic of the logs and
 * exports, joins them, checks each URL on the site with `live`, and returns the report.
 */
export async function runCoverage(plan: CoveragePlan, setup: CoverageSetup): Promise<CoverageRun> {
  const map = await mapOf(plan.map, setup.stdin);
  const traffic = await countTraffic(plan.sources, {
    ...plan.counting,
    stdin: setup.stdin,
    ...(setup.signal === undefined ? {} : { signal: setup.signal }),
  });
  const live = setup.live === undefined ? undefined : { ...setup.live, signal: setup.signal };
  const report = await measureCoverage(map, traffic, {
    mapName: plan.map.inputName,
    mapFormat: plan.map.inputFormat,
    bots: plan.counting.bots,
    top: plan.top,
    live,
  });
  return { report, map };
}
