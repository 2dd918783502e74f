import ipaddr from 'ipaddr.js';

/**
 * The address policy that keeps hoplens from being a way into private networks (SSRF).
 *
 * Only global unicast addresses are allowed when blocking is on. IPv6 forms that carry an IPv4 address (mapped,
 * compatible, NAT64, 6to4, Teredo) are judged by the IPv4 address they carry, and a few public addresses that serve
 * cloud metadata are refused by name.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** A parsed CIDR block. */
export interface Network {
  readonly address: Address;
  readonly prefix: number;
  /** Canonical text, `10.0.0.0/8`. */
  readonly text: string;
}

/** What the guard concluded about one address. */
export interface AddressVerdict {
  readonly allowed: boolean;
  /** Canonical form of the address. */
  readonly address: string;
  /** The class that decided: `unicast`, `loopback`, `private`, `linkLocal`, `cloudMetadata`, `ipv4Mapped`... */
  readonly range: string;
  /** For IPv6 forms that embed IPv4: the embedded address that was judged. */
  readonly embedded?: string;
}

function network(text: string, prefix: number): Network {
  return { address: ipaddr.parse(text), prefix, text: `${text}/${prefix}` };
}

/** Addresses that are public by class but serve instance metadata or platform services to the machine itself. */
const CLOUD_METADATA: readonly Network[] = [
  network('169.254.169.254', 32), // AWS, GCP, Azure, OpenStack (also caught as link-local)
  network('169.254.170.2', 32), // AWS ECS task metadata (also link-local)
  network('100.100.100.200', 32), // Alibaba Cloud (also CGNAT)
  network('168.63.129.16', 32), // Azure WireServer: a public address
  network('192.0.0.192', 32), // Oracle Cloud (also IETF reserved)
  network('fd00:ec2::254', 128), // AWS IMDS over IPv6 (also unique-local)
];

/** IPv4 classes of ipaddr.js that are globally routable. */
const GLOBAL_IPV4 = new Set(['unicast', 'as112', 'amt']);
/** IPv6 classes of ipaddr.js that are globally routable (2000::/3 only, checked apart). */
const GLOBAL_IPV6 = new Set(['unicast', 'as112v6', 'amt']);
const GLOBAL_UNICAST_V6 = network('2000::', 3);
/**
 * The local-use NAT64 prefix (RFC 8215): each network picks its own prefix length inside it, so where the IPv4 address
 * sits is unknown, and it is never globally routed. Refused as a whole.
 */
const LOCAL_USE_NAT64 = network('64:ff9b:1::', 48);

function inNetwork(address: Address, net: Network): boolean {
  return address.kind() === net.address.kind() && address.match(net.address, net.prefix);
}

function parseNetwork(text: string): Network {
  const trimmed = text.trim();
  if (trimmed === '') throw new Error('empty network');
  const [addressText = '', prefixText, ...rest] = trimmed.split('/');
  // ipaddr.js also reads `10/8` (as 0.0.0.10) and `010.0.0.0/8` (octal, 8.0.0.0): in an allow-list, a notation
  // that may not mean what its writer meant is refused, not guessed at.
  const address = rest.length === 0 ? parseIp(addressText) : undefined;
  const max = address?.kind() === 'ipv4' ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
  if (address === undefined || addressText.startsWith('[') || !(prefix <= max)) {
    throw new Error(`"${trimmed}" is not an IP address or CIDR block`);
  }
  const cidr = `${address.toString()}/${prefix}`;
  const base =
    address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  return { address: base, prefix, text: `${base.toString()}/${prefix}` };
}

/** Parses CIDR blocks (`10.0.0.0/8`, `::1/128`) or bare addresses. Throws an Error naming the bad entry. */
export function parseNetworks(list: readonly string[]): Network[] {
  return list.map((entry) => {
    if (typeof entry !== 'string') throw new Error(`${JSON.stringify(entry)} is not a string`);
    return parseNetwork(entry);
  });
}

