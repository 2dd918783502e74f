import type { Detector } from './detector.js';

/** The chain ends on a 4xx or 5xx: the destination is broken. */
export const errorStatus: Detector = ({ chain, stop }) => {
  const last = chain[chain.length - 1];
  return stop.kind === 'complete' && last !== undefined && last.status >= 400
    ? [
        {
          type: 'error_status',
          severity: 'error',
          message: `The chain ends with ${last.status}${last.statusText ? ` ${last.statusText}` : ''}`,
          hop: chain.length - 1,
        },
      ]
    : [];
};
