import type { StopReason } from '../trace.js';
import type { Detector } from './detector.js';

/** Where the last hop redirects to when that was not requested: blocked, a loop back, or past maxHops. */
function unfollowed(stop: StopReason, index: number): string | undefined {
  if (stop.kind !== 'blocked' && stop.kind !== 'loop' && stop.kind !== 'max_hops') return undefined;
  return stop.hop === index ? stop.url : undefined;
}

/**
 * A hop on https that leads to http: the rest of the chain travels in clear text. A redirect that was not followed
 * still counts: the classic http -> https -> http loop is exactly this misconfiguration. Not when the http URL went
 * to a host the browser knows as HSTS (`asBrowser`: the next hop is its `hsts` upgrade): nothing is sent in clear
 * (RFC 6797 §8.3); a first visit, the plain analysis, still reports it.
 */
export const httpsDowngrade: Detector = ({ chain, stop }) => {
  const issues = [];
  for (let index = 0; index < chain.length; index++) {
    const from = chain[index]!;
    const to = chain[index + 1]?.url ?? unfollowed(stop, index);
    const upgraded = chain[index + 1]?.redirectVia === 'hsts';
    if (to !== undefined && !upgraded && from.url.startsWith('https:') && to.startsWith('http:')) {
      issues.push({
        type: 'https_downgrade' as const,
        severity: 'error' as const,
        message: `Hop ${index + 1} redirects from HTTPS to plain HTTP (${to})`,
        hop: index,
      });
    }
  }
  return issues;
};
