import { OFFLINE_SITE } from '../inputs/index.js';
import type { CoverageRow } from './coverage-row.js';
import type { CoverageSummary } from './summary.js';

/** What the traffic was read from, as its reader counted it (src/inputs/logs: the table without its entries). */
export interface TrafficFigures {
  /** Lines read, in all sources. */
  lines: number;
  /** Requests counted. */
  counted: number;
  botLines: number;
  assetLines: number;
  /** Lines not counted, by reason. */
  skipped: Record<string, number>;
  sources: ReadonlyArray<{ path: string; format: string; lines: number }>;
}

/** The whole answer of `hoplens coverage`: the map, the traffic, the summary, every URL ranked. */
export interface CoverageReport {
  map: {
    /** As the user named it (a file, `stdin`). */
    name: string;
    format: string;
    /** The format's own matcher (`rules`) or exact pairs. */
    matching: 'rules' | 'pairs';
    rules: number;
    /** Lines of the map that could not be read, and rules skipped. */
    invalid: number;
    skipped: number;
  };
  traffic: TrafficFigures;
  /** How known bots were counted: apart (`separate`), with people (`include`) or not at all (`exclude`). */
  bots: 'separate' | 'include' | 'exclude';
  /** Whether the URLs were checked on the site (`--live`). */
  live: boolean;
  summary: CoverageSummary;
  rows: CoverageRow[];
}

/** A URL as reports show it: a path when it sits on the offline site (map and log read without `--base-url`). */
export function shownUrl(url: string | undefined): string {
  if (url === undefined) return '';
  return url.startsWith(`${OFFLINE_SITE}/`) ? url.slice(OFFLINE_SITE.length) : url;
}

/** A share (0 to 1) as a percentage with one decimal: `87.5%`. */
export function percent(share: number | undefined): string {
  return share === undefined ? '-' : `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
}
