/** A whole answer's results: the copy toolbar, the summary, the timeline and the issues (or the partial chain). */

import { h } from '../../report/view/dom.js';
import { type FailedStep, plural, renderChain } from '../../report/view/page.js';
import type { AnalysisResponse, Hop } from './api-types.js';
import { watchLink } from './monitors/watch-link.js';
import { renderIssues } from './render-issues.js';
import { button } from './render-states.js';
import { renderSummary } from './render-summary.js';

export interface Copiers {
  /** Copies `text`; `what` names it in the confirmation ("JSON", "curl command", "URL"). */
  copy: (text: string, what: string, source?: HTMLButtonElement) => void;
  json: () => string;
  curl: () => string;
}

export function toolbar(copiers: Copiers, ...more: Array<HTMLElement | false>): HTMLElement {
  const json: HTMLButtonElement = button('Copy JSON', () => copiers.copy(copiers.json(), 'JSON', json));
  const curl: HTMLButtonElement = button('Copy as curl', () => copiers.copy(copiers.curl(), 'curl command', curl));
  json.dataset.action = 'copy-json';
  curl.dataset.action = 'copy-curl';
  return h('div', { class: 'toolbar', role: 'group', 'aria-label': 'Copy this analysis' }, json, curl, ...more);
}

export function renderResult(result: AnalysisResponse, copiers: Copiers): HTMLElement[] {
  const chainSection = h(
    'section',
    { class: 'chain', 'aria-labelledby': 'chain-title' },
    h('h3', { id: 'chain-title' }, `Chain: ${plural(result.chain.length, 'hop')}`),
    h(
      'div',
      { class: 'timeline-frame' },
      renderChain(result.chain, { issues: result.summary.issues, onCopy: (text, what) => copiers.copy(text, what) }),
    ),
  );
  return [
    toolbar(copiers, watchLink(result)),
    renderSummary(result),
    chainSection,
    renderIssues(result.summary.issues),
  ];
}

/** The hops completed before a failure, ending in the request that failed. */
export function renderPartialChain(chain: Hop[], failure: FailedStep, copiers: Copiers): HTMLElement[] {
  const title =
    chain.length === 0 ? 'No hop completed' : `Completed before the failure: ${plural(chain.length, 'hop')}`;
  return [
    toolbar(copiers),
    h(
      'section',
      { class: 'chain chain--partial', 'aria-labelledby': 'chain-title' },
      h('h3', { id: 'chain-title' }, title),
      renderChain(chain, { failure, onCopy: (text, what) => copiers.copy(text, what) }),
    ),
  ];
}
