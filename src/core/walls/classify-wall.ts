import { genericRule } from './generic-rule.js';
import { VENDOR_RULES } from './vendor-rules.js';
import type { HopWall, WallAnswer } from './wall-answer.js';

/**
 * The bot wall an answer is, if any: each vendor's rule in turn (./vendor-rules.ts), then the generic one. A 2xx or
 * 3xx answer is a wall only by a vendor's own header (AWS WAF's 202 challenge).
 */
export function classifyWall(answer: WallAnswer): HopWall | undefined {
  for (const [vendor, rule] of VENDOR_RULES) {
    const found = rule(answer);
    if (found !== undefined) return { vendor, ...found };
  }
  const generic = genericRule(answer);
  return generic === undefined ? undefined : { vendor: 'generic', ...generic };
}
