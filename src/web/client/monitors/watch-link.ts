/**
 * "Watch this chain": from an analysis on the main page to the monitor form, filled with the analysed URL and, as
 * the expectation, the chain's final URL, first status and redirect count (the monitor then fails when any changes).
 */
import { countRedirects } from '../../../core/portable/index.js';
import type { AnalysisResponse } from '../api-types.js';
import { h } from '../dom.js';

/** The monitor form's address for this analysis. */
export function watchPath(result: Pick<AnalysisResponse, 'chain' | 'summary'>): string | undefined {
  const first = result.chain[0];
  if (first === undefined) return undefined;
  const query = new URLSearchParams({
    url: first.url,
    target: result.summary.finalUrl,
    status: String(first.status),
    maxRedirects: String(countRedirects(result.chain)),
  });
  return `/monitors/new?${query.toString()}`;
}

/** The link, for the result's toolbar (the form asks for the admin token when the tab has none). */
export function watchLink(result: Pick<AnalysisResponse, 'chain' | 'summary'>): HTMLElement | false {
  const path = watchPath(result);
  return (
    path !== undefined && h('a', { class: 'button secondary', href: path, 'data-action': 'watch' }, 'Watch this chain')
  );
}
