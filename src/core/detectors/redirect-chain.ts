import { countRedirects } from '../redirect-count.js';
import type { Detector } from './detector.js';

/** Two or more redirects: each costs a round trip and dilutes link equity. Point the first one at the end. */
export const redirectChain: Detector = ({ chain }) => {
  // Counted as everywhere else (src/core/redirect-count.ts): a redirect not followed (a loop, maxHops, a blocked
  // Location) was still answered, and the person reading "N redirects" sees N redirect statuses in the chain.
  const redirects = countRedirects(chain);
  return redirects >= 2
    ? [
        {
          type: 'redirect_chain',
          severity: 'warning',
          message: `${redirects} redirects in a row; redirect the first URL straight to the destination`,
        },
      ]
    : [];
};
