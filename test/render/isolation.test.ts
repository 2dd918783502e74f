/**
 * A rendered page reaches nothing the analysis's address policy refuses. The policy here allows only the page
 * server's own address (127.0.0.1/32); a counting listener on 127.0.0.2 (Linux routes all of 127/8 to loopback)
 * stands for every address it refuses, and must see no connection whatever the page's script tries: fetch, XHR, an
 * image, an iframe, a beacon, a worker's fetch, a WebSocket, or a navigation of the page itself. Under it all, the
 * tripwire refuses and records any connection of this process off loopback.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisResult, Analyzer } from '../../src/index.js';
import { ChromiumRenderer } from '../../src/render/index.js';
import { installTripwire } from '../helpers/net-tripwire.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const tripwire = installTripwire();

const OPTIONS = { allowNetworks: ['127.0.0.1/32'], render: true, renderWait: 2000 };

let page: TestServer;
let trap: TestServer;
const analyzer = new Analyzer({ renderer: new ChromiumRenderer() });

/**
 * Tries every way out to the trap, waits for each attempt to settle, then navigates to `/done?...` with what the
 * page saw, so the test knows the script ran to the end.
 */
function leakyPage(trapOrigin: string): string {
  const ws = trapOrigin.replace('http:', 'ws:');
  return `<!doctype html><html><body>
<img id="img" src="${trapOrigin}/img">
<iframe src="${trapOrigin}/frame"></iframe>
<script>
  var seen = {};
  function settle(name, promise) {
    return promise.then(function () { seen[name] = 'loaded'; }, function () { seen[name] = 'failed'; });
  }
  var xhr = new Promise(function (resolve, reject) {
    var request = new XMLHttpRequest();
    request.open('GET', '${trapOrigin}/xhr');
    request.onload = resolve; request.onerror = reject;
    request.send();
  });
  var socket = new Promise(function (resolve, reject) {
    var s = new WebSocket('${ws}/ws');
    s.onopen = resolve; s.onerror = reject; s.onclose = reject;
  });
  var worker = new Promise(function (resolve, reject) {
    var code = "fetch('${trapOrigin}/worker').then(function () { postMessage('loaded'); }, function () { postMessage('failed'); });";
    var w = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
    w.onmessage = function (event) { event.data === 'loaded' ? resolve() : reject(); };
    w.onerror = reject;
  });
  // A worker's WebSocket: the documents' guard script does not run in workers, and an IP literal needs no resolver.
  var workerSocket = new Promise(function (resolve, reject) {
    var code = "var s = new WebSocket('${ws}/worker-ws'); s.onopen = function () { postMessage('loaded'); };" +
      " s.onerror = s.onclose = function () { postMessage('failed'); };";
    var w = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
    w.onmessage = function (event) { event.data === 'loaded' ? resolve() : reject(); };
    w.onerror = reject;
  });
  var image = new Promise(function (resolve, reject) {
    var img = document.getElementById('img');
    if (img.complete) { img.naturalWidth > 0 ? resolve() : reject(); return; }
    img.onload = resolve; img.onerror = reject;
  });
  try { navigator.sendBeacon('${trapOrigin}/beacon', 'x'); } catch (e) {}
  seen.rtc = typeof RTCPeerConnection;
  Promise.all([
    settle('fetch', fetch('${trapOrigin}/fetch', { mode: 'no-cors' })),
    settle('xhr', xhr),
    settle('ws', socket),
    settle('worker', worker),
    settle('workerWs', workerSocket),
    settle('img', image),
    settle('own', fetch('/own')),
  ]).then(function () {
    location.href = '/done?' + new URLSearchParams(seen).toString();
  });
</script></body></html>`;
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/leaky') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(leakyPage(trap.origin));
  } else if (path === '/escape') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><script>location.href = '${trap.origin}/landing';</script>`);
  } else {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  }
}

beforeAll(async () => {
  page = await startServer(handle);
  trap = await startServer((_req, res) => res.end('trap'), '127.0.0.2');
});
afterAll(async () => {
  await analyzer.close();
  await Promise.all([page.close(), trap.close()]);
});

function hops(result: AnalysisResult): string[] {
  return result.chain.map((hop) => `${hop.status} ${hop.url.replace(page.origin, '')} ${hop.redirectVia ?? '-'}`);
}

describe('a rendered page under the address policy', () => {
  it('reaches no refused address by fetch, XHR, image, iframe, beacon, worker or WebSocket', async () => {
    const result = await analyzer.analyze(`${page.origin}/leaky`, OPTIONS);
    const done = new URL(result.chain.at(-1)!.url);
    expect(done.pathname).toBe('/done');
    expect(Object.fromEntries(done.searchParams)).toEqual({
      // The page's own origin is allowed, and reached through the core's fetch (the browser resolves no name).
      own: 'loaded',
      fetch: 'failed',
      xhr: 'failed',
      ws: 'failed',
      worker: 'failed',
      workerWs: 'failed',
      img: 'failed',
      rtc: 'undefined',
    });
    expect(hops(result)[0]).toBe('200 /leaky javascript');
    expect(page.requests).toContain('/own');
    expect(trap.connections()).toBe(0);
    expect(tripwire.attempts.filter((attempt) => !attempt.allowed)).toEqual([]);
  });

  it('ends the chain with blocked_destination when the script navigates to a refused address', async () => {
    const result = await analyzer.analyze(`${page.origin}/escape`, OPTIONS);
    expect(hops(result)).toEqual(['200 /escape javascript']);
    expect(result.summary.issues.map((issue) => issue.type)).toContain('blocked_destination');
    expect(trap.connections()).toBe(0);
  });
});
