import { ExpiringCache } from '../expiring-cache.js';
import type { Hop } from '../types.js';
import { delegatedName, type NameServerLookup } from './name-servers.js';

/** The longest an analysis waits for its final host's NS records, all its queries together. */
const LOOKUP_BOUND_MS = 2500;

/**
 * The NS records of the host a chain ended on, for the `parked_domain` detector: looked up once per host for ten
 * minutes (a bulk check of one site asks once), bounded in time, and given up, as "none", when the analysis is
 * aborted. Without a lookup (an analyzer given its own resolver and no `nameServers`) there are none.
 */
export class NameServerCheck {
  private readonly cache: ExpiringCache<Promise<readonly string[]>>;

  constructor(
    private readonly lookup: NameServerLookup | undefined,
    now: () => number,
  ) {
    this.cache = new ExpiringCache({ maxEntries: 1000, ttlMs: 10 * 60_000, now });
  }

  /** The final host's NS records, or undefined when none are looked up (no lookup, no page, no public name). */
  forChain(chain: readonly Hop[], complete: boolean, signal?: AbortSignal): Promise<readonly string[]> | undefined {
    const last = chain[chain.length - 1];
    if (this.lookup === undefined || !complete || last === undefined) return undefined;
    const hostname = new URL(last.url).hostname;
    if (!delegatedName(hostname)) return undefined;
    let found = this.cache.get(hostname);
    if (found === undefined) {
      found = this.lookup(hostname).catch(() => []);
      this.cache.set(hostname, found);
    }
    return bounded(found, signal);
  }
}

/** `found`, or none once the bound passes or the analysis is aborted: a slow resolver costs a verdict nothing else. */
function bounded(found: Promise<readonly string[]>, signal: AbortSignal | undefined): Promise<readonly string[]> {
  const none: readonly string[] = [];
  return new Promise((resolve) => {
    const done = (servers: readonly string[]) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      resolve(servers);
    };
    const stop = () => done(none);
    const timer = setTimeout(stop, LOOKUP_BOUND_MS);
    signal?.addEventListener('abort', stop, { once: true });
    if (signal?.aborted) stop();
    found.then(done, stop);
  });
}
