import type { Detector } from './detector.js';

/**
 * The final URL is one its host's robots.txt keeps the crawler judged for from (Googlebot unless the `crawler` option
 * names another; read as Google reads robots.txt, src/core/robots/rules.ts): the redirect lands where that crawler
 * may not look, so what it leads to cannot be indexed from its content. Found by src/core/robots/check.ts.
 */
export const robotsBlockedDestination: Detector = ({ chain, robots }) => {
  if (robots === undefined || chain.length === 0) return [];
  const hop = chain.length - 1;
  const why =
    robots.reason === 'disallowed'
      ? `${robots.robotsUrl}${robots.line === undefined ? '' : ` (line ${robots.line})`} disallows it for ${robots.token}`
      : `${robots.robotsUrl} answered ${robots.status}, which Google reads as disallowing everything until it recovers`;
  return [
    {
      type: 'robots_blocked_destination',
      severity: 'warning',
      message: `The final URL may not be crawled: ${why}`,
      hop,
    },
  ];
};
