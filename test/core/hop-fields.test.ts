/** What each hop and the summary report: the documented fields, header selection, timing and redirect type. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer, REDIRECT_HEADERS } from '../../src/index.js';
import { chainRoutes, startRedirectServer, startServer, type TestServer } from '../helpers/servers.js';
import { closeAfterEach, LOOPBACK } from './helpers/analysis.js';

const analyzer = new Analyzer();
const track = closeAfterEach(analyzer);
const serve = (...args: Parameters<typeof startServer>) => track(startServer(...args));
const serveRoutes = (...args: Parameters<typeof startRedirectServer>) => track(startRedirectServer(...args));

describe('hop fields', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Not tracked: shared by the tests of this block.
    server = await startServer((req, res) => {
      if (req.url === '/start') {
        res.writeHead(301, 'Gone Fishing', [
          ['Location', '/next'],
          ['Cache-Control', 'max-age=60'],
          ['Vary', 'Accept'],
          ['Vary', 'Origin'],
          ['Set-Cookie', 'a=1; Path=/'],
          ['Set-Cookie', 'b=2, with a comma; Path=/'],
          ['X-Custom', 'kept only with headers: all'],
        ]);
        res.end('moved');
        return;
      }
      // A standard status sent with an empty reason phrase: "HTTP/1.1 200 \r\n".
      res.writeHead(200, '', { 'content-type': 'text/plain', 'x-final': 'yes' });
      res.end('done');
    });
  });
  afterAll(() => server.close());

  it('reports url, status, reason phrase, integer time and the redirect-relevant headers', async () => {
    const result = await analyzer.analyze(`${server.origin}/start`, LOOPBACK);
    expect(result.success).toBe(true);
    expect(result.chain).toHaveLength(2);
    const [first, last] = result.chain;
    expect(first).toMatchObject({
      url: `${server.origin}/start`,
      status: 301,
      // The server's own reason phrase wins over the standard one.
      statusText: 'Gone Fishing',
      redirectType: 'permanent',
    });
    expect(Number.isInteger(first!.responseTime)).toBe(true);
    expect(first!.responseTime).toBeGreaterThanOrEqual(0);
    expect(first!.headers).toMatchObject({
      location: '/next',
      'cache-control': 'max-age=60',
      // Repeated headers are joined as RFC 9110 §5.3 allows...
      vary: 'Accept, Origin',
      // ...but Set-Cookie values contain commas themselves, so they are kept apart by a newline.
      'set-cookie': 'a=1; Path=/\nb=2, with a comma; Path=/',
    });
    expect(first!.headers).not.toHaveProperty('x-custom');
    for (const name of Object.keys(first!.headers)) expect(REDIRECT_HEADERS.has(name)).toBe(true);
    // An empty reason phrase falls back to the standard one.
    expect(last).toMatchObject({ url: `${server.origin}/next`, status: 200, statusText: 'OK' });
    expect(last).not.toHaveProperty('redirectType');
    expect(last!.headers['content-type']).toBe('text/plain');
    expect(last!.headers).not.toHaveProperty('x-final');
  });

  it("reports every header, names lowercased, with headers: 'all'", async () => {
    const result = await analyzer.analyze(`${server.origin}/start`, { ...LOOPBACK, headers: 'all' });
    const [first, last] = result.chain;
    expect(first!.headers['x-custom']).toBe('kept only with headers: all');
    expect(first!.headers.vary).toBe('Accept, Origin');
    expect(first!.headers['set-cookie']).toBe('a=1; Path=/\nb=2, with a comma; Path=/');
    expect(last!.headers['x-final']).toBe('yes');
    // Hop-by-hop headers too: "all" means all.
    expect(last!.headers).toHaveProperty('connection');
    for (const hop of result.chain) {
      for (const [name, value] of Object.entries(hop.headers)) {
        expect(name).toBe(name.toLowerCase());
        expect(typeof value).toBe('string');
      }
    }
  });

  it('never attaches a body to a hop', async () => {
    const result = await analyzer.analyze(`${server.origin}/start`, LOOPBACK);
    for (const hop of result.chain) expect(hop).not.toHaveProperty('body');
    // Neither the redirect's body ("moved") nor the final page's ("done") appears anywhere in the result.
    expect(JSON.stringify(result)).not.toMatch(/moved|done/);
  });
});

describe('status text', () => {
  it.each([
    [301, 'Moved Permanently'],
    [404, 'Not Found'],
    [418, "I'm a Teapot"],
    [503, 'Service Unavailable'],
  ])('falls back to the standard phrase of %i when the server sends none', async (status, phrase) => {
    const server = await serve((_req, res) => {
      res.writeHead(status, '');
      res.end();
    });
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.chain[0]).toMatchObject({ status, statusText: phrase });
  });

  it('is empty for a status without a standard phrase and no reason from the server', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(299, '');
      res.end();
    });
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.chain[0]).toMatchObject({ status: 299, statusText: '' });
  });
});

describe('summary', () => {
  it('counts the hops, names the last one and sums the times', async () => {
    const routes = chainRoutes(3);
    // Slow hops make the sum meaningful: each of these takes at least 60 ms.
    routes['/hop/1'] = { ...routes['/hop/1']!, delay: 60 };
    routes['/hop/3'] = { ...routes['/hop/3']!, delay: 60 };
    const server = await serveRoutes(routes);
    const submitted = `${server.origin}/hop/0`;
    const result = await analyzer.analyze(submitted, LOOPBACK);
    expect(result.url).toBe(submitted);
    expect(result.chain.map((hop) => hop.url)).toEqual([0, 1, 2, 3].map((n) => `${server.origin}/hop/${n}`));
    expect(result.chain[1]!.responseTime).toBeGreaterThanOrEqual(55);
    expect(result.chain[3]!.responseTime).toBeGreaterThanOrEqual(55);
    expect(result.summary).toMatchObject({
      totalHops: 4,
      finalUrl: `${server.origin}/hop/3`,
      finalStatus: 200,
      hasLoop: false,
    });
    expect(result.summary.totalTime).toBe(result.chain.reduce((sum, hop) => sum + hop.responseTime, 0));
    expect(result.summary.totalTime).toBeGreaterThanOrEqual(110);
  });

  it('returns the submitted URL as given, not normalised', async () => {
    const server = await serveRoutes({ '/': { status: 200 } });
    const submitted = `${server.origin.replace('http', 'HTTP')}`;
    const result = await analyzer.analyze(submitted, LOOPBACK);
    expect(result.url).toBe(submitted);
    expect(result.chain[0]!.url).toBe(`${server.origin}/`);
  });
});

describe('redirect type', () => {
  it.each([
    [301, 'permanent'],
    [308, 'permanent'],
    [302, 'temporary'],
    [303, 'temporary'],
    [307, 'temporary'],
  ] as const)('marks %i as %s', async (status, kind) => {
    const server = await serveRoutes({ '/': { status, location: '/end' }, '/end': { status: 200 } });
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.chain[0]!.redirectType).toBe(kind);
    expect(result.chain[1]).not.toHaveProperty('redirectType');
  });

  it('does not mark a 3xx that is not followed', async () => {
    const server = await serveRoutes({ '/': { status: 300, location: '/end' } });
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.chain[0]).not.toHaveProperty('redirectType');
  });
});

describe('requests', () => {
  it('sends the configured User-Agent on every hop, hoplens/1.0 by default', async () => {
    const server = await serveRoutes(chainRoutes(2));
    await analyzer.analyze(`${server.origin}/hop/0`, LOOPBACK);
    await analyzer.analyze(`${server.origin}/hop/0`, { ...LOOPBACK, userAgent: 'probe/2.0 (+https://x.test)' });
    expect(server.received.map((req) => req.headers['user-agent'])).toEqual([
      'hoplens/1.0',
      'hoplens/1.0',
      'hoplens/1.0',
      'probe/2.0 (+https://x.test)',
      'probe/2.0 (+https://x.test)',
      'probe/2.0 (+https://x.test)',
    ]);
  });

  it('uses HEAD on every hop when asked, even after a 303', async () => {
    const server = await serveRoutes({
      '/a': { status: 303, location: '/b' },
      '/b': { status: 301, location: '/c' },
      '/c': { status: 200, body: 'page' },
    });
    const result = await analyzer.analyze(`${server.origin}/a`, { ...LOOPBACK, method: 'HEAD' });
    expect(result.summary.finalStatus).toBe(200);
    expect(server.received.map((req) => `${req.method} ${req.url}`)).toEqual(['HEAD /a', 'HEAD /b', 'HEAD /c']);
  });

  it('uses GET by default, also after a 303', async () => {
    const server = await serveRoutes({ '/a': { status: 303, location: '/b' }, '/b': { status: 200 } });
    await analyzer.analyze(`${server.origin}/a`, LOOPBACK);
    expect(server.received.map((req) => `${req.method} ${req.url}`)).toEqual(['GET /a', 'GET /b']);
  });

  it('never sends credentials or the fragment of a URL', async () => {
    const server = await serveRoutes({ '/a': { status: 200 } });
    const result = await analyzer.analyze(`http://user:secret@127.0.0.1:${server.port}/a#part`, LOOPBACK);
    expect(result.summary.finalStatus).toBe(200);
    expect(server.received[0]!.url).toBe('/a');
    expect(server.received[0]!.headers).not.toHaveProperty('authorization');
  });

  it('reuses one keep-alive connection for hops to the same origin, and across analyses', async () => {
    const server = await serveRoutes(chainRoutes(3));
    const first = await analyzer.analyze(`${server.origin}/hop/0`, LOOPBACK);
    expect(first.summary.totalHops).toBe(4);
    expect(server.connections()).toBe(1);
    await analyzer.analyze(`${server.origin}/hop/0`, LOOPBACK);
    expect(server.requests).toHaveLength(8);
    expect(server.connections()).toBe(1);
  });

  it('does not wait for a redirect body that never ends', async () => {
    const timers: NodeJS.Timeout[] = [];
    const server = await serve((req, res) => {
      if (req.url === '/next') {
        res.end('done');
        return;
      }
      // A redirect whose chunked body trickles forever: only its headers matter.
      res.writeHead(302, { location: '/next', 'content-type': 'text/html' });
      res.write('<p>');
      const timer = setInterval(() => res.write('.'), 50);
      timers.push(timer);
      res.on('close', () => clearInterval(timer));
    });
    try {
      const started = performance.now();
      const result = await analyzer.analyze(`${server.origin}/`, { ...LOOPBACK, timeout: 5_000 });
      expect(result.summary).toMatchObject({ totalHops: 2, finalStatus: 200 });
      // Cut off after a short drain budget, not the 5 s hop timeout.
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      for (const timer of timers) clearInterval(timer);
    }
  });

  it('does not download a large redirect body', async () => {
    let sent = 0;
    const server = await serve((req, res) => {
      if (req.url === '/next') {
        res.end('done');
        return;
      }
      res.writeHead(301, { location: '/next', 'content-length': String(64 * 1024 * 1024) });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (sent < 64 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
    });
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.summary.finalStatus).toBe(200);
    // The 64 MiB body was cut off early (what the kernel buffered is all that left the server).
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });

  it('does not share connections between analyses under different address policies', async () => {
    const server = await serveRoutes({ '/': { status: 200 } });
    await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    await analyzer.analyze(`${server.origin}/`, { blockPrivate: false });
    expect(server.connections()).toBe(2);
  });
});
