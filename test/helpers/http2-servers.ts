/**
 * An HTTP/2 server on loopback for tests (node:http2, TLS, ALPN `h2`), answering paths from a route table like
 * startRedirectServer in servers.ts. HTTP/1.1 is refused unless `allowHTTP1` is set, so a hop that reaches it was made
 * over HTTP/2.
 */
import { createSecureServer, type Http2Session, type ServerHttp2Stream } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { Route } from './servers.js';

/** A route, or `silent`: the stream is accepted and never answered. */
export type Http2Route = Route | 'silent';

export interface Http2TestServer {
  /** `https://HOST:PORT` with the host name given to {@link startHttp2Server}. */
  origin: string;
  port: number;
  /** Paths requested, in arrival order. */
  requests: string[];
  /** Connections accepted (TLS sessions, HTTP/2 or not). */
  connections(): number;
  close(): Promise<void>;
}

export interface Http2ServerOptions {
  key: string;
  cert: string;
  /** The name the origin is written with (it must resolve to 127.0.0.1 through the test's resolver). */
  host: string;
  /** Also answer HTTP/1.1 clients (default false). */
  allowHTTP1?: boolean;
}

function answer(stream: ServerHttp2Stream, route: Route | undefined, origin: string): void {
  if (stream.destroyed) return;
  if (route === undefined) {
    stream.respond({ ':status': 404, 'content-type': 'text/plain' });
    stream.end('not found');
    return;
  }
  const headers: Record<string, string | string[] | number> = { ':status': route.status, ...route.headers };
  if (route.location !== undefined) {
    const fill = (value: string) => value.replaceAll('{origin}', origin);
    headers.location = Array.isArray(route.location) ? route.location.map(fill) : fill(route.location);
  }
  stream.respond(headers);
  stream.end(route.body ?? '');
}

/** Starts an HTTP/2 server on 127.0.0.1, on a free port, answering from `routes` (unknown paths get 404). */
export async function startHttp2Server(
  routes: Record<string, Http2Route>,
  options: Http2ServerOptions,
): Promise<Http2TestServer> {
  const server = createSecureServer({ key: options.key, cert: options.cert, allowHTTP1: options.allowHTTP1 === true });
  const sessions = new Set<Http2Session>();
  const requests: string[] = [];
  let connections = 0;
  let origin = '';
  server.on('secureConnection', () => connections++);
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
    session.on('error', () => {});
  });
  server.on('stream', (stream, headers) => {
    stream.on('error', () => {});
    const path = String(headers[':path'] ?? '');
    requests.push(path);
    const route = routes[path];
    if (route === 'silent') return;
    if (route?.delay) setTimeout(() => answer(stream, route, origin), route.delay);
    else answer(stream, route, origin);
  });
  // HTTP/1.1 requests, when allowed, get the same table.
  server.on('request', (req, res) => {
    if (req.httpVersion === '2.0') return;
    requests.push(req.url ?? '');
    const route = routes[req.url ?? ''];
    if (route === 'silent') return;
    const headers: Record<string, string | string[]> = { ...(route?.headers ?? {}) };
    if (route?.location !== undefined) {
      const fill = (value: string) => value.replaceAll('{origin}', origin);
      headers.location = Array.isArray(route.location) ? route.location.map(fill) : fill(route.location);
    }
    res.writeHead(route?.status ?? 404, headers);
    res.end(route?.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `https://${options.host}:${port}`;
  return {
    origin,
    port,
    requests,
    connections: () => connections,
    close: async () => {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
