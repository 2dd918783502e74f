import { PRELOAD_MIN_MAX_AGE } from '../hsts/preload-claims.js';
import type { Detector, Finding } from './detector.js';

/**
 * A `Strict-Transport-Security` that claims `preload` without what hstspreload.org requires with it: "The max-age
 * must be at least 31536000 seconds (1 year)" and "The includeSubDomains directive must be specified"
 * (https://hstspreload.org/, "Submission Requirements"). Reported once per host, at its first such hop.
 */
export const hstsPreloadIneligible: Detector = ({ chain }) => {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < chain.length; index++) {
    const hop = chain[index]!;
    const hsts = hop.hsts;
    if (hsts?.counts !== true || hsts.preload !== true) continue;
    const lacks: string[] = [];
    if ((hsts.maxAge ?? 0) < PRELOAD_MIN_MAX_AGE) lacks.push(`a max-age of at least ${PRELOAD_MIN_MAX_AGE} (1 year)`);
    if (hsts.includeSubDomains !== true) lacks.push('includeSubDomains');
    const host = new URL(hop.url).host;
    if (lacks.length === 0 || seen.has(host)) continue;
    seen.add(host);
    findings.push({
      type: 'hsts_preload_ineligible',
      severity: 'warning',
      message: `${host} claims HSTS preload without ${lacks.join(' and ')}: hstspreload.org would refuse it`,
      hop: index,
    });
  }
  return findings;
};
