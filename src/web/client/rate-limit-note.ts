/** The discreet "requests left" line, from the X-RateLimit-* headers of the last answer. */

import { clockTime } from '../../report/view/text.js';
import type { RateLimit } from './api-types.js';

export function showRateLimit(slot: HTMLElement, rateLimit: RateLimit): void {
  slot.textContent = `${rateLimit.remaining} of ${rateLimit.limit} requests left, until ${clockTime(rateLimit.reset)}`;
  slot.dataset.remaining = String(rateLimit.remaining);
  slot.classList.toggle('quota--low', rateLimit.remaining <= Math.max(1, Math.floor(rateLimit.limit / 10)));
  slot.hidden = false;
}
