import { comparableUrl } from '../core/index.js';
import type { CoverageRow, CoverageTraffic } from './coverage-row.js';
import { isRedirect, type MapAnswer, type MapLookup } from './map-lookup.js';

/** Whether a rule's answer covers a URL: a redirect, or a page served or gone for good; a 404 says nothing of it. */
function covers(answer: MapAnswer): boolean {
  return answer.status !== 404;
}

/** Where the map sends `target` next, if it redirects it elsewhere. */
function nextHop(lookup: MapLookup, target: string): string | undefined {
  if (!URL.canParse(target)) return undefined;
  const again = lookup.answer(target);
  if (again === undefined || !isRedirect(again)) return undefined;
  return comparableUrl(again.target) === comparableUrl(target) ? undefined : again.target;
}

/** One URL of the traffic, joined with the map's answer. */
function joinedRow(entry: CoverageTraffic['entries'][number], lookup: MapLookup): CoverageRow {
  const row: CoverageRow = { rank: 0, url: entry.url, hits: entry.hits, botHits: entry.botHits, covered: false };
  const answer = URL.canParse(entry.url) ? lookup.answer(entry.url) : undefined;
  if (answer === undefined) return row;
  row.covered = covers(answer);
  row.line = answer.line;
  if (answer.status !== undefined) row.status = answer.status;
  if (answer.problem !== undefined) row.problem = answer.problem;
  if (isRedirect(answer)) {
    row.target = answer.target;
    const again = nextHop(lookup, answer.target);
    if (again !== undefined) row.redirectedAgain = again;
  }
  return row;
}

/** Most hits first, then most bot hits, then by URL, so that the order is the same on every run. */
function byTraffic(a: CoverageRow, b: CoverageRow): number {
  return b.hits - a.hits || b.botHits - a.botHits || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);
}

/**
 * Every URL of the traffic joined with the map, ranked by hits: covered or not, where the map sends it, and whether
 * the map redirects that target again. Offline: the map's own answers, nothing requested.
 */
export function joinCoverage(traffic: CoverageTraffic, lookup: MapLookup): CoverageRow[] {
  const rows = traffic.entries.map((entry) => joinedRow(entry, lookup)).sort(byTraffic);
  rows.forEach((row, index) => {
    row.rank = index + 1;
  });
  return rows;
}
