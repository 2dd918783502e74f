import { findRobotsMeta } from '../html/meta-robots.js';
import { contentRobotsRules, headerRobotsRules, indexingBan } from '../robots/index.js';
import { factsOf } from './chain-facts.js';
import type { Detector } from './detector.js';

/** How a rule that keeps a page out of search reads in the message. */
function said(rule: string): string {
  if (rule === 'none') return 'none (noindex, nofollow)';
  return rule === 'noindex' ? 'noindex' : `${rule}, a date now past`;
}

/**
 * The chain lands on a 2xx page that asks not to be indexed: `noindex`, `none`, or an `unavailable_after` date
 * already past, in an `X-Robots-Tag` header or a `<meta name="robots">` or `<meta name="<crawler>">`
 * (src/core/robots/directives.ts), for every crawler or for the one judged for (Googlebot unless `crawler` says
 * another). Google will not index the destination, so what the redirect passes on goes nowhere.
 */
export const noindexDestination: Detector = (input) => {
  const { finalSignals, crawler, now } = input;
  const page = factsOf(input).landing;
  if (page === undefined) return [];
  const at = now ?? Date.now();
  const header = page.hop.headers['x-robots-tag'];
  let found: { rule: string; where: string } | undefined;
  const headerRule = header === undefined ? undefined : indexingBan(headerRobotsRules(header, crawler), at);
  if (headerRule !== undefined) found = { rule: headerRule, where: 'an X-Robots-Tag header' };
  else if (finalSignals !== undefined) {
    for (const tag of findRobotsMeta(finalSignals, crawler)) {
      const rule = indexingBan(contentRobotsRules(tag.content), at);
      if (rule === undefined) continue;
      found = { rule, where: `<meta name="${tag.name}" content="${tag.content}">` };
      break;
    }
  }
  if (found === undefined) return [];
  const who = crawler === undefined || crawler.toLowerCase() === 'googlebot' ? 'Google' : crawler;
  return [
    {
      type: 'noindex_destination',
      severity: 'error',
      message: `The destination ${page.hop.url} says ${said(found.rule)} (${found.where}): ${who} will not index it`,
      hop: page.index,
    },
  ];
};
