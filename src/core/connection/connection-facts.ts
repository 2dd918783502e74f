import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { TLSSocket } from 'node:tls';
import type { HttpVersion } from '../types.js';
import { type PeerFacts, peerFacts } from './peer-certificate.js';

/** What the connector learned about one connection while opening it, kept for as long as the socket lives. */
export interface ConnectionFacts {
  readonly remoteAddress: string;
  readonly remotePort: number;
  readonly httpVersion: HttpVersion;
  /** Name resolution, in ms (0 when the host was an IP literal, which is not looked up). */
  readonly dns: number;
  /** TCP connect, in ms. */
  readonly connect: number;
  /** TLS handshake, in ms (HTTPS only). */
  readonly tls?: number;
  /** The TLS session and certificate (HTTPS only). */
  readonly peer?: PeerFacts;
  /** Requests written on the connection so far (by any caller of the pool). */
  requests: number;
}

/** Facts by socket: an entry goes with its socket, so nothing here outlives a connection. */
const FACTS = new WeakMap<object, ConnectionFacts>();

/** The facts recorded for a socket the connector opened, if it opened it. */
export function factsOf(socket: object): ConnectionFacts | undefined {
  return FACTS.get(socket);
}

function elapsed(from: number, to: number): number {
  return Math.max(0, Math.round(to - from));
}

/**
 * The clock of a connection being opened. It reads the socket's own events: `lookup` (the name is resolved; not
 * emitted for an IP literal), `connect` (TCP) and, for HTTPS, the connector's callback on `secureConnect`.
 */
export class OpeningConnection {
  /**
   * Made before the connector is called, since opening a TLS socket does synchronous work after the lookup has begun
   * (a loaded host made the lookup's 100 ms read as 94 when the clock started after it).
   */
  private readonly started = performance.now();
  private lookedUp: number | undefined;
  private connected: number | undefined;

  /** Hears the events of `socket`, the one the connector is opening, when it handed it back. */
  watch(socket: Socket | undefined): void {
    socket?.once('lookup', () => {
      this.lookedUp = performance.now();
    });
    socket?.once('connect', () => {
      this.connected = performance.now();
    });
  }

  /**
   * Records the connection as ready to carry requests (the connector calls this as it hands the socket to the pool).
   * A plain connection is ready on its `connect`, which reaches the connector before this clock's own listener.
   */
  ready(socket: Socket, remoteAddress: string, https: boolean): void {
    const now = performance.now();
    const connected = this.connected ?? now;
    const base = {
      remoteAddress,
      remotePort: socket.remotePort ?? 0,
      httpVersion: (socket as TLSSocket).alpnProtocol === 'h2' ? ('2' as const) : ('1.1' as const),
      dns: this.lookedUp === undefined ? 0 : elapsed(this.started, this.lookedUp),
      connect: elapsed(this.lookedUp ?? this.started, connected),
      requests: 0,
    };
    if (!https) {
      FACTS.set(socket, base);
      return;
    }
    const peer = peerFacts(socket as TLSSocket);
    FACTS.set(socket, { ...base, tls: elapsed(connected, now), ...(peer === undefined ? {} : { peer }) });
  }
}
