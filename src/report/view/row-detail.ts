/** One unfolded row: where it came from (file and line), what was expected, why it failed, and its chain drawn. */
import type { ReportRow } from '../model/report-data.js';
import { h } from './dom.js';
import { rowChain } from './row-chain.js';

export function rowDetail(row: ReportRow, source: string): HTMLElement {
  const { element, attach } = rowChain(row);
  const facts = h(
    'dl',
    { class: 'row-detail__facts' },
    h('dt', {}, 'From'),
    h('dd', { 'data-origin': '' }, `${source}, line ${row.line}`),
    h('dt', {}, 'Source'),
    h('dd', { class: 'url' }, row.source),
    row.target === undefined ? '' : h('dt', {}, 'Expected target'),
    row.target === undefined ? '' : h('dd', { class: 'url' }, row.target),
    row.expectedStatus === undefined ? '' : h('dt', {}, 'Expected status'),
    row.expectedStatus === undefined ? '' : h('dd', {}, row.expectedStatus),
  );
  const reasons = [...row.reasons, ...row.warnings.map((warning) => `warning: ${warning}`)];
  const section = h(
    'div',
    { class: 'row-detail__body', 'data-line': row.line },
    h('h3', {}, `Line ${row.line}: ${row.outcome}`),
    facts,
    reasons.length === 0
      ? ''
      : h('ul', { class: 'row-detail__reasons' }, ...reasons.map((reason) => h('li', {}, reason))),
    element,
  );
  requestAnimationFrame(attach);
  return section;
}
