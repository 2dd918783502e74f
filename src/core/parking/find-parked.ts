import type { Hop } from '../types.js';
import { landingSignal } from './landing-rules.js';
import { nameServerSignal } from './name-server-rules.js';
import { pageSignal } from './page-rules.js';
import type { ParkedSignal } from './parked-signal.js';

/** A client redirect a page declares that the chain did not follow: the hop whose page declares it, and where to. */
export interface DeclaredRedirect {
  readonly hop: number;
  readonly target: string;
}

/** A parked signal and the hop it was seen at. */
export interface ParkedFinding extends ParkedSignal {
  /** Index into the chain: a marketplace's page the chain passed through, or the final page. */
  hop: number;
}

/**
 * The first sign that a chain reached a parked domain: a hop on a service's documented lander or for-sale page (the
 * strongest: the service's own URL) or a client redirect to one, then the final host's delegation to a parking service's name servers, then the
 * final page's own signatures. Undefined when none is seen.
 */
export function findParked(
  chain: readonly Hop[],
  finalBody: string | undefined,
  nameServers: readonly string[] | undefined,
  declared: readonly DeclaredRedirect[] = [],
): ParkedFinding | undefined {
  for (let index = 0; index < chain.length; index++) {
    const hop = chain[index];
    const found = hop === undefined ? undefined : landingSignal(hop.url);
    if (found !== undefined) return { ...found, hop: index };
  }
  // A page whose script or refresh sends visitors to a lander, where the chain did not follow it (a script).
  for (const redirect of declared) {
    const found = landingSignal(redirect.target);
    if (found !== undefined) return { ...found, signal: `it sends visitors to ${found.signal}`, hop: redirect.hop };
  }
  const last = chain.length - 1;
  const final = chain[last];
  if (final === undefined) return undefined;
  const delegated = nameServers === undefined ? undefined : nameServerSignal(nameServers);
  if (delegated !== undefined) return { ...delegated, hop: last };
  const page = finalBody === undefined || final.status >= 400 ? undefined : pageSignal(finalBody, final.url);
  return page === undefined ? undefined : { ...page, hop: last };
}
