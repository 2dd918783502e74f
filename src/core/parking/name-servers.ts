import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * The name servers a domain is delegated to (its NS records), lower-cased without a trailing dot; empty when it has
 * none or the lookup failed. A seam beside the address resolver: a domain delegated to a parking service's name
 * servers is parked whatever its page says (issue 46), and tests inject the records.
 */
export type NameServerLookup = (domain: string) => Promise<readonly string[]>;

/** How long one NS query may take: a verdict is not held up by a slow resolver, and a failed lookup says nothing. */
const QUERY_TIMEOUT_MS = 1500;

/**
 * Names the DNS never answers for the public (RFC 6761, RFC 6762's `.local`, RFC 8375's `home.arpa`, RFC 9476's
 * `.alt`): no NS query is sent for them, nor for an IP literal or a single-label name.
 */
const SPECIAL_USE = /(^|\.)(localhost|test|example|invalid|local|home\.arpa|alt|internal)$/;

/** Whether a host name is one whose NS records are worth a query. */
export function delegatedName(hostname: string): boolean {
  const name = hostname.replace(/\.$/, '').toLowerCase();
  if (isIP(name.replace(/^\[(.*)\]$/, '$1')) !== 0 || !name.includes('.')) return false;
  return !SPECIAL_USE.test(name);
}

/**
 * The system resolver's NS records for a host: the host's own, else its parent's, up to a two-label name (a parked
 * `www.example.com` is delegated at `example.com`). One try per name, each bounded; every failure is "none".
 * `servers` (`ADDRESS[:PORT]`) asks those DNS servers instead of the system's.
 */
export function systemNameServers(servers?: readonly string[]): NameServerLookup {
  let resolver: Resolver | undefined;
  return async (domain) => {
    if (resolver === undefined) {
      resolver = new Resolver({ timeout: QUERY_TIMEOUT_MS, tries: 1 });
      if (servers !== undefined) resolver.setServers([...servers]);
    }
    let name = domain.replace(/\.$/, '').toLowerCase();
    for (let depth = 0; depth < 4 && name.split('.').length >= 2; depth++) {
      const found = await resolver.resolveNs(name).catch(() => undefined);
      if (found !== undefined && found.length > 0)
        return found.map((server) => server.replace(/\.$/, '').toLowerCase());
      name = name.slice(name.indexOf('.') + 1);
    }
    return [];
  };
}
