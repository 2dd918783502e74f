import { factsOf } from '../detectors/chain-facts.js';
import type { DetectorInput } from '../detectors/detector.js';

/**
 * hstspreload.org's submission requirements (https://hstspreload.org/, "Submission Requirements") apply to a site
 * that asks for preloading: "If a site sends the preload directive in an HSTS header, it is considered to be
 * requesting inclusion in the preload list". The preload findings judge only the sites of this chain that did, so
 * that a site that never asked is not held to them.
 */

/** The least max-age hstspreload.org accepts: one year (its page's figure; issue 46's decision). */
export const PRELOAD_MIN_MAX_AGE = 31_536_000;

/** The sites (by the input's `siteOf`, each host its own site without it) whose hops claimed preload over HTTPS. */
export function preloadSites(input: DetectorInput): ReadonlySet<string> {
  const sites = new Set<string>();
  const siteOf = input.siteOf ?? ((hostname: string) => hostname);
  const facts = factsOf(input);
  for (let index = 0; index < input.chain.length; index++) {
    const hsts = input.chain[index]!.hsts;
    // Only a header a browser acts on (valid, over HTTPS: RFC 6797 §8.1) is a claim.
    if (hsts?.counts === true && hsts.preload === true) sites.add(siteOf(facts.url(index).hostname));
  }
  return sites;
}

/** Whether hop `index` is on a site of `sites`. */
export function onClaimingSite(input: DetectorInput, sites: ReadonlySet<string>, index: number): boolean {
  if (sites.size === 0) return false;
  const siteOf = input.siteOf ?? ((hostname: string) => hostname);
  return sites.has(siteOf(factsOf(input).url(index).hostname));
}
