import { isIP } from 'node:net';

/** Names remembered by one analysis; a render may touch many, and a hostile page must not grow this without end. */
const MAX_NAMES = 1024;

/**
 * The one address each host name has for the rest of an analysis, once a connection to it was made (the HTTP hops and
 * everything a render fetches). A name that resolves to several addresses may fail over among them only until then:
 * afterwards a connection for it goes to that address or fails, so a server cannot stop answering and have the
 * name's other address (another server the policy allows, an intranet host) answer as the same origin, read by the
 * page or sent the cookies the first one set (SECURITY.md, "One address per name").
 */
export class AddressBook {
  private names: Map<string, string> | undefined;

  /** The address `hostname` is held to, if a connection for it was made; never one for an IP literal. */
  addressOf(hostname: string): string | undefined {
    return this.names?.get(hostname.toLowerCase());
  }

  /**
   * Holds `hostname` to `address`, where the first connection for it went. Returns false when the name is held to
   * another address already: that connection must not be used. IP literals are their own address, never written.
   */
  pin(hostname: string, address: string): boolean {
    if (isIP(hostname.replace(/^\[(.*)\]$/, '$1')) !== 0) return true;
    const name = hostname.toLowerCase();
    this.names ??= new Map();
    const held = this.names.get(name);
    if (held !== undefined) return held === address;
    if (this.names.size >= MAX_NAMES) return false;
    this.names.set(name, address);
    return true;
  }
}

/** `url`'s origin with its host replaced by `address` (bracketed when IPv6), its port written as the URL had it. */
export function originAt(url: URL, address: string): string {
  const host = isIP(address) === 6 ? `[${address}]` : address;
  return `${url.protocol}//${host}${url.port === '' ? '' : `:${url.port}`}`;
}
