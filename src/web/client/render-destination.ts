/**
 * The destination's facts under the verdict (destination-facts.ts): one row each, a mark and words for its state (so
 * that colour is never the only cue), the canonical URL in full.
 */
import { displayUrl } from '../../core/portable/index.js';
import { h } from '../../report/view/dom.js';
import type { AnalysisResponse } from './api-types.js';
import { type DestinationFact, destinationFacts, type FactLevel } from './destination-facts.js';

const MARK: Readonly<Record<FactLevel, string>> = { ok: '✓', warning: '!', error: '✕', unknown: '–' };

function factRow(fact: DestinationFact): HTMLElement {
  const url =
    fact.url === undefined
      ? undefined
      : h(
          'span',
          { class: 'fact__url', translate: 'no', title: displayUrl(fact.url) === fact.url ? undefined : fact.url },
          displayUrl(fact.url),
        );
  return h(
    'li',
    { class: `fact fact--${fact.level}`, 'data-fact': fact.kind, 'data-level': fact.level, title: fact.issue?.message },
    // Spaces between the parts, for whoever reads the text (the grid ignores them).
    h('span', { class: 'fact__mark', 'aria-hidden': 'true' }, MARK[fact.level]),
    ' ',
    h('span', { class: 'fact__label' }, fact.label),
    ' ',
    h('span', { class: 'fact__value' }, fact.value),
    url === undefined ? '' : ' ',
    url ?? '',
  );
}

/** The facts as a list, or nothing when the chain ends on no page. */
export function renderDestination(result: AnalysisResponse): HTMLElement | undefined {
  const facts = destinationFacts(result);
  if (facts.length === 0) return undefined;
  return h('ul', { class: 'destination', 'aria-label': 'The destination page' }, ...facts.map(factRow));
}
