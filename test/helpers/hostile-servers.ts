/**
 * Hostile targets on loopback: TCP (or TLS) servers that write whatever bytes a test wants, and count the sockets
 * they accepted and the ones still open, so a test can prove that nothing is left behind.
 */
import { type AddressInfo, createServer as createNetServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';

export interface HostileServer {
  /** `http://127.0.0.1:PORT` (or `https://` for TLS servers). */
  origin: string;
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** Accepted connections not closed yet. */
  open(): number;
  close(): Promise<void>;
}

export interface HostileOptions {
  /** Serve TLS with this key and certificate: `onSocket` then gets the decrypted stream. */
  tls?: { key: string; cert: string };
  host?: string;
}

/**
 * Starts a server handing each accepted socket to `onSocket`. Handlers must stop their timers when the socket
 * closes (see {@link every}); the client going away mid-write is expected and its errors are swallowed.
 */
export async function startHostile(
  onSocket: (socket: Socket) => void,
  options: HostileOptions = {},
): Promise<HostileServer> {
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<Socket>();
  let accepted = 0;
  const track = (socket: Socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  let server: Server;
  if (options.tls === undefined) {
    server = createNetServer((socket) => {
      track(socket);
      onSocket(socket);
    });
  } else {
    server = createTlsServer(options.tls, (socket) => onSocket(socket));
    // Counted at TCP accept, before (and whether or not) the handshake succeeds.
    server.on('connection', track);
    server.on('tlsClientError', () => {});
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${options.tls === undefined ? 'http' : 'https'}://${host}:${port}`,
    port,
    connections: () => accepted,
    open: () => [...sockets].filter((socket) => !socket.destroyed).length,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Calls `fn` once the request head (up to the blank line) has arrived on `socket`. */
export function afterRequestHead(socket: Socket, fn: (head: string) => void): void {
  let received = '';
  let done = false;
  socket.on('data', (chunk: Buffer) => {
    if (done) return;
    received += chunk.toString('latin1');
    const end = received.indexOf('\r\n\r\n');
    if (end === -1) return;
    done = true;
    fn(received.slice(0, end));
  });
}

/** The request path of a request head. */
export function pathOf(head: string): string {
  return head.split(' ')[1] ?? '/';
}

/** Runs `fn` every `ms` until it returns false or the socket closes. */
export function every(socket: Socket, ms: number, fn: () => boolean | undefined): void {
  const timer = setInterval(() => {
    if (socket.destroyed || fn() === false) clearInterval(timer);
  }, ms);
  socket.once('close', () => clearInterval(timer));
}

/** Writes `chunk` over and over, as fast as the client reads, until the socket closes or `limit` bytes are out. */
export function flood(socket: Socket, chunk: Buffer, limit = Number.POSITIVE_INFINITY): void {
  let sent = 0;
  const pump = () => {
    while (!socket.destroyed && sent < limit) {
      sent += chunk.length;
      if (!socket.write(chunk)) {
        socket.once('drain', pump);
        return;
      }
    }
    if (sent >= limit && !socket.destroyed) socket.end();
  };
  pump();
}
