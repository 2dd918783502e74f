import { factsOf } from './chain-facts.js';
import type { Detector } from './detector.js';

/**
 * The submitted URL's fragment (`#section`) is not on the final URL. A redirect whose Location has no fragment keeps
 * the request's (RFC 9110 §10.2.2, src/core/location.ts), so the fragment is lost only where a Location carries one
 * of its own, or where a client redirect names a URL without it: the browser lands elsewhere on the page, or at its
 * top. `hop` is the hop whose redirect replaced it.
 */
export const fragmentDropped: Detector = (input) => {
  const { chain, stop } = input;
  const first = chain[0];
  const last = chain[chain.length - 1];
  if (stop.kind !== 'complete' || first === undefined || last === undefined || chain.length < 2) return [];
  // No fragment, nothing to lose: most chains, decided without parsing their URLs.
  if (!first.url.includes('#')) return [];
  const facts = factsOf(input);
  const fragment = facts.url(0).hash;
  if (fragment === '' || facts.url(chain.length - 1).hash === fragment) return [];
  const lostAt = chain.findIndex((_, index) => index + 1 < chain.length && facts.url(index + 1).hash !== fragment);
  const replacement = facts.url(lostAt + 1).hash;
  const how = replacement === '' ? 'drops it' : `replaces it with ${replacement}`;
  return [
    {
      type: 'fragment_dropped',
      severity: 'info',
      message: `The submitted URL's fragment ${fragment} is lost: the redirect of hop ${lostAt + 1} ${how}`,
      hop: lostAt,
    },
  ];
};
