/**
 * The hosts the fixture repository (test/fixtures/crawl-files/) links to, served by one node:http server on
 * loopback: `links.test` and `other.test`, told apart by the Host header and reached through `--connect-to`, so the
 * fixture's URLs need no port. A redirect keeps the request's query string, so each link's final URL is its own.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Where a path redirects: `[status, location]`; a location ending in `#…` carries its own fragment. */
const REDIRECTS: Readonly<Record<string, readonly [number, string]>> = {
  '/old-301': [301, '/new'],
  '/old-308': [308, '/new-308'],
  '/temp-302': [302, '/new-temp'],
  '/chain': [301, '/chain-2'],
  '/chain-2': [301, '/chain-end'],
  '/mixed': [301, '/mixed-2'],
  '/mixed-2': [302, '/mixed-end'],
  '/old-to-404': [301, '/missing'],
  '/loop-a': [301, '/loop-b'],
  '/loop-b': [301, '/loop-a'],
  '/frag-old': [301, '/frag-new'],
  '/frag-own': [301, '/frag-new#own'],
  '/img-old.png': [301, '/img-new.png'],
  '/badge-old.svg': [301, '/badge-new.svg'],
  '/auto-old': [308, '/auto-new'],
  '/bare-old': [301, '/bare-new'],
  '/html-old': [301, '/html-new'],
  '/style-old.css': [301, '/style-new.css'],
  '/app-old.js': [301, '/app-new.js'],
  '/cross': [301, 'http://other.test/landing'],
  '/docs/old-page': [301, '/docs/new-page'],
};

/** Paths that answer 200 on links.test. */
const PAGES: ReadonlySet<string> = new Set([
  '/ok',
  '/new',
  '/new-308',
  '/new-temp',
  '/chain-end',
  '/mixed-end',
  '/frag-new',
  '/img-new.png',
  '/badge-new.svg',
  '/auto-new',
  '/bare-new',
  '/html-new',
  '/style-new.css',
  '/app-new.js',
  '/docs/new-page',
  '/meta-new',
]);

/**
 * Pages that redirect by `<meta http-equiv="refresh">`: with delay 0 a permanent redirect to Google, delayed a
 * temporary one (https://developers.google.com/search/docs/crawling-indexing/301-redirects#metarefresh).
 */
const REFRESHES: Readonly<Record<string, string>> = {
  '/meta-old': '0; url=/meta-new',
  '/meta-delayed': '5; url=/meta-new',
};

function answer(request: IncomingMessage, response: ServerResponse, hits: Map<string, number>): void {
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'links.test'}`);
  hits.set(url.href, (hits.get(url.href) ?? 0) + 1);
  const redirect = url.hostname === 'links.test' ? REDIRECTS[url.pathname] : undefined;
  if (redirect !== undefined) {
    const [status, location] = redirect;
    const target = location.includes('#') ? location.replace('#', `${url.search}#`) : `${location}${url.search}`;
    response.writeHead(status, { location: location.startsWith('http') ? location : target }).end();
    return;
  }
  const refresh = url.hostname === 'links.test' ? REFRESHES[url.pathname] : undefined;
  if (refresh !== undefined) {
    const page = `<!doctype html><html><head><meta http-equiv="refresh" content="${refresh}"><title>moved</title></head><body>moved</body></html>`;
    response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    return;
  }
  const ok = url.hostname === 'links.test' ? PAGES.has(url.pathname) : url.pathname === '/landing';
  response
    .writeHead(ok ? 200 : 404, { 'content-type': 'text/html' })
    .end(ok ? '<!doctype html><title>ok</title>' : 'not found');
}

/** A running link server: its port, the `--connect-to` routes to it, and the URLs requested (with counts). */
export interface LinkServer {
  port: number;
  connectTo: string[];
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startLinkServer(): Promise<LinkServer> {
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => answer(request, response, hits));
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    connectTo: [`links.test:80:127.0.0.1:${port}`, `other.test:80:127.0.0.1:${port}`],
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
