/**
 * Address ranges in people's words. `AddressVerdict.range` stays the data (`linkLocal`, `ipv4Mapped`...); every
 * message that tells a person why an address is refused says it with this one table.
 */
import { type AddressVerdict, classifyAddress } from './policy.js';

/** Each range the address policy names (ipaddr.js's classes and the policy's own), as a noun phrase. */
export const RANGE_PHRASES: Readonly<Record<string, string>> = Object.freeze({
  unicast: 'a public address',
  cloudMetadata: 'a cloud metadata address',
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  benchmarking: 'a benchmarking address',
  discard: 'a discard-only address',
  deprecatedSiteLocal: 'a deprecated site-local address',
  deprecatedOrchid: 'a deprecated ORCHID address',
  orchid2: 'an ORCHID address',
  droneRemoteIdProtocolEntityTags: 'a drone remote ID address',
  segmentRouting: 'a segment-routing address',
  nat64Local: 'a local-use NAT64 address',
  ipv4Mapped: 'an IPv4-mapped IPv6 address',
  rfc6145: 'an IPv4-translated IPv6 address',
  nat64: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
  ipv4Compatible: 'a deprecated IPv4-compatible IPv6 address',
});

/** A range's phrase; a class this table does not know yet is still named, never dropped. */
export function rangePhrase(range: string): string {
  return RANGE_PHRASES[range] ?? `an address in the ${range} range`;
}

/**
 * What an address is, in words: `a link-local address`, or for an IPv6 form that carries an IPv4 address, `an
 * IPv4-mapped IPv6 address of 10.0.0.1 (a private address)`.
 */
export function describeAddress(verdict: Pick<AddressVerdict, 'range' | 'embedded'>): string {
  const phrase = rangePhrase(verdict.range);
  if (verdict.embedded === undefined) return phrase;
  return `${phrase} of ${verdict.embedded} (${rangePhrase(classifyAddress(verdict.embedded).range)})`;
}
