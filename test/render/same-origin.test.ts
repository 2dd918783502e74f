/**
 * A rendered page keeps the same-origin policy a browser gives it, and sends nothing a plain analysis would not
 * (issue 22). The page is served on 127.0.0.2; a second server on 127.0.0.3, at the same port, is another address the
 * policy allows (an intranet host in HOPLENS_ALLOW_NETWORKS). The page tries to read it, write to it and make it
 * answer a preflight, directly and through a name that rebinds from the first address to the second. The second
 * server must see no DELETE, no OPTIONS and no body, only plain GETs, and nothing it served may reach the analysis.
 */
import { once } from 'node:events';

import type { IncomingMessage, ServerResponse } from 'node:http';
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuardedFetch } from '../../src/core/index.js';
import { type AnalysisResult, Analyzer } from '../../src/index.js';
import { CdpBrowser } from '../../src/render/cdp-browser.js';
import { ChromiumRenderer, chromiumPath, RENDER_BOUNDS_DEFAULTS } from '../../src/render/index.js';
import { IsolatedContext } from '../../src/render/isolated-context.js';
import { RenderBudget } from '../../src/render/render-budget.js';
import { RequestRouter } from '../../src/render/request-router.js';
import { installTripwire } from '../helpers/net-tripwire.js';
import { tableResolver } from '../helpers/resolvers.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const tripwire = installTripwire();

/** What the second server received: method, path, the headers that matter, and the bytes of body. */
interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  bodyBytes: number;
}

const SECRET = 'SECRET-OF-THE-SECOND-ADDRESS';
const OWN = 'OWN-CONTENT-OF-THE-PAGE';
const HTML = { 'content-type': 'text/html' };
const SHARED_HEADERS = { 'access-control-allow-origin': '*', 'x-origin': 'own' };

let page: TestServer;
let second: TestServer;
const seenBySecond: Seen[] = [];
const seenByPage: Seen[] = [];
const resolver = tableResolver({ 'rebind.test': (call) => (call === 0 ? '127.0.0.2' : '127.0.0.3') });
const analyzer = new Analyzer({ renderer: new ChromiumRenderer(), resolver });
const OPTIONS = {
  allowNetworks: ['127.0.0.2/32', '127.0.0.3/32'],
  render: true,
  renderWait: 3000,
  robots: false,
};

/** The page's report: where it goes when its attempts have settled, on the page server's address (never renamed). */
function done(what: string): string {
  return `location.href = PAGE + '/done?' + new URLSearchParams(${what}).toString();`;
}

/** Runs `attempt` (a promise of the body text) and reports the body it read, or that it failed. */
function attemptPage(attempt: string): string {
  return `<!doctype html><script>
  (${attempt}).then(function (text) { return { got: text }; }, function (e) { return { failed: e.name }; })
    .then(function (seen) { ${done('seen')} });
</script>`;
}

const PAGES: Record<string, string> = {
  // Read: a cross-origin GET whose response shares nothing (no Access-Control-Allow-Origin).
  '/read': attemptPage(`fetch(SECOND + '/secret').then(function (r) { return r.text(); })`),
  // Read with credentials, as an attacker would for an intranet session.
  '/read-credentials': attemptPage(
    `fetch(SECOND + '/secret', { credentials: 'include' }).then(function (r) { return r.text(); })`,
  ),
  // Write: a DELETE with Authorization and a JSON body (a browser would preflight it).
  '/write': attemptPage(`fetch(SECOND + '/item', { method: 'DELETE', headers: { Authorization: 'Bearer stolen',
    'Content-Type': 'application/json' }, body: '{"drop":"all"}' }).then(function (r) { return r.text(); })`),
  // A simple cross-origin POST needs no preflight in a browser; it still never leaves this one.
  '/simple-post': attemptPage(`fetch(SECOND + '/item', { method: 'POST', mode: 'no-cors', body: 'a=1' })
    .then(function () { return 'sent'; })`),
  // Preflight: a GET with a header of the script's own needs one.
  '/preflight': attemptPage(
    `fetch(SECOND + '/secret', { headers: { 'X-Token': 'x' } }).then(function (r) { return r.text(); })`,
  ),
  // Same origin, with credentials and a method that writes: still only GET and HEAD leave the browser.
  '/own-write': attemptPage(`fetch('/own', { method: 'DELETE', headers: { Authorization: 'Bearer stolen' } })
    .then(function (r) { return r.text(); })`),
  // Same origin, a GET with Authorization: sent, without it.
  '/own-read': attemptPage(
    `fetch('/own', { headers: { Authorization: 'Bearer stolen' } }).then(function (r) { return r.text(); })`,
  ),
  // Rebinding: the page's own origin, by a name that now resolves to the second address.
  '/rebind': attemptPage(`fetch('/secret').then(function (r) { return r.text(); })`),
  // A form sent by POST: the navigation is never sent.
  '/form': `<!doctype html><form method="post" action="SECOND/submit"><input name="a" value="b"></form>
<script>document.forms[0].submit();</script>`,
  // The same to the page's own origin, where a GET of the action would reach the server that served the page.
  '/own-form': `<!doctype html><form method="post" action="/own-submit"><input name="a" value="b"></form>
<script>document.forms[0].submit();</script>`,
};

