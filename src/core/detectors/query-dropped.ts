import { type ChainFacts, factsOf } from './chain-facts.js';
import type { Detector } from './detector.js';

/** Parameters that carry a visit's attribution: analytics loses the campaign or the ad click when they are dropped. */
const TRACKING = /^(?:utm_.+|gclid|fbclid|msclkid)$/i;

/** `a`, `a and b`, `a, b and c`. */
function listed(items: readonly string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The parameter names of hop `index`'s query, in order, each once. */
function parameterNames(facts: ChainFacts, index: number): string[] {
  return [...new Set(facts.url(index).searchParams.keys())];
}

/**
 * The submitted URL has a query, and redirects lost some of its parameters (compared by name): a campaign's `utm_*`
 * or an ad click's `gclid` no longer reaches the page, nor does a parameter that selected content. `hop` is the
 * redirect where the first of them went missing.
 */
export const queryDropped: Detector = (input) => {
  const { chain, stop } = input;
  const first = chain[0];
  const last = chain[chain.length - 1];
  if (stop.kind !== 'complete' || first === undefined || last === undefined) return [];
  const facts = factsOf(input);
  if (facts.redirectCount === 0) return [];
  // No query, nothing to lose: most chains, decided without parsing their URLs.
  if (!first.url.includes('?')) return [];
  const submitted = parameterNames(facts, 0);
  const kept = new Set(parameterNames(facts, chain.length - 1));
  const dropped = submitted.filter((name) => !kept.has(name));
  if (dropped.length === 0) return [];
  const lostAt = chain.findIndex((_, index) => {
    if (index + 1 >= chain.length) return false;
    const names = new Set(parameterNames(facts, index + 1));
    const params = facts.url(index).searchParams;
    return dropped.some((name) => params.has(name) && !names.has(name));
  });
  const tracking = dropped.filter((name) => TRACKING.test(name));
  const noun = dropped.length === 1 ? 'parameter' : 'parameters';
  const note =
    tracking.length === 0
      ? ''
      : `; ${listed(tracking)} ${tracking.length === 1 ? 'is a tracking parameter' : 'are tracking parameters'}, so analytics loses the visit's source`;
  return [
    {
      type: 'query_dropped',
      severity: 'warning',
      message: `The redirects drop the query ${noun} ${listed(dropped)} of the submitted URL${note}`,
      hop: Math.max(lostAt, 0),
    },
  ];
};
