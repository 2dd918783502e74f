import { onClaimingSite, preloadSites } from '../hsts/preload-claims.js';
import type { Detector, Finding } from './detector.js';

/**
 * An HTTPS redirect, on a site that claims preload, without a `Strict-Transport-Security` a browser acts on:
 * hstspreload.org requires that "If you are serving an additional redirect from your HTTPS site, that redirect must
 * still have the HSTS header (rather than the page it redirects to)" (https://hstspreload.org/, "Submission
 * Requirements"). Without it, a browser that only passes through the redirecting host never learns its policy.
 */
export const hstsRedirectWithoutHeader: Detector = (input) => {
  const { chain } = input;
  const sites = preloadSites(input);
  const findings: Finding[] = [];
  for (let index = 0; index < chain.length; index++) {
    const hop = chain[index]!;
    if (hop.redirectVia === undefined || !hop.url.startsWith('https:') || hop.hsts?.counts === true) continue;
    if (!onClaimingSite(input, sites, index)) continue;
    findings.push({
      type: 'hsts_redirect_without_header',
      severity: 'warning',
      message: `The HTTPS redirect ${hop.url} sends no valid Strict-Transport-Security, which HSTS preloading requires`,
      hop: index,
    });
  }
  return findings;
};
