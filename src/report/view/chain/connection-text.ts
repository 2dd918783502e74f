/** How a hop's connection reads: its address and port, the HTTP version, whether the connection was reused. */
import type { Hop } from './hop-types.js';

/** `203.0.113.5:443`, `[2001:db8::1]:443` (an IPv6 address in brackets, as in a URL: RFC 3986 §3.2.2). */
export function addressText(hop: Pick<Hop, 'remoteAddress' | 'remotePort'>): string | undefined {
  const { remoteAddress: address, remotePort: port } = hop;
  if (address === undefined) return undefined;
  const host = address.includes(':') ? `[${address}]` : address;
  return port === undefined ? host : `${host}:${port}`;
}

/** `HTTP/1.1`, `HTTP/2`. */
export function protocolText(hop: Pick<Hop, 'httpVersion'>): string | undefined {
  return hop.httpVersion === undefined ? undefined : `HTTP/${hop.httpVersion}`;
}

/** `expires in 29 days`, `expires today`, `expired 3 days ago`: a certificate's days left, in words. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft > 1) return `expires in ${daysLeft} days`;
  if (daysLeft === 1) return 'expires tomorrow';
  if (daysLeft === 0) return 'expires today';
  return daysLeft === -1 ? 'expired yesterday' : `expired ${-daysLeft} days ago`;
}
