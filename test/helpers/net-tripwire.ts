/**
 * A tripwire under every outgoing TCP connection of this (test) process: it records each connect attempt with the
 * address the socket is really about to reach (after any DNS lookup), and refuses, as ECONNREFUSED, every attempt to
 * an address off loopback. A guard that failed open can then neither reach a real network nor go unnoticed.
 *
 * It patches the TCP handle's `connect`/`connect6`, the last step before the kernel for plain and TLS sockets alike
 * (undici, `net.connect`, happy eyeballs), and `net.Socket.prototype.connect`, to count client sockets still open.
 * Install it once per test file (vitest's forks pool gives each file its own process).
 */
import net from 'node:net';
import { constants } from 'node:os';

/** One connect attempt seen by the tripwire. */
export interface ConnectAttempt {
  address: string;
  port: number;
  /** False when the tripwire refused it (the address is off loopback). */
  allowed: boolean;
}

export interface Tripwire {
  /** Every attempt since install (or the last `reset`), in order. */
  readonly attempts: ConnectAttempt[];
  /** Attempts to `address` (any port, or `port`). */
  attemptsTo(address: string, port?: number): ConnectAttempt[];
  /** Client sockets this process opened that have not closed yet. */
  openClientSockets(): number;
  /** Forgets the attempts so far. */
  reset(): void;
}

interface TcpHandle {
  connect(req: unknown, address: string, port: number): number;
  connect6(req: unknown, address: string, port: number): number;
}

/** 127.0.0.0/8, ::1 and the IPv4-mapped form of loopback. */
export function isLoopback(address: string): boolean {
  const bare = address.replace(/^::ffff:/i, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare) || bare === '::1';
}

let installed: Tripwire | undefined;

/** Installs the tripwire (idempotent) and returns it. */
export function installTripwire(): Tripwire {
  if (installed !== undefined) return installed;
  const attempts: ConnectAttempt[] = [];
  const open = new Set<net.Socket>();
  // process.binding is the only door to the handle class; the same object node:net uses.
  const { TCP } = (process as unknown as { binding(name: string): { TCP: { prototype: TcpHandle } } }).binding(
    'tcp_wrap',
  );
  const refused = -(constants.errno.ECONNREFUSED ?? 111);
  for (const method of ['connect', 'connect6'] as const) {
    const original = TCP.prototype[method];
    TCP.prototype[method] = function guarded(this: TcpHandle, req: unknown, address: string, port: number): number {
      const allowed = isLoopback(address);
      attempts.push({ address, port, allowed });
      return allowed ? original.call(this, req, address, port) : refused;
    };
  }
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function tracked(this: net.Socket, ...args: unknown[]) {
    if (!open.has(this)) {
      open.add(this);
      this.once('close', () => open.delete(this));
    }
    return (connect as (...params: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
  installed = {
    attempts,
    attemptsTo: (address, port) =>
      attempts.filter((attempt) => attempt.address === address && (port === undefined || attempt.port === port)),
    openClientSockets: () => [...open].filter((socket) => !socket.destroyed).length,
    reset: () => {
      attempts.length = 0;
    },
  };
  return installed;
}
