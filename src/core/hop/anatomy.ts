import type { Hop } from '../types.js';
import type { ExchangeResponse } from './exchange.js';

const DAY_MS = 86_400_000;

/**
 * Adds to `hop` what its connection was: where it went, whether it was reused, the HTTP version, where the time went
 * and, on an HTTPS hop that opened it, the TLS session and certificate. Set-up timings and TLS belong to the hop that
 * paid for them: a reused connection reports `firstByte` alone. Nothing is added when the connection is not known.
 * @param now the analysis clock, in epoch ms, that `daysLeft` counts from
 */
export function addConnectionDetails(hop: Hop, response: ExchangeResponse, now: () => number): void {
  const facts = response.connection;
  if (facts === undefined) return;
  const reused = response.reusedConnection === true;
  hop.remoteAddress = facts.remoteAddress;
  hop.remotePort = facts.remotePort;
  hop.reusedConnection = reused;
  hop.httpVersion = facts.httpVersion;
  const firstByte = Math.round(response.firstByte);
  if (reused) {
    hop.timings = { firstByte };
    return;
  }
  hop.timings =
    facts.tls === undefined
      ? { dns: facts.dns, connect: facts.connect, firstByte }
      : { dns: facts.dns, connect: facts.connect, tls: facts.tls, firstByte };
  const peer = facts.peer;
  if (peer !== undefined) {
    const { expires, ...shown } = peer;
    hop.tls = { ...shown, altNames: [...peer.altNames], daysLeft: Math.floor((expires - now()) / DAY_MS) };
  }
}
