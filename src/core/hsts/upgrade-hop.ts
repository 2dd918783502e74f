import type { Hop } from '../types.js';

/**
 * The hop a returning browser shows where it upgraded a plain-HTTP request to a Known HSTS Host itself (RFC 6797
 * §8.3): nothing is sent. Chromium reports it as an internal redirect, `307 Internal Redirect` with `Location` and
 * `Non-Authoritative-Reason: HSTS` (its DevTools Network panel and CDP's `Network.requestWillBeSent` redirectResponse).
 *
 * It has no `redirectType`: it is not a server's redirect, so it is not counted as a redirect (redirect_chain,
 * the CLI's and check's counts) nor read as a temporary one (temporary_redirect, mixed_redirect_types); a real
 * browser's user sees no such redirect either. It is a hop of the chain, so it counts toward `maxHops`, as Chromium
 * counts internal redirects toward its own redirect limit.
 */
export function hstsUpgradeHop(from: URL, to: URL): Hop {
  return {
    url: from.href,
    status: 307,
    statusText: 'Internal Redirect',
    responseTime: 0,
    headers: { location: to.href, 'non-authoritative-reason': 'HSTS' },
    redirectVia: 'hsts',
  };
}
