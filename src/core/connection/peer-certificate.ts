import type { PeerCertificate, TLSSocket } from 'node:tls';
import type { HopTls } from '../types.js';

/** A connection's TLS session and certificate, as a hop reports them but for `daysLeft`, which is the hop's own. */
export interface PeerFacts extends Omit<HopTls, 'daysLeft'> {
  /** `validTo` in epoch milliseconds, to count the days left from. */
  readonly expires: number;
}

/** A distinguished name as `C=US, O=Example, CN=example.com`, attributes in the certificate's order. */
function distinguishedName(name: PeerCertificate['subject'] | undefined): string {
  if (name === undefined || name === null) return '';
  return Object.entries(name)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : value}`)
    .join(', ');
}

/** The DNS names and IP addresses of a `subjectaltname` (`DNS:a.example, IP Address:192.0.2.1`). */
function alternativeNames(text: string | undefined): string[] {
  if (text === undefined || text === '') return [];
  const names: string[] = [];
  for (const entry of text.split(', ')) {
    const match = /^(?:DNS|IP Address):(.+)$/.exec(entry);
    if (match !== null) names.push(match[1]!);
  }
  return names;
}

/** A certificate date (`Jan  2 00:00:00 2026 GMT`) in ISO 8601, or as given when it does not parse. */
function isoDate(text: string): string {
  const time = Date.parse(text);
  return Number.isNaN(time) ? text : new Date(time).toISOString();
}

/**
 * What a connected TLS socket negotiated and which certificate the server presented; undefined when the socket has
 * no session (it closed during the handshake).
 */
export function peerFacts(socket: TLSSocket): PeerFacts | undefined {
  const protocol = socket.getProtocol();
  const cipher = socket.getCipher();
  if (protocol === null || cipher === undefined) return undefined;
  const certificate = socket.getPeerCertificate();
  const validTo = certificate.valid_to ?? '';
  return {
    protocol,
    cipher: cipher.name,
    subject: distinguishedName(certificate.subject),
    issuer: distinguishedName(certificate.issuer),
    altNames: alternativeNames(certificate.subjectaltname),
    validFrom: isoDate(certificate.valid_from ?? ''),
    validTo: isoDate(validTo),
    expires: Date.parse(validTo),
  };
}
