import type { CoverageReport, TrafficFigures } from './coverage-report.js';
import type { CoverageTraffic } from './coverage-row.js';
import { joinCoverage } from './join.js';
import { checkLive, type LiveSettings } from './live.js';
import type { CoverageMap } from './read-map.js';
import { summarize } from './summary.js';

/** What a measure is given besides the map and the traffic. */
export interface MeasureOptions {
  /** The map as the user named it, and its format. */
  mapName: string;
  mapFormat: string;
  bots: CoverageReport['bots'];
  /** How many uncovered URLs the summary lists. */
  top: number;
  /** Check each URL on the site (`--live`). */
  live?: LiveSettings | undefined;
}

/**
 * The coverage of a map over counted traffic: every URL joined with the map and ranked, checked on the site with
 * `live`, and summed up.
 */
export async function measureCoverage(
  map: CoverageMap,
  traffic: CoverageTraffic & TrafficFigures,
  options: MeasureOptions,
): Promise<CoverageReport> {
  const rows = joinCoverage(traffic, map.lookup);
  if (options.live !== undefined) await checkLive(rows, options.live);
  const { entries: _entries, ...figures } = traffic;
  return {
    map: {
      name: options.mapName,
      format: options.mapFormat,
      matching: map.matching,
      rules: map.rules,
      invalid: map.invalid.length,
      skipped: map.skipped.length,
    },
    traffic: figures,
    bots: options.bots,
    live: options.live !== undefined,
    summary: summarize(rows, options.live !== undefined, options.top),
    rows,
  };
}
