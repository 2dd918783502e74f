import { WALL_VENDOR_NAMES } from '../portable/wall-text.js';
import type { Detector } from './detector.js';

/**
 * The chain ends on a bot wall's answer (src/core/walls/): a challenge or block page a vendor served instead of the
 * page. Whether the URL works is unknown to a checker; a browser, or the site's owner allowing the checker, gets
 * through. Not an error: link checkers that call it broken are why people stop trusting them.
 */
export const botWall: Detector = ({ chain }) => {
  const last = chain[chain.length - 1];
  const wall = last?.wall;
  if (last === undefined || wall === undefined) return [];
  const what = wall.action === 'challenge' ? 'challenge' : 'block';
  const vendor = WALL_VENDOR_NAMES[wall.vendor];
  return [
    {
      type: 'bot_wall',
      severity: 'warning',
      message: `${last.url} answered with ${vendor}'s ${what} (${wall.signal}), not the page: whether it works is unknown`,
      hop: chain.length - 1,
    },
  ];
};
