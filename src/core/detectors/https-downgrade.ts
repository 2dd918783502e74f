import type { Detector } from './detector.js';

/** A hop on https that leads to http: the rest of the chain travels in clear text. */
export const httpsDowngrade: Detector = ({ chain, stop }) => {
  const issues = [];
  for (let index = 0; index < chain.length; index++) {
    const from = chain[index]!;
    const to = chain[index + 1]?.url ?? (stop.kind === 'blocked' && stop.hop === index ? stop.url : undefined);
    if (to !== undefined && from.url.startsWith('https:') && to.startsWith('http:')) {
      issues.push({
        type: 'https_downgrade' as const,
        severity: 'error' as const,
        message: `Hop ${index + 1} redirects from HTTPS to plain HTTP (${to})`,
        hop: index,
      });
    }
  }
  return issues;
};
