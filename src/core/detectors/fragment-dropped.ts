import type { Detector } from './detector.js';

/**
 * The submitted URL's fragment (`#section`) is not on the final URL. A redirect whose Location has no fragment keeps
 * the request's (RFC 9110 §10.2.2, src/core/location.ts), so the fragment is lost only where a Location carries one
 * of its own, or where a client redirect names a URL without it: the browser lands elsewhere on the page, or at its
 * top. `hop` is the hop whose redirect replaced it.
 */
export const fragmentDropped: Detector = ({ chain, stop }) => {
  const first = chain[0];
  const last = chain[chain.length - 1];
  if (stop.kind !== 'complete' || first === undefined || last === undefined || chain.length < 2) return [];
  // No fragment, nothing to lose: most chains, decided without parsing their URLs.
  if (!first.url.includes('#')) return [];
  const fragment = new URL(first.url).hash;
  if (fragment === '' || new URL(last.url).hash === fragment) return [];
  const lostAt = chain.findIndex((_, index) => {
    const next = chain[index + 1];
    return next !== undefined && new URL(next.url).hash !== fragment;
  });
  const replacement = new URL(chain[lostAt + 1]!.url).hash;
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
