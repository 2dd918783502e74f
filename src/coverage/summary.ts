import type { CoverageRow } from './coverage-row.js';

/** Counts of one kind of URL: how many, and their hits (people's and bots' apart). */
export interface CoverageCount {
  urls: number;
  hits: number;
  botHits: number;
}

/** What a coverage comes to. Shares are of hits (0 to 1), bots' apart; absent when there is nothing to share. */
export interface CoverageSummary {
  all: CoverageCount;
  /** A rule of the map answers them. */
  covered: CoverageCount;
  /** Redirected by the map to a target the map does not redirect again (offline: one hop as far as the map says). */
  direct: CoverageCount;
  /** Covered, but the map redirects the target again (a chain). */
  chained: CoverageCount;
  /** No rule answers them: the map's gaps. */
  uncovered: CoverageCount;
  /** With `--live`: landed on a 200 after exactly one redirect. */
  landed?: CoverageCount;
  shares: CoverageShares;
  /** Bots' hits' shares, when bots were counted apart and had hits. */
  botShares?: CoverageShares;
  /** The uncovered URLs with the most hits, most first. */
  topUncovered: Array<{ url: string; hits: number; botHits: number }>;
}

/** Shares of hits, from 0 to 1. */
export interface CoverageShares {
  covered: number;
  direct: number;
  landed?: number;
}

function zero(): CoverageCount {
  return { urls: 0, hits: 0, botHits: 0 };
}

function add(count: CoverageCount, row: CoverageRow): void {
  count.urls++;
  count.hits += row.hits;
  count.botHits += row.botHits;
}

function sharesOf(
  summary: Omit<CoverageSummary, 'shares' | 'topUncovered'>,
  field: 'hits' | 'botHits',
): CoverageShares | undefined {
  const all = summary.all[field];
  if (all === 0) return undefined;
  const shares: CoverageShares = { covered: summary.covered[field] / all, direct: summary.direct[field] / all };
  if (summary.landed !== undefined) shares.landed = summary.landed[field] / all;
  return shares;
}

/**
 * The summary of ranked rows, with the `top` uncovered URLs; `live`: the rows were checked on the site (`--live`).
 */
export function summarize(rows: readonly CoverageRow[], live: boolean, top: number): CoverageSummary {
  const counts = { all: zero(), covered: zero(), direct: zero(), chained: zero(), uncovered: zero() };
  const landed = live ? zero() : undefined;
  for (const row of rows) {
    add(counts.all, row);
    if (!row.covered) add(counts.uncovered, row);
    else add(counts.covered, row);
    if (row.covered && row.target !== undefined)
      add(row.redirectedAgain === undefined ? counts.direct : counts.chained, row);
    if (landed !== undefined && row.live?.oneHop200 === true) add(landed, row);
  }
  const base = landed === undefined ? counts : { ...counts, landed };
  const shares = sharesOf(base, 'hits') ?? { covered: 0, direct: 0 };
  const summary: CoverageSummary = { ...base, shares, topUncovered: topUncovered(rows, top) };
  if (live && summary.shares.landed === undefined) summary.shares.landed = 0;
  const bots = sharesOf(base, 'botHits');
  if (bots !== undefined) summary.botShares = bots;
  return summary;
}

/** The uncovered URLs with the most hits (the rows are ranked), at most `top`. */
function topUncovered(rows: readonly CoverageRow[], top: number): CoverageSummary['topUncovered'] {
  const found: CoverageSummary['topUncovered'] = [];
  for (const row of rows) {
    if (found.length >= top) break;
    if (!row.covered) found.push({ url: row.url, hits: row.hits, botHits: row.botHits });
  }
  return found;
}
