import type { Detector } from './detector.js';

/** Two or more redirects followed: each costs a round trip and dilutes link equity. Point the first one at the end. */
export const redirectChain: Detector = ({ chain }) => {
  // Every hop but the last led to the next one; the last one's redirect, if any, was not followed (a loop, maxHops,
  // a bad or blocked Location), and those have findings of their own.
  const redirects = chain.slice(0, -1).filter((hop) => hop.redirectType !== undefined).length;
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
