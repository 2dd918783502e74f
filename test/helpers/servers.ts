/**
 * Real HTTP(S) servers on loopback for tests: each listens on port 0 and is closed by the test that started it.
 * Modelled on undici's test/utils/redirecting-servers.js.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

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
  close(): Promise<void>;
}

async function listen(server: Server, host: string, scheme: 'http' | 'https'): Promise<TestServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const requests: string[] = [];
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', () => {});
  server.prependListener('request', (req: IncomingMessage) => requests.push(req.url ?? ''));
  server.listen(0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `${scheme}://${hostPart}:${port}`,
    port,
    server,
    connections: () => connections,
    requests,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Starts a node:http server with `handler` on 127.0.0.1 (or `host`). */
export function startServer(handler: Handler, host = '127.0.0.1'): Promise<TestServer> {
  return listen(createServer(handler), host, 'http');
}

/** Starts a node:https server with the given key and certificate. */
export function startHttpsServer(handler: Handler, tls: { key: string; cert: string }, host = '127.0.0.1') {
  return listen(createHttpsServer(tls, handler) as unknown as Server, host, 'https');
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
export async function startRedirectServer(routes: Record<string, Route>, host = '127.0.0.1'): Promise<TestServer> {
  let origin = '';
  const server = await startServer((req, res) => {
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
  }, host);
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
