/**
 * Real HTTP(S) servers on loopback for tests: each listens on port 0 and is closed by the test that started it.
 * Modelled on undici's test/utils/redirecting-servers.js.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface TestServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  origin: string;
  port: number;
  server: Server;
  /** Connections accepted so far. */
  connections(): number;
  /** Requests received so far, by path. */
  requests: string[];
  /** Requests received so far, with method and (lowercase) headers, in arrival order. */
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** What a test server saw of one request. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

/** Counts and tracks the sockets of any net server so that `close()` does not wait for idle keep-alive clients. */
async function listenTracked(
  server: NetServer,
  host: string,
  port: number,
): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function originOf(scheme: string, host: string, port: number): string {
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function listen(server: Server, host: string, scheme: 'http' | 'https', port = 0): Promise<TestServer> {
  const requests: string[] = [];
  const received: ReceivedRequest[] = [];
  server.on('secureConnection', () => {});
  server.prependListener('request', (req: IncomingMessage) => {
    requests.push(req.url ?? '');
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
  });
  const tracked = await listenTracked(server, host, port);
  return {
    origin: originOf(scheme, host, tracked.port),
    port: tracked.port,
    server,
    connections: tracked.connections,
    requests,
    received,
    close: tracked.close,
  };
}

/** Starts a node:http server with `handler` on 127.0.0.1 (or `host`), on a free port (or `port`). */
export function startServer(handler: Handler, host = '127.0.0.1', port = 0): Promise<TestServer> {
  return listen(createServer(handler), host, 'http', port);
}

/** Starts a node:https server with the given key and certificate. */
export function startHttpsServer(handler: Handler, tls: { key: string; cert: string }, host = '127.0.0.1', port = 0) {
  return listen(createHttpsServer(tls, handler) as unknown as Server, host, 'https', port);
}

/** A plain TCP server for responses node:http will not produce (garbage, truncated, trickled or silent). */
export interface RawServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  origin: string;
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * Starts a TCP server that hands every accepted socket to `onSocket`, which writes whatever bytes the test needs.
 * Timers a handler starts must stop when the socket closes (`socket.on('close', ...)`).
 */
export async function startRawServer(onSocket: (socket: Socket) => void, host = '127.0.0.1'): Promise<RawServer> {
  const server = createNetServer((socket) => {
    // The client going away mid-write is expected in these tests.
    socket.on('error', () => {});
    onSocket(socket);
  });
  const tracked = await listenTracked(server, host, 0);
  return { origin: originOf('http', host, tracked.port), ...tracked };
}

/** A TCP port on `host` that nothing listens on (it was bound a moment ago and released). */
export async function closedPort(host = '127.0.0.1'): Promise<number> {
  const server = createNetServer();
  const tracked = await listenTracked(server, host, 0);
  await tracked.close();
  return tracked.port;
}

/** One route of {@link startRedirectServer}. */
export interface Route {
  status: number;
  /** Location header; `{origin}` is replaced by the server's own origin. */
  location?: string | string[];
  headers?: Record<string, string | string[]>;
  body?: string;
  /** Milliseconds to wait before answering. */
  delay?: number;
}

/**
 * A server answering each path from a table; unknown paths get 404. Locations may use `{origin}`.
 * Example: `{ '/a': { status: 301, location: '/b' }, '/b': { status: 200, body: 'ok' } }`.
 */
export async function startRedirectServer(
  routes: Record<string, Route>,
  host = '127.0.0.1',
  port = 0,
): Promise<TestServer> {
  let origin = '';
  const server = await startServer(
    (req, res) => {
      const route = routes[req.url ?? ''];
      const answer = () => {
        if (route === undefined) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('not found');
          return;
        }
        const headers: Record<string, string | string[]> = { ...route.headers };
        if (route.location !== undefined) {
          const fill = (value: string) => value.replaceAll('{origin}', origin);
          headers.location = Array.isArray(route.location) ? route.location.map(fill) : fill(route.location);
        }
        res.writeHead(route.status, headers);
        res.end(route.body ?? '');
      };
      if (route?.delay) setTimeout(answer, route.delay);
      else answer();
    },
    host,
    port,
  );
  origin = server.origin;
  return server;
}

/** A chain `/hop/0 -> /hop/1 -> ... -> /hop/N` (N redirects of `status`) ending in a 200. */
export function chainRoutes(redirects: number, status = 301): Record<string, Route> {
  const routes: Record<string, Route> = {};
  for (let i = 0; i < redirects; i++) routes[`/hop/${i}`] = { status, location: `/hop/${i + 1}` };
  routes[`/hop/${redirects}`] = { status: 200, body: 'done', headers: { 'content-type': 'text/plain' } };
  return routes;
}