/** The IPv4 addresses an IPv6 address carries, with the name of the form that carries them. */
function embeddedIPv4(address: ipaddr.IPv6): { form: string; addresses: ipaddr.IPv4[] } | undefined {
  const range = address.range();
  const bytes = address.toByteArray();
  const v4 = (offset: number, xor = 0) =>
    new ipaddr.IPv4(bytes.slice(offset, offset + 4).map((byte) => (byte ^ xor) & 0xff));
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return { form: range, addresses: [v4(12)] };
    case 'rfc6052': // NAT64 with the well-known prefix 64:ff9b::/96: the IPv4 address sits in the last 32 bits
      return inNetwork(address, LOCAL_USE_NAT64) ? undefined : { form: 'nat64', addresses: [v4(12)] };
    case '6to4': // 2002:AABB:CCDD::/48
      return { form: '6to4', addresses: [v4(2)] };
    case 'teredo': // 2001:0:SERVER:flags:port:CLIENT, client bits inverted (RFC 4380)
      return { form: 'teredo', addresses: [v4(4), v4(12, 0xff)] };
    default: {
      // IPv4-compatible ::a.b.c.d (deprecated, RFC 4291): first 96 bits zero, not :: or ::1
      const parts = address.parts;
      if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || (parts[7] ?? 0) > 1)) {
        return { form: 'ipv4Compatible', addresses: [v4(12)] };
      }
      return undefined;
    }
  }
}

/** The class of an IPv4 address: `unicast` when global, else the reason it is not. */
function ipv4Class(address: ipaddr.IPv4): string {
  if (CLOUD_METADATA.some((net) => inNetwork(address, net))) return 'cloudMetadata';
  const range = address.range();
  return GLOBAL_IPV4.has(range) ? 'unicast' : range;
}

/**
 * Rewrites the dotted IPv4 tail of an IPv6 literal as two hex groups. ipaddr.js reads `::a.b.c.d` as the mapped
 * `::ffff:a.b.c.d`, but it is the IPv4-compatible `::XXXX:XXXX` (RFC 4291 §2.2), and inet_ntop prints compatible
 * addresses that way, so a resolver can hand them over in that form.
 */
