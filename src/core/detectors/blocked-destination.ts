import type { Detector } from './detector.js';

/** A redirect into address space hoplens refuses to reach (loopback, private, metadata...): no connection made. */
export const blockedDestination: Detector = ({ stop }) =>
  stop.kind === 'blocked'
    ? [
        {
          type: 'blocked_destination',
          severity: 'error',
          message: `Hop ${stop.hop + 1} redirects to a blocked destination, not followed: ${stop.reason}`,
          hop: stop.hop,
        },
      ]
    : [];
