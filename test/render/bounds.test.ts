/**
 * Every rendered analysis is bounded (issue 22): requests in all and at once, decoded bytes per response and per
 * render, the memory of its browser context, and its time, waiting for a render slot included. The attack pages are
 * a flood of decoded bytes (300 parallel fetches of 8 KB gzip responses that decode to 8 MiB each), a request storm,
 * a navigation storm and a page that fills memory; each ends with a `render_incomplete` finding naming the bound, in
 * time, and leaves the process's memory where it found it. Peak figures are printed for the issue's note.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendants, rssMb } from '../../bench/lib/process-tree.js';
import { type AnalysisResult, Analyzer } from '../../src/index.js';
import { ChromiumRenderer, RENDER_BOUNDS_DEFAULTS } from '../../src/render/index.js';
import { installTripwire } from '../helpers/net-tripwire.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const tripwire = installTripwire();

const MIB = 1024 * 1024;
/** 8 MiB of zeros in about 8 KB. */
const BOMB = gzipSync(Buffer.alloc(8 * MIB));
const TIMEOUT = 5000;
const RENDER_WAIT = 2000;
const OPTIONS = {
  allowNetworks: ['127.0.0.1/32'],
  render: true,
  renderWait: RENDER_WAIT,
  timeout: TIMEOUT,
  robots: false,
};
/** The whole render's bound: its time plus a second for closing its context. */
const RENDER_BOUND_MS = TIMEOUT + RENDER_WAIT + 1000;
/**
 * The analysis's bound: the render's, and the page's own hop before it (loopback: milliseconds), with half a second
 * for a loaded test machine (playwright-core handles the page's thousands of requests on this process's event loop).
 */
const ANALYSIS_BOUND_MS = RENDER_BOUND_MS + 500;

const PAGES: Record<string, string> = {
  '/warm': '<p>warm</p>',
  '/bombs': `<script>
    var all = [];
    for (var i = 0; i < 300; i++) all.push(fetch('/bomb?' + i).then(function (r) { return r.arrayBuffer(); }).catch(function () {}));
    Promise.all(all).then(function () { location.href = '/done'; });
  </script>`,
  '/storm': `<script>
    var all = [];
    for (var i = 0; i < 3000; i++) all.push(fetch('/item?' + i).catch(function () {}));
    Promise.all(all).then(function () { location.href = '/done'; });
  </script>`,
  '/navigations': `<body><script>
    for (var i = 0; i < 2000; i++) {
      var frame = document.createElement('iframe');
      frame.src = '/frame?' + i;
      document.body.appendChild(frame);
    }
  </script></body>`,
  '/bombs60': `<script>
    var all = [];
    for (var i = 0; i < 60; i++) all.push(fetch('/bomb60?' + i).then(function (r) { return r.arrayBuffer(); }).catch(function () {}));
    Promise.all(all).then(function () { location.href = '/done'; });
  </script>`,
  '/storm150': `<script>
    var all = [];
    for (var i = 0; i < 150; i++) all.push(fetch('/item150?' + i).catch(function () {}));
    Promise.all(all).then(function () { location.href = '/done'; });
  </script>`,
  // 64 MB a task, 24 times: the memory is read between the page's tasks (a loop that never yields is not seen). The
  // page then holds it for 2 s before it navigates: on a loaded host the reads of the memory come late, and a page
  // that left at once could be gone before the read that sees it (the bound is a read every 100 ms, not a wall).
  // Its async script is never answered, so the page's load (and the wait after it) comes only when the fetch of it
  // times out: 7 s to pass 512 MB, not the 2 s of the wait alone. A quiet machine takes 2-2.5 s (a read every ~250 ms
  // while the page fills 64 MB a task), so a loaded CI machine ran out of wait (no finding, 1 hop). An image would
  // not do: the render never fetches one (src/render/request-rules.ts).
  '/memory': `<script async src="/held.js"></script><script>
    var kept = [];
    function more() {
      if (kept.length === 24) { setTimeout(function () { location.href = '/done'; }, 2000); return; }
      var b = new Uint8Array(64 * 1024 * 1024); b.fill(1); kept.push(b);
      setTimeout(more, 50);
    }
    more();
  </script>`,
};

let server: TestServer;
// The 60 bombs have a path of their own: a request of the 300-bomb flood still in flight is never counted as theirs.
// Each storm counts on a path of its own: a request the earlier storm had in flight, arriving after the next test
// reset the count, was once counted as the next storm's (100 against the bound of 99).
const served = { bombs: 0, bombs60: 0, items: 0, items150: 0, frames: 0 };
const renderer = new ChromiumRenderer();
const analyzer = new Analyzer({ renderer });

beforeAll(async () => {
  server = await startServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const page = PAGES[path];
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(page);
    } else if (path === '/held.js') {
      // Never answered; the server's close ends the socket.
    } else if (path === '/bomb' || path === '/bomb60') {
      if (path === '/bomb') served.bombs++;
      else served.bombs60++;
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip' });
      res.end(BOMB);
    } else {
      if (path === '/item') served.items++;
      if (path === '/item150') served.items150++;
      if (path === '/frame') served.frames++;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x');
    }
  });
  // The browser is started once for the instance, not per analysis: started here, outside the figures.
  await analyzer.analyze(`${server.origin}/warm`, OPTIONS);
}, 60_000);
afterAll(async () => {
  await analyzer.close();
  await server.close();
});

