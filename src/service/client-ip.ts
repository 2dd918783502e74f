import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Parses an address as it appears on a socket or in X-Forwarded-For: brackets, ports and zone ids tolerated. */
function parseAddress(text: string): Address | undefined {
  let value = text.trim();
  if (value.startsWith('[')) {
    // [2001:db8::1] or [2001:db8::1]:443
    const end = value.indexOf(']');
    if (end === -1) return undefined;
    value = value.slice(1, end);
  } else if (/^[0-9.]+:[0-9]+$/.test(value)) {
    value = value.slice(0, value.indexOf(':')); // 203.0.113.7:51234
  }
  value = value.replace(/%.*$/, ''); // fe80::1%eth0: the zone says nothing about who the client is
  if (!ipaddr.isValid(value)) return undefined;
  // An IPv4 client seen through a dual-stack socket (::ffff:203.0.113.7) is that IPv4 client.
  return ipaddr.process(value);
}

/** A parsed trusted-proxy network. */
interface ProxyNetwork {
  address: Address;
  prefix: number;
}

/**
 * Works out who the client is. The socket's peer is the client, unless it is one of the trusted proxies: then the
 * address that proxy appended to X-Forwarded-For is, and so on leftwards while the hops are trusted. Entries that an
 * untrusted party wrote are never reached, so a forged header changes nothing.
 */
export class ClientIpResolver {
  private readonly proxies: readonly ProxyNetwork[];

  /** @param trustedProxies CIDR blocks (already validated by the config parser). */
  constructor(trustedProxies: readonly string[]) {
    this.proxies = trustedProxies.map((cidr) => {
      const [address, prefix] = ipaddr.parseCIDR(cidr);
      return { address, prefix };
    });
  }

  private trusted(address: Address): boolean {
    return this.proxies.some((net) => address.kind() === net.address.kind() && address.match(net.address, net.prefix));
  }

  /**
   * The client's address in canonical form, or undefined when the socket has none (it closed already).
   * @param socketAddress `request.socket.remoteAddress`
   * @param forwardedFor the X-Forwarded-For header (several headers arrive joined by Node, or as an array)
   */
  resolve(socketAddress: string | undefined, forwardedFor: string | string[] | undefined): string | undefined {
    let current = socketAddress === undefined ? undefined : parseAddress(socketAddress);
    if (current === undefined) return undefined;
    if (this.proxies.length === 0 || forwardedFor === undefined) return current.toString();
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',');
    while (this.trusted(current) && hops.length > 0) {
      const next = parseAddress(hops.pop() ?? '');
      // Garbage written by a trusted proxy's own client: the last address we can vouch for is the client.
      if (next === undefined) break;
      current = next;
    }
    return current.toString();
  }
}

/**
 * The rate-limit key for a client address: IPv4 addresses as they are, IPv6 addresses by their /64, because one
 * customer usually holds a whole /64 and could otherwise rotate through 2^64 keys.
 */
export function rateLimitKey(address: string | undefined): string {
  if (address === undefined) return 'unknown';
  const parsed = parseAddress(address);
  if (parsed === undefined) return 'unknown';
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
