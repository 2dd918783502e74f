import type { Detector } from './detector.js';

/** The chain ends on a plain HTTP page. */
export const notHttps: Detector = ({ chain, stop }) => {
  // Only a complete chain has a final page; one stopped by a loop, maxHops, a bad or blocked Location has findings of
  // its own, and its last hop is a redirect, not where anyone lands.
  if (stop.kind !== 'complete') return [];
  const last = chain[chain.length - 1];
  return last?.url.startsWith('http:')
    ? [
        {
          type: 'not_https',
          severity: 'info',
          message: `The chain ends on plain HTTP: ${last.url}`,
          hop: chain.length - 1,
        },
      ]
    : [];
};