async function record(req: IncomingMessage, into: Seen[]): Promise<void> {
  let bodyBytes = 0;
  req.on('data', (chunk: Buffer) => {
    bodyBytes += chunk.length;
  });
  await once(req, 'end');
  into.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, bodyBytes });
}

beforeAll(async () => {
  page = await startServer(async (req: IncomingMessage, res: ServerResponse) => {
    await record(req, seenByPage);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const body = PAGES[path];
    // No keep-alive: every request of the render needs a connection of its own, and so a lookup of its host.
    res.setHeader('connection', 'close');
    if (body !== undefined) {
      res.writeHead(200, HTML);
      const head = `<script>var SECOND = '${second.origin}', PAGE = '${page.origin}';</script>`;
      res.end(head + body.replace('SECOND/', `${second.origin}/`));
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(path === '/secret' || path === '/own' ? OWN : 'done');
    }
  }, '127.0.0.2');
  // The same port on the second address: a name rebound from one to the other keeps its origin.
  second = await startServer(
    async (req, res) => {
      await record(req, seenBySecond);
      // `/shared` is what its origin lets any page read; nothing else is shared.
      const shared = req.url === '/shared';
      res.writeHead(200, { 'content-type': 'text/plain', ...(shared && SHARED_HEADERS) });
      res.end(shared ? 'shared' : SECRET);
    },
    '127.0.0.3',
    page.port,
  );
});
afterAll(async () => {
  await analyzer.close();
  await Promise.all([page.close(), second.close()]);
});

/** What the page reported, from the last hop's URL. */
function report(result: AnalysisResult): Record<string, string> {
  const last = new URL(result.chain.at(-1)!.url);
  expect(last.pathname).toBe('/done');
  return Object.fromEntries(last.searchParams);
}

function secondSince(mark: number): Seen[] {
  return seenBySecond.slice(mark);
}

describe('a rendered page against another allowed address', () => {
  it('cannot read a cross-origin response that shares nothing (the second server sees one plain GET)', async () => {
    for (const path of ['/read', '/read-credentials']) {
      const mark = seenBySecond.length;
      const result = await analyzer.analyze(`${page.origin}${path}`, OPTIONS);
      // Fetch standard, §4.9 "CORS check": no Access-Control-Allow-Origin, a network error (TypeError) to the script.
      expect(report(result)).toEqual({ failed: 'TypeError' });
      expect(JSON.stringify(result)).not.toContain(SECRET);
      // A browser sends the GET and withholds the answer; so does this one, with nothing but a GET.
      expect(secondSince(mark)).toEqual([{ method: 'GET', url: '/secret', authorization: undefined, bodyBytes: 0 }]);
    }
  });

  it('cannot write: a DELETE with Authorization and a body, and a simple POST, never leave the browser', async () => {
    const mark = seenBySecond.length;
    for (const path of ['/write', '/simple-post']) {
      const result = await analyzer.analyze(`${page.origin}${path}`, OPTIONS);
      expect(report(result)).toEqual({ failed: 'TypeError' });
    }
    expect(secondSince(mark)).toEqual([]);
  });

  it('gets no preflight answered: a request that needs one is refused, and no OPTIONS is sent', async () => {
    const mark = seenBySecond.length;
    const result = await analyzer.analyze(`${page.origin}/preflight`, OPTIONS);
    // Fetch standard, §4.8 "CORS-preflight fetch": a header outside the safelist needs the origin's consent first.
    expect(report(result)).toEqual({ failed: 'TypeError' });
    expect(secondSince(mark)).toEqual([]);
  });

  it('sends its own origin GETs without Authorization, and no other method', async () => {
    const mark = seenByPage.length;
    expect(report(await analyzer.analyze(`${page.origin}/own-write`, OPTIONS))).toEqual({ failed: 'TypeError' });
    expect(report(await analyzer.analyze(`${page.origin}/own-read`, OPTIONS))).toEqual({ got: OWN });
    const own = seenByPage.slice(mark).filter((seen) => seen.url === '/own');
    expect(own).toEqual([{ method: 'GET', url: '/own', authorization: undefined, bodyBytes: 0 }]);
  });

  it('cannot reach the second address through its own name rebound to it', async () => {
    const mark = seenBySecond.length;
    const connections = second.connections();
    const result = await analyzer.analyze(`http://rebind.test:${page.port}/rebind`, OPTIONS);
    // The name resolves once for the render, to the address its hop was connected to, as a browser's DNS cache does.
    expect(report(result)).toEqual({ got: OWN });
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(resolver.calls.filter((name) => name === 'rebind.test').length).toBeLessThanOrEqual(1);
    expect(secondSince(mark)).toEqual([]);
    expect(second.connections()).toBe(connections);
  });

  it('ends the chain at a form sent by POST, with a finding naming its method and action, and sends nothing', async () => {
    const mark = seenBySecond.length;
    const result = await analyzer.analyze(`${page.origin}/form`, OPTIONS);
    expect(result.chain.map((hop) => hop.url)).toEqual([`${page.origin}/form`]);
    expect(result.summary.renderIncomplete).toBe('form_post');
    const finding = result.summary.issues.find((issue) => issue.type === 'render_incomplete');
    expect(finding?.message).toContain(`POST to ${second.origin}/submit`);
    expect(secondSince(mark)).toEqual([]);
  });

  it('never sends a form POST to its own origin, nor requests its action as a GET instead (issue 27)', async () => {
    const mark = seenByPage.length;
    const result = await analyzer.analyze(`${page.origin}/own-form`, OPTIONS);
    expect(result.chain.map((hop) => hop.url)).toEqual([`${page.origin}/own-form`]);
    expect(result.summary.renderIncomplete).toBe('form_post');
    // The page was asked for (by the hop, then by the render); its action never was, by any method.
    const since = seenByPage.slice(mark);
    expect(since.filter((seen) => seen.url.startsWith('/own-submit'))).toEqual([]);
    expect(since.every((seen) => seen.method === 'GET' && seen.url === '/own-form')).toBe(true);
  });

  it('leaves the process by loopback only', () => {
    expect(tripwire.attempts.filter((attempt) => !attempt.allowed)).toEqual([]);
  });
});

