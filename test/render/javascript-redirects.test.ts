/**
 * Rendering with real Chromium (Debian's, at /usr/bin/chromium): a page's own navigation in the browser becomes a
 * hop with `redirectVia: 'javascript'`, and the core follows on from it with its own client. Scripts navigate as the
 * HTML standard's Location interface lets them (`location.href`, `location.replace()`, WHATWG HTML §7.2.4), whatever
 * way the URL was built. Also: one browser for every analysis, started again after it dies; a fresh context each
 * time; the bound on renders in flight.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisResult, Analyzer, HoplensError } from '../../src/index.js';
import { ChromiumRenderer } from '../../src/render/index.js';
import { browserPids, isAlive } from '../helpers/chromium-processes.js';
import { installTripwire } from '../helpers/net-tripwire.js';
import { until } from '../helpers/polling.js';
import { startServer, type TestServer } from '../helpers/servers.js';

installTripwire();

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const OPTIONS = { allowNetworks: ['127.0.0.0/8'], render: true, renderWait: 1000 };

/** Pages whose scripts navigate, by path. */
const PAGES: Readonly<Record<string, string>> = {
  '/href': "<script>location.href = '/b';</script>",
  '/replace': "<script>location.replace('/b');</script>",
  '/later': "<script>setTimeout(function () { location.href = '/b'; }, 300);</script>",
  // Built at run time: no static reading of the script finds '/b?x=1'.
  '/built': "<script>var p = '/b'; p += '?x=1'; location.href = p;</script>",
  '/still': '<p>This page stays where it is.</p>',
  '/too-late': "<script>setTimeout(function () { location.href = '/b'; }, 1500);</script>",
  // Reads the cookie it was sent, sets one, and says what it was sent by navigating.
  '/cookies': `<script>
    fetch('/probe').then(function () {
      document.cookie = 'seen=1; path=/';
      return fetch('/probe');
    }).then(function () { location.href = '/c'; });
  </script>`,
  '/slow': "<script>setTimeout(function () { location.href = '/c'; }, 400);</script>",
};

function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0]!;
  const page = PAGES[path];
  if (page !== undefined) {
    res.writeHead(200, HTML);
    res.end(`<!doctype html><html><head><title>${path}</title></head><body>${page}</body></html>`);
  } else if (path === '/b') {
    res.writeHead(301, { location: '/c' });
    res.end();
  } else {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`landed on ${req.url}`);
  }
}

let server: TestServer;
const renderer = new ChromiumRenderer();
const analyzer = new Analyzer({ renderer });

beforeAll(async () => {
  server = await startServer(handle);
});
afterAll(async () => {
  await analyzer.close();
  await server.close();
});

/** Each hop as `status path via`. */
function hops(result: AnalysisResult): string[] {
  return result.chain.map(
    (hop) => `${hop.status} ${new URL(hop.url).pathname}${new URL(hop.url).search} ${hop.redirectVia ?? '-'}`,
  );
}

describe('javascript redirects', () => {
  it.each([
    ['location.href', '/href', '/b'],
    ['location.replace()', '/replace', '/b'],
    ['a setTimeout of 300 ms', '/later', '/b'],
    ['a URL built from a variable', '/built', '/b?x=1'],
  ])('%s becomes a javascript hop, and the chain goes on to its target', async (_label, path, target) => {
    const result = await analyzer.analyze(`${server.origin}${path}`, OPTIONS);
    expect(hops(result)).toEqual([`200 ${path} javascript`, `301 ${target} http`, '200 /c -']);
    expect(result.chain[0]).toMatchObject({ redirectType: 'temporary' });
  });

  it('ends the chain at a page that does not navigate within renderWait', async () => {
    const still = await analyzer.analyze(`${server.origin}/still`, OPTIONS);
    expect(hops(still)).toEqual(['200 /still -']);
    const started = Date.now();
    const late = await analyzer.analyze(`${server.origin}/too-late`, OPTIONS);
    expect(hops(late)).toEqual(['200 /too-late -']);
    // It waited for the navigation (1000 ms after load), not for the page's later one.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('does not render without render: true', async () => {
    const result = await analyzer.analyze(`${server.origin}/href`, { allowNetworks: ['127.0.0.0/8'] });
    expect(hops(result)).toEqual(['200 /href -']);
  });

  it('gives each analysis a fresh context: a cookie the page set is not sent in the next one', async () => {
    const cookiesOfProbes = async () => {
      const from = server.received.length;
      await analyzer.analyze(`${server.origin}/cookies`, OPTIONS);
      return server.received
        .slice(from)
        .flatMap((request) => (request.url === '/probe' ? [request.headers.cookie] : []));
    };
    // The second probe carries the cookie: the browser's cookies do reach the core's fetch.
    expect(await cookiesOfProbes()).toEqual([undefined, 'seen=1']);
    expect(await cookiesOfProbes()).toEqual([undefined, 'seen=1']);
  });

  it('sends the analysis User-Agent with the page and its requests', async () => {
    const from = server.received.length;
    await analyzer.analyze(`${server.origin}/cookies`, { ...OPTIONS, userAgent: 'hoplens-render-test/1.0' });
    const agents = server.received.slice(from).map((request) => `${request.url} ${request.headers['user-agent']}`);
    expect(agents).toEqual([
      '/cookies hoplens-render-test/1.0', // the core's hop
      '/cookies hoplens-render-test/1.0', // the browser's document, through the guarded fetch
      '/probe hoplens-render-test/1.0',
      '/probe hoplens-render-test/1.0',
      '/c hoplens-render-test/1.0', // the core's hop again
    ]);
  });
});

