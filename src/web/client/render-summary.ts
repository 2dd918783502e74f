/**
 * The summary that comes first: the verdict with what the destination says of its indexing (canonical, noindex,
 * robots.txt), then final URL, final status, hop count and total time.
 */
import { countRedirects, displayUrl } from '../../core/portable/index.js';
import { h } from '../../report/view/dom.js';
import { formatDuration, plural, STATUS_CLASS_LABEL, statusClass } from '../../report/view/page.js';
import type { AnalysisResponse } from './api-types.js';
import { renderDestination } from './render-destination.js';
import { verdictOf } from './verdict.js';

/** The final URL, its host in Unicode; the URL as sent in the tooltip when they differ. */
function finalUrl(url: string): HTMLElement {
  const shown = displayUrl(url);
  return h('span', { class: 'summary__url', translate: 'no', title: shown === url ? undefined : url }, shown);
}

export function renderSummary(result: AnalysisResponse): HTMLElement {
  const { summary, chain } = result;
  const verdict = verdictOf(result);
  const last = chain[chain.length - 1];
  const kind = statusClass({
    status: summary.finalStatus,
    ...(last?.redirectType ? { redirectType: last.redirectType } : {}),
  });
  const item = (term: string, ...value: (Node | string)[]) =>
    h('div', { class: 'summary__item' }, h('dt', {}, term), h('dd', {}, ...value));
  return h(
    'section',
    { class: 'summary', 'aria-labelledby': 'summary-title' },
    h(
      'div',
      { class: `verdict verdict--${verdict.level}`, 'data-level': verdict.level },
      h('h2', { id: 'summary-title', class: 'verdict__title' }, verdict.title),
      h('p', { class: 'verdict__detail' }, verdict.detail),
    ),
    renderDestination(result) ?? '',
    h(
      'dl',
      { class: 'summary__grid' },
      item('Final URL', finalUrl(summary.finalUrl)),
      item(
        'Final status',
        h('span', { class: `badge badge--${kind}`, title: STATUS_CLASS_LABEL[kind] }, String(summary.finalStatus)),
        ` ${last?.statusText ?? ''}`,
      ),
      item(
        'Hops',
        h('span', { class: 'summary__hops' }, String(summary.totalHops)),
        ` (${plural(countRedirects(chain), 'redirect')})`,
      ),
      item('Total time', formatDuration(summary.totalTime)),
    ),
  );
}