/**
 * The page in Chromium directly, with the renderer's own context and router, to read the response headers Chromium was
 * given (CDP `Network.responseReceived`): the router's answer, and nothing added on the way (playwright-core's
 * route.fulfill, which the renderer used before, added `access-control-allow-origin: <origin>` to a cross-origin
 * response without one; the request rules still refuse such a response themselves, `corsAllows`).
 */
async function headersChromiumGets(path: string): Promise<{ headers?: Record<string, string>; failed?: boolean }> {
  const browser = await CdpBrowser.launch(chromiumPath(), 20_000);
  try {
    const budget = new RenderBudget(RENDER_BOUNDS_DEFAULTS, () => {});
    const guardedFetch: GuardedFetch = async (request) => {
      const response = await undiciRequest(request.url, { method: request.method as 'GET', headers: request.headers });
      const body = Buffer.from(await response.body.arrayBuffer());
      return { status: response.statusCode, headers: response.headers as Record<string, string>, body };
    };
    const router = new RequestRouter({ fetch: guardedFetch, budget, onNavigation: () => {} });
    const target = `${second.origin}${path}`;
    const requested = new Set<string>();
    let answer: (outcome: { headers?: Record<string, string>; failed?: boolean }) => void = () => {};
    const answered = new Promise<{ headers?: Record<string, string>; failed?: boolean }>((resolve) => {
      answer = resolve;
    });
    const onPageEvent = (method: string, params: Record<string, unknown>) => {
      const { requestId } = params as { requestId: string };
      if (method === 'Network.requestWillBeSent') {
        if ((params.request as { url: string }).url === target) requested.add(requestId);
      } else if (method === 'Network.responseReceived' && requested.has(requestId)) {
        const { headers } = params.response as { headers: Record<string, string> };
        answer({ headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) });
      } else if (method === 'Network.loadingFailed' && requested.has(requestId)) {
        answer({ failed: true });
      }
    };
    const context = await IsolatedContext.open(browser, 'hoplens-test', {
      onRequest: (request) => router.route(request),
      onLoad: () => {},
      onCrash: () => {},
      onPageEvent,
    });
    const send = (method: string, params: object) => browser.connection.send(method, params, context.session);
    await send('Network.enable', {});
    await context.navigate(`${page.origin}/blank`, 20_000);
    await send('Runtime.evaluate', {
      expression: `fetch(${JSON.stringify(target)}).catch(() => undefined)`,
      awaitPromise: true,
    });
    return await answered;
  } finally {
    await browser.close();
  }
}

describe('the response headers Chromium is given for a cross-origin fetch', () => {
  it('are exactly the origin’s own when it shares the response', async () => {
    const { headers } = await headersChromiumGets('/shared');
    // Plus the length of the decoded body, which the fulfilment states (the core's own is dropped with its coding).
    expect(headers).toEqual({
      ...SHARED_HEADERS,
      'content-type': 'text/plain',
      date: expect.any(String),
      'content-length': '6',
    });
    expect(headers?.['access-control-allow-origin']).toBe('*');
  }, 60_000);

  it('are none when it does not: the request fails, with no allow-all header added', async () => {
    expect(await headersChromiumGets('/secret')).toEqual({ failed: true });
  }, 60_000);
});
