import { finalPage } from '../final-page.js';
import { findRobotsMeta } from '../html/meta-robots.js';
import { contentRobotsRules, forbidsIndexing, headerRobotsRules } from '../robots-directives.js';
import type { Detector } from './detector.js';

/**
 * The chain lands on a 2xx page that asks not to be indexed: `noindex` or `none`, in an `X-Robots-Tag` header or a
 * `<meta name="robots">` or `<meta name="googlebot">` (src/core/robots-directives.ts), for every crawler or for
 * Googlebot. Google will not index the destination, so what the redirect passes on goes nowhere.
 */
export const noindexDestination: Detector = ({ chain, stop, finalSignals }) => {
  const page = finalPage({ chain, stop });
  if (page === undefined) return [];
  const header = page.hop.headers['x-robots-tag'];
  let where: string | undefined;
  if (header !== undefined && forbidsIndexing(headerRobotsRules(header))) where = 'an X-Robots-Tag header';
  else if (finalSignals !== undefined) {
    const meta = findRobotsMeta(finalSignals).find((tag) => forbidsIndexing(contentRobotsRules(tag.content)));
    if (meta !== undefined) where = `<meta name="${meta.name}" content="${meta.content}">`;
  }
  if (where === undefined) return [];
  return [
    {
      type: 'noindex_destination',
      severity: 'error',
      message: `The destination ${page.hop.url} says noindex (${where}): Google will not index it`,
      hop: page.index,
    },
  ];
};
