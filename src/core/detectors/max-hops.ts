import type { Detector } from './detector.js';

/** The chain reached `maxHops` while its last hop still redirected. */
export const maxHopsReached: Detector = ({ stop, chain }) =>
  stop.kind === 'max_hops'
    ? [
        {
          type: 'max_hops_reached',
          severity: 'error',
          message: `Stopped after ${chain.length} hops: the chain still redirects (maxHops reached)`,
          hop: stop.hop,
        },
      ]
    : [];
