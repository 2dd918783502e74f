import type { Detector } from './detector.js';

/** A Location that cannot be followed: unparsable, not http(s), or given twice with different values. */
export const invalidLocation: Detector = ({ stop }) =>
  stop.kind === 'invalid_location'
    ? [
        {
          type: 'invalid_location',
          severity: 'error',
          message: `Hop ${stop.hop + 1} has an invalid Location (${stop.reason}): ${stop.location}`,
          hop: stop.hop,
        },
      ]
    : [];