function hexTail(text: string): string | undefined {
  const match = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (match === null) return text;
  if (!ipaddr.IPv4.isValidFourPartDecimal(match[2]!)) return undefined;
  const [a, b, c, d] = ipaddr.IPv4.parse(match[2]!).octets as [number, number, number, number];
  return `${match[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** Parses an IP literal, with or without IPv6 brackets. Returns undefined for anything that is not one. */
export function parseIp(text: string): Address | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // Only the canonical four-part IPv4 form counts: WHATWG URL parsing has already turned 0x7f.1 and 2130706433
  // into 127.0.0.1, and anything else here is a host name.
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (!bare.includes(':')) return undefined;
  const hex = hexTail(bare);
  return hex !== undefined && ipaddr.IPv6.isValid(hex) ? ipaddr.IPv6.parse(hex) : undefined;
}

/**
 * Classifies an IP address without any exemption. `allowed` is true only for global unicast.
 * Throws when `ip` is not an IP literal.
 */
export function classifyAddress(ip: string): AddressVerdict {
  const address = parseIp(ip);
  if (address === undefined) throw new Error(`not an IP address: ${ip}`);
  const canonical = address.toString();
  if (address.kind() === 'ipv4') {
    const range = ipv4Class(address as ipaddr.IPv4);
    return { allowed: range === 'unicast', address: canonical, range };
  }
  const v6 = address as ipaddr.IPv6;
  if (CLOUD_METADATA.some((net) => inNetwork(v6, net))) {
    return { allowed: false, address: canonical, range: 'cloudMetadata' };
  }
  if (inNetwork(v6, LOCAL_USE_NAT64)) return { allowed: false, address: canonical, range: 'nat64Local' };
  const embedded = embeddedIPv4(v6);
  if (embedded !== undefined) {
    const blocked = embedded.addresses.find((inner) => ipv4Class(inner) !== 'unicast');
    // The compatible form is deprecated and never routed: refused whatever it carries.
    const allowed = blocked === undefined && embedded.form !== 'ipv4Compatible';
    const judged = blocked ?? embedded.addresses[embedded.addresses.length - 1]!;
    return { allowed, address: canonical, range: embedded.form, embedded: judged.toString() };
  }
  const range = v6.range();
  const allowed = GLOBAL_IPV6.has(range) && inNetwork(v6, GLOBAL_UNICAST_V6);
  return { allowed, address: canonical, range: allowed ? 'unicast' : range === 'unicast' ? 'reserved' : range };
}

/** Host names that are loopback by definition (RFC 6761), whatever a resolver says. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** Settings of an {@link AddressPolicy}. */
export interface AddressPolicyOptions {
  /** Refuse addresses that are not global unicast. */
  blockPrivate: boolean;
  /** Networks exempt from the block. */
  allowNetworks: readonly Network[];
}

/** Verdicts an {@link AddressPolicy} remembers before it starts over. */
const VERDICT_CACHE_SIZE = 1024;

/** The key of the policy these settings make: policies with equal keys decide alike. */
export function policyKey(options: AddressPolicyOptions): string {
  return options.blockPrivate
    ? `block:${options.allowNetworks
        .map((net) => net.text)
        .sort()
        .join(',')}`
    : 'open';
}

/** Decides, for each address hoplens is about to connect to, whether it may. */
export class AddressPolicy {
  readonly blockPrivate: boolean;
  readonly allowNetworks: readonly Network[];
  /** Identifies policies that decide alike, so connection pools can be shared between them. */
  readonly key: string;

  constructor(options: AddressPolicyOptions) {
    this.blockPrivate = options.blockPrivate;
    this.allowNetworks = options.allowNetworks;
    this.key = policyKey(options);
  }

  /**
   * Whether a host name is refused before any lookup. A localhost name (RFC 6761) is loopback whatever a resolver
   * says, so it is refused unless loopback is exempt; its answers are then checked one by one like any other name's.
   */
  refusesName(hostname: string): boolean {
    if (!this.blockPrivate || !isLocalhostName(hostname)) return false;
    return !this.check('127.0.0.1').allowed && !this.check('::1').allowed;
  }

  /** Verdicts already reached: every hop checks its host, and chains revisit the same few addresses. */
  private readonly verdicts = new Map<string, AddressVerdict>();

  /** The verdict for one IP address (any notation `ipaddr.js` parses, brackets allowed). */
  check(ip: string): AddressVerdict {
    const known = this.verdicts.get(ip);
    if (known !== undefined) return known;
    const verdict = this.judge(ip);
    // Bounded so that a stream of distinct addresses cannot grow it without limit.
    if (this.verdicts.size >= VERDICT_CACHE_SIZE) this.verdicts.clear();
    this.verdicts.set(ip, verdict);
    return verdict;
  }

  private judge(ip: string): AddressVerdict {
    const verdict = classifyAddress(ip);
    if (verdict.allowed || !this.blockPrivate) return { ...verdict, allowed: true };
    return this.exempts(parseIp(ip)!) ? { ...verdict, allowed: true } : verdict;
  }

  private allows(address: Address): boolean {
    return this.allowNetworks.some((net) => inNetwork(address, net));
  }

  /**
   * Whether `allowNetworks` lifts the block: the address is in an allowed network, or it is an IPv6 form whose every
   * blocked embedded IPv4 address is (a Teredo address carries two: exempting one does not let the other through).
   */
  private exempts(address: Address): boolean {
    if (this.allows(address)) return true;
    if (address.kind() !== 'ipv6') return false;
    const embedded = embeddedIPv4(address as ipaddr.IPv6);
    // The compatible form is refused for what it is, not for what it carries.
    if (embedded === undefined || embedded.form === 'ipv4Compatible') return false;
    const blocked = embedded.addresses.filter((inner) => ipv4Class(inner) !== 'unicast');
    return blocked.length > 0 && blocked.every((inner) => this.allows(inner));
  }
}
