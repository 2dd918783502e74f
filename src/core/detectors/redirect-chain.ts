import type { Detector } from './detector.js';

/** Two or more redirects followed: each costs a round trip and dilutes link equity. Point the first one at the end. */
export const redirectChain: Detector = ({ chain }) => {
  const redirects = chain.filter((hop) => hop.redirectType !== undefined).length;
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
