import type { Detector } from './detector.js';

/** A Location that leads back to a URL this analysis already requested. */
export const redirectLoop: Detector = ({ stop }) =>
  stop.kind === 'loop'
    ? [
        {
          type: 'redirect_loop',
          severity: 'error',
          message: `Redirect loop: hop ${stop.hop + 1} redirects back to ${stop.url} (hop ${stop.loopsTo + 1})`,
          hop: stop.hop,
          loopsTo: stop.loopsTo,
        },
      ]
    : [];
