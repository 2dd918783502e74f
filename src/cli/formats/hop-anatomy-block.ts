import {
  CERTIFICATE_EXPIRY_DAYS,
  type Hop,
  type HopTimings,
  type HopTls,
  hstsText,
  terminalText,
  wallText,
} from '../../core/index.js';
import type { Colors } from '../colors.js';

/** `203.0.113.7:443`, `[2001:db8::1]:443`: an IPv6 address is bracketed so that its port reads apart (RFC 3986 §3.2.2). */
function hostPort(address: string, port: number | undefined): string {
  const host = address.includes(':') ? `[${address}]` : address;
  return port === undefined ? host : `${host}:${port}`;
}

/** `dns 3 ms · connect 5 ms · tls 21 ms · first byte 40 ms`: the phases the hop paid for, in the order they happen. */
function phasesText(timings: HopTimings): string {
  const phases: Array<[string, number | undefined]> = [
    ['dns', timings.dns],
    ['connect', timings.connect],
    ['tls', timings.tls],
    ['first byte', timings.firstByte],
  ];
  return phases
    .filter((phase): phase is [string, number] => phase[1] !== undefined)
    .map(([name, ms]) => `${name} ${ms} ms`)
    .join(' · ');
}

const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;

/**
 * `CN=example.com by CN=R3, expires 2027-01-02 (40 days)`, the days coloured as the `certificate_expiring` finding
 * grades them (src/core/detectors/certificate-expiring.ts): amber under its warning bound, red under its error bound.
 */
function certificateText(tls: HopTls, colors: Colors): string {
  const left = tls.daysLeft < 0 ? `expired ${days(-tls.daysLeft)} ago` : days(tls.daysLeft);
  const paint =
    tls.daysLeft < CERTIFICATE_EXPIRY_DAYS.error
      ? colors.red
      : tls.daysLeft < CERTIFICATE_EXPIRY_DAYS.warning
        ? colors.yellow
        : (text: string) => text;
  return `${terminalText(tls.subject)} by ${terminalText(tls.issuer)}, expires ${tls.validTo.slice(0, 10)} (${paint(left)})`;
}

/**
 * What a hop's connection was, for `-v` in the human formats, a line each under the hop as `--headers all` puts its
 * headers: the address (and whether the connection was reused) with the HTTP and TLS versions, the timing phases, and
 * the certificate of a hop that opened an HTTPS connection, and its Strict-Transport-Security as a browser reads it
 * (amber when invalid: a browser ignores it). Nothing for a hop that reports none of it.
 */
export function anatomyBlock(hop: Hop, indent: string, colors: Colors): string {
  const line = (label: string, text: string) => `${indent}${colors.dim(`${label}:`)} ${text}\n`;
  let text = '';
  const connection: string[] = [];
  if (hop.remoteAddress !== undefined) {
    const reused = hop.reusedConnection === true ? ` ${colors.dim('reused')}` : '';
    connection.push(`${hostPort(hop.remoteAddress, hop.remotePort)}${reused}`);
  }
  if (hop.httpVersion !== undefined) connection.push(`HTTP/${hop.httpVersion}`);
  if (hop.tls !== undefined) connection.push(hop.tls.protocol);
  if (connection.length > 0) text += line('connection', connection.join(' · '));
  if (hop.timings !== undefined) text += line('timings', phasesText(hop.timings));
  if (hop.tls !== undefined) text += line('certificate', certificateText(hop.tls, colors));
  if (hop.hsts !== undefined) {
    const words = terminalText(hstsText(hop.hsts, hop.url));
    text += line('hsts', hop.hsts.valid ? words : colors.yellow(words));
  }
  if (hop.wall !== undefined) text += line('wall', colors.yellow(terminalText(wallText(hop.wall))));
  return text;
}