describe('the browser', () => {
  it('is one process for every analysis, started again after it was killed', async () => {
    await analyzer.analyze(`${server.origin}/href`, OPTIONS);
    const [first, ...others] = browserPids();
    expect(first).toBeDefined();
    expect(others).toEqual([]);
    await analyzer.analyze(`${server.origin}/replace`, OPTIONS);
    expect(browserPids()).toEqual([first]);

    process.kill(first!, 'SIGKILL');
    await until(() => !isAlive(first!), 10_000);
    const result = await analyzer.analyze(`${server.origin}/href`, OPTIONS);
    expect(hops(result)).toEqual(['200 /href javascript', '301 /b http', '200 /c -']);
    const relaunched = browserPids();
    expect(relaunched).toHaveLength(1);
    expect(relaunched[0]).not.toBe(first);
  });
});

describe('a render under way', () => {
  it('ends at once when the analysis is aborted, and its slot is free again', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const analysis = analyzer.analyze(`${server.origin}/still`, {
      ...OPTIONS,
      renderWait: 10_000,
      signal: controller.signal,
    });
    await until(() => renderer.load.inFlight === 1, 10_000);
    controller.abort();
    await expect(analysis).rejects.toSatisfy((error) => error instanceof HoplensError && error.code === 'ABORTED');
    expect(Date.now() - started).toBeLessThan(8_000);
    // The slot is held until the render's context is closed behind the answer (a second, more on a busy machine).
    await until(() => renderer.load.inFlight === 0, 5_000);
  });
});

describe('renders in flight', () => {
  it('are at most `concurrency` (2); the others wait their turn', async () => {
    let most = 0;
    let queuedSeen = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, renderer.load.inFlight);
      queuedSeen = Math.max(queuedSeen, renderer.load.queued);
    }, 5);
    // A generous wait: the page navigates at 400 ms, but on a loaded machine the queued third render may start late.
    const patient = { ...OPTIONS, renderWait: 5000 };
    const results = await Promise.all([1, 2, 3].map(() => analyzer.analyze(`${server.origin}/slow`, patient))).finally(
      () => clearInterval(sampler),
    );
    for (const result of results) expect(hops(result)).toEqual(['200 /slow javascript', '200 /c -']);
    expect(most).toBe(2);
    expect(queuedSeen).toBe(1);
  });

  it('a waiting caller leaves the queue when its signal aborts: incomplete on a timeout, ABORTED otherwise', async () => {
    const busy = [1, 2].map(() => analyzer.analyze(`${server.origin}/slow`, OPTIONS));
    await until(() => renderer.load.inFlight === 2, 10_000);
    const unused = () => Promise.reject(new Error('a queued render fetched'));
    const request = { url: `${server.origin}/href`, userAgent: 'test', waitMs: 0, fetch: unused };
    const timedOut = await renderer.render({ ...request, signal: AbortSignal.timeout(50) });
    // Not a render that saw no navigation: one that never ran, and says so (issue 22).
    expect(timedOut).toEqual({ incomplete: { reason: 'queue', detail: expect.any(String) } });
    const controller = new AbortController();
    const abandoned = renderer.render({ ...request, signal: controller.signal });
    controller.abort();
    await expect(abandoned).rejects.toSatisfy((error) => error instanceof HoplensError && error.code === 'ABORTED');
    expect(renderer.load.queued).toBe(0);
    await Promise.all(busy);
  });
});
