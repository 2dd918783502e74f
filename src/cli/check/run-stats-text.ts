import { type CollapseFinding, REDIRECT_BUCKETS, type RunStats } from '../../check/index.js';
import type { Colors } from '../colors.js';

/** Redirects per row, e.g. `Redirects per row: 0: 12, 1: 1980, 2: 8, 5+: 0`; empty buckets past the first left out. */
function histogram(stats: RunStats): string {
  const parts = stats.redirects.flatMap((count, index) => {
    const label = index === REDIRECT_BUCKETS - 1 ? `${index}+` : String(index);
    return count > 0 || index === 0 ? [`${label}: ${count}`] : [];
  });
  return `Redirects per row: ${parts.join(', ')}; redirects: ${stats.permanent} permanent, ${stats.temporary} temporary\n`;
}

function slowest(stats: RunStats): string {
  if (stats.slowest.length === 0) return '';
  const lines = stats.slowest.map(
    (chain) =>
      `  ${String(Math.round(chain.time)).padStart(6)} ms  ${chain.hops} hop${chain.hops === 1 ? ' ' : 's'}  ${chain.source}\n`,
  );
  return `Slowest chains:\n${lines.join('')}`;
}

/**
 * The run's chains in words: the redirect histogram, permanent and temporary counts, and the slowest chains unless
 * `quiet` (`-q` lists only what went wrong; ten passing rows are not that).
 */
export function renderRunStats(stats: RunStats, quiet = false): string {
  return histogram(stats) + (quiet ? '' : slowest(stats));
}

/** The collapse finding in words: each target with its count, a root called out as the soft-404 risk. */
export function renderCollapse(collapse: CollapseFinding, colors: Colors): string {
  const paint = collapse.severity === 'error' ? colors.red : colors.yellow;
  let text = `${paint('redirect_collapse')}: rows from different sources redirect to one URL none of them expected (threshold ${collapse.threshold}):\n`;
  for (const target of collapse.targets) {
    const risk = target.root ? ' (a site root: Google treats mass redirects to the home page as soft 404s)' : '';
    text += `  ${target.rows} rows -> ${target.finalUrl}${risk}\n`;
    text += `    e.g. ${target.examples.join(', ')}\n`;
  }
  return text;
}
