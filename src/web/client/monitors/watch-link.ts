/**
 * "Watch this chain": from an analysis on the main page to the monitor form, filled with the analysed URL and, as
 * the expectation, the chain's final URL, first status and redirect count (the monitor then fails when any changes).
 */

import { h } from '../../../report/view/dom.js';
import type { AnalysisResponse } from '../api-types.js';
import { watchPath } from './watch-path.js';

/** The link, for the result's toolbar (the form asks for the admin token when the tab has none). */
export function watchLink(result: Pick<AnalysisResponse, 'chain' | 'summary'>): HTMLElement | false {
  const path = watchPath(result);
  return (
    path !== undefined && h('a', { class: 'button secondary', href: path, 'data-action': 'watch' }, 'Watch this chain')
  );
}
