import type { Detector } from './detector.js';

/** A redirect status without a Location header: browsers stop there. */
export const missingLocation: Detector = ({ stop, chain }) =>
  stop.kind === 'missing_location'
    ? [
        {
          type: 'missing_location',
          severity: 'error',
          message: `Hop ${stop.hop + 1} answers ${chain[stop.hop]?.status} without a Location header`,
          hop: stop.hop,
        },
      ]
    : [];
