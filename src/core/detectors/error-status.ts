import type { Hop } from '../types.js';
import { factsOf } from './chain-facts.js';
import type { Detector } from './detector.js';

/** What a redirect leads to when it ends on an error status, in words. */
function landing(hop: Hop): string {
  const code = `${hop.status}${hop.statusText ? ` ${hop.statusText}` : ''}`;
  if (hop.status === 404 || hop.status === 410) return `redirects to a page that does not exist (${code})`;
  if (hop.status >= 500) return `redirects to a page that fails with a server error (${code})`;
  return `redirects to a page that refuses the request (${code})`;
}

/**
 * The chain ends on a 4xx or 5xx: the destination is broken. When redirects led there, the message says so: the
 * redirect passes nothing on to a page Google drops from its index.
 */
export const errorStatus: Detector = (input) => {
  const { chain, stop } = input;
  const last = chain[chain.length - 1];
  // A bot wall's answer is the wall's, not the page's: `bot_wall` says so instead.
  if (stop.kind !== 'complete' || last === undefined || last.status < 400 || last.wall !== undefined) return [];
  const message =
    factsOf(input).redirectCount > 0
      ? `The chain ${landing(last)}`
      : `The chain ends with ${last.status}${last.statusText ? ` ${last.statusText}` : ''}`;
  return [{ type: 'error_status', severity: 'error', message, hop: chain.length - 1 }];
};