/** Samples this process's RSS and the summed RSS of its Chromium processes, keeping the peaks, in MB. */
function watchMemory() {
  const peaks = { service: 0, chromium: 0 };
  const sample = () => {
    peaks.service = Math.max(peaks.service, process.memoryUsage().rss / MIB);
    peaks.chromium = Math.max(
      peaks.chromium,
      descendants(process.pid, 'chromium').reduce((sum, pid) => sum + rssMb(pid), 0),
    );
  };
  const timer = setInterval(sample, 50);
  return () => {
    clearInterval(timer);
    sample();
    return peaks;
  };
}

/** The analysis, timed, with the memory peaks around it and this process's RSS once it has settled (≤ 30 s). */
async function measured(path: string) {
  globalThis.gc?.();
  const before = process.memoryUsage().rss / MIB;
  const stop = watchMemory();
  const started = performance.now();
  const result = await analyzer.analyze(`${server.origin}${path}`, OPTIONS);
  const ms = performance.now() - started;
  const peaks = stop();
  let after = process.memoryUsage().rss / MIB;
  for (let waited = 0; after - before > 50 && waited < 30_000; waited += 1000) {
    await delay(1000);
    globalThis.gc?.();
    after = process.memoryUsage().rss / MIB;
  }
  const figures = { path, ms: Math.round(ms), bound: ANALYSIS_BOUND_MS, before, ...peaks, after };
  console.log(JSON.stringify(figures, (_key, value) => (typeof value === 'number' ? Math.round(value) : value)));
  return { result, ms, before, after, peaks };
}

function incomplete(result: AnalysisResult) {
  return {
    reason: result.summary.renderIncomplete,
    finding: result.summary.issues.some((issue) => issue.type === 'render_incomplete'),
    hops: result.chain.length,
  };
}

describe('a rendered analysis under attack', () => {
  it('a page that fills memory has its context closed past 512 MB', async () => {
    const { result, ms, peaks } = await measured('/memory');
    expect(incomplete(result)).toEqual({ reason: 'memory_limit', finding: true, hops: 1 });
    expect(ms).toBeLessThan(ANALYSIS_BOUND_MS);
    // The context is gone: Chromium gives its memory back (its renderer exits), well under what the page took.
    await delay(2000);
    const chromium = descendants(process.pid, 'chromium').reduce((sum, pid) => sum + rssMb(pid), 0);
    expect(chromium).toBeLessThan(peaks.chromium - 300);
  }, 90_000);

  it('a flood of 300 decoded-byte bombs stops at a bound, within its time and memory', async () => {
    const { result, ms, before, after, peaks } = await measured('/bombs');
    // 300 requests at once pass the request bound before ten bombs pass the byte bound; either stops it.
    expect(['request_limit', 'byte_limit', 'timeout']).toContain(result.summary.renderIncomplete);
    expect(incomplete(result).finding).toBe(true);
    expect(served.bombs).toBeLessThanOrEqual(RENDER_BOUNDS_DEFAULTS.maxRequests - 1);
    expect(ms).toBeLessThan(ANALYSIS_BOUND_MS);
    expect(peaks.service - before).toBeLessThan(300);
    // Unbounded, this took the service to 10.6 GB and kept it. The first flood of a process leaves some tens of MB
    // with V8 and malloc (measured: 69 MB, without a forced GC); the later ones stay within 50 MB (below).
    expect(after - before).toBeLessThan(100);
  }, 90_000);

  it('60 bombs stop at the byte bound, decoding no more than 2 MiB of each', async () => {
    const { result, ms, before, after } = await measured('/bombs60');
    expect(incomplete(result)).toEqual({ reason: 'byte_limit', finding: true, hops: 1 });
    // 2 MiB decoded per response, 20 MiB per render: ten bombs, and those already in flight (6 at once).
    expect(served.bombs60).toBeLessThanOrEqual(
      RENDER_BOUNDS_DEFAULTS.maxRenderBytes / RENDER_BOUNDS_DEFAULTS.maxResponseBytes +
        RENDER_BOUNDS_DEFAULTS.maxParallelRequests,
    );
    expect(ms).toBeLessThan(ANALYSIS_BOUND_MS);
    expect(after - before).toBeLessThan(50);
  }, 90_000);

  it('150 requests stop at 100', async () => {
    served.items150 = 0;
    const { result, ms } = await measured('/storm150');
    expect(incomplete(result)).toEqual({ reason: 'request_limit', finding: true, hops: 1 });
    // The page's own document is the first of the hundred.
    expect(served.items150).toBeLessThanOrEqual(RENDER_BOUNDS_DEFAULTS.maxRequests - 1);
    expect(ms).toBeLessThan(ANALYSIS_BOUND_MS);
  }, 90_000);

  it('a storm of 3000 requests, and one of 2000 frames, stop at a bound with fewer than 100 sent', async () => {
    served.items = 0;
    for (const [path, count] of [
      ['/storm', () => served.items],
      ['/navigations', () => served.frames],
    ] as const) {
      const { result, ms } = await measured(path);
      // playwright-core hands the router thousands of pending requests slowly: the time bound may come first.
      expect(['request_limit', 'timeout']).toContain(result.summary.renderIncomplete);
      expect(count()).toBeLessThanOrEqual(RENDER_BOUNDS_DEFAULTS.maxRequests - 1);
      expect(ms).toBeLessThan(ANALYSIS_BOUND_MS);
    }
  }, 90_000);

  it('leaves the process by loopback only', () => {
    expect(tripwire.attempts.filter((attempt) => !attempt.allowed)).toEqual([]);
  });
});
