import { onClaimingSite, preloadSites } from '../hsts/preload-claims.js';
import type { StopReason } from '../trace.js';
import type { Detector, Finding } from './detector.js';

/** Where hop `index` leads: the next hop, or the redirect the chain stopped at without requesting it. */
function nextUrl(chain: readonly { url: string }[], stop: StopReason, index: number): string | undefined {
  const next = chain[index + 1]?.url;
  if (next !== undefined) return next;
  if (stop.kind !== 'blocked' && stop.kind !== 'loop' && stop.kind !== 'max_hops') return undefined;
  return stop.hop === index ? stop.url : undefined;
}

/**
 * A plain-HTTP hop, on a site that claims preload, that does not go to HTTPS on the same host first: hstspreload.org
 * requires "Redirect from HTTP to HTTPS on the same host" (https://hstspreload.org/, "Submission Requirements"), so
 * that the host itself gets to send its header before any other host is involved.
 */
export const hstsPreloadOrder: Detector = (input) => {
  const { chain, stop } = input;
  const sites = preloadSites(input);
  const findings: Finding[] = [];
  for (let index = 0; index < chain.length; index++) {
    const hop = chain[index]!;
    const to = nextUrl(chain, stop, index);
    if (to === undefined || !hop.url.startsWith('http:') || !onClaimingSite(input, sites, index)) continue;
    const from = new URL(hop.url);
    const target = new URL(to);
    if (target.protocol === 'https:' && target.hostname === from.hostname) continue;
    findings.push({
      type: 'hsts_preload_order',
      severity: 'warning',
      message: `${hop.url} redirects to ${to} instead of https://${from.host}/ first, as HSTS preloading requires`,
      hop: index,
    });
  }
  return findings;
};
