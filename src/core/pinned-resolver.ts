import { isIP } from 'node:net';
import type { ResolvedAddress, Resolver } from './types.js';

/**
 * A resolver that answers each name once and then always the same, as a browser's DNS cache does for a page: a
 * rendered page cannot have its own name (or another) rebound to a second address while it runs, and read that
 * address as its own origin. `pins` starts it off, with the page's host at the address its hop was connected to.
 */
export function pinnedResolver(resolver: Resolver, pins: Map<string, ResolvedAddress[]>): Resolver {
  const answers = new Map<string, Promise<ResolvedAddress[]>>();
  for (const [name, addresses] of pins) answers.set(name.toLowerCase(), Promise.resolve(addresses));
  return (hostname) => {
    const name = hostname.toLowerCase();
    let answer = answers.get(name);
    if (answer === undefined) {
      answer = resolver(hostname);
      answers.set(name, answer);
      // A failed lookup is not pinned: the next request asks again.
      answer.catch(() => answers.delete(name));
    }
    return answer;
  };
}

/** The pin of a page's host at the address its hop was connected to, when it was a name (none for a literal). */
export function pinOf(url: URL, remoteAddress: string | undefined): Map<string, ResolvedAddress[]> {
  const pins = new Map<string, ResolvedAddress[]>();
  const family = remoteAddress === undefined ? 0 : isIP(remoteAddress);
  if (remoteAddress !== undefined && (family === 4 || family === 6) && isIP(url.hostname) === 0) {
    pins.set(url.hostname, [{ address: remoteAddress, family }]);
  }
  return pins;
}
