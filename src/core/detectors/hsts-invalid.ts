import type { Detector, Finding } from './detector.js';

/**
 * An HTTPS hop whose (first) `Strict-Transport-Security` does not conform to RFC 6797 §6.1: a browser ignores it
 * whole (§8.1), so the host is not known as HSTS however long the max-age it meant. Over plain HTTP the header is
 * ignored anyway (§8.1) and not reported.
 */
export const hstsInvalid: Detector = ({ chain }) => {
  const findings: Finding[] = [];
  for (let index = 0; index < chain.length; index++) {
    const hop = chain[index]!;
    if (hop.hsts === undefined || hop.hsts.valid || !hop.url.startsWith('https:')) continue;
    findings.push({
      type: 'hsts_invalid',
      severity: 'warning',
      message: `Browsers ignore the Strict-Transport-Security header of ${hop.url}: ${hop.hsts.problem ?? 'it does not conform to RFC 6797'}`,
      hop: index,
    });
  }
  return findings;
};
