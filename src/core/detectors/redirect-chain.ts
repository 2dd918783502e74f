import { GOOGLEBOT_REDIRECT_LIMIT, JUDGEMENT_DEFAULTS } from '../policy/judgement-defaults.js';
import { factsOf } from './chain-facts.js';
import type { Detector } from './detector.js';

/**
 * Several redirects in a row: each costs a round trip and dilutes link equity. From `chainWarning` (2) redirects a
 * warning; from `chainError` (5) an error, since Google asks for fewer than 5 and Googlebot stops following after 10
 * (src/core/policy/judgement-defaults.ts). Point the first one at the end.
 */
export const redirectChain: Detector = (input) => {
  const thresholds = input.thresholds ?? JUDGEMENT_DEFAULTS;
  // Counted as everywhere else (src/core/portable/redirect-count.ts): a redirect not followed (a loop, maxHops, a blocked
  // Location) was still answered, and the person reading "N redirects" sees N redirect statuses in the chain.
  const redirects = factsOf(input).redirectCount;
  if (redirects < thresholds.chainWarning) return [];
  const long = redirects >= thresholds.chainError;
  const advice = long
    ? `keep chains under ${thresholds.chainError}: Googlebot gives up after ${GOOGLEBOT_REDIRECT_LIMIT}, and every hop delays the move`
    : 'redirect the first URL straight to the destination';
  return [
    {
      type: 'redirect_chain',
      severity: long ? 'error' : 'warning',
      message: `${redirects} redirects in a row; ${advice}`,
    },
  ];
};
