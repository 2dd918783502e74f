/**
 * DevTools command discipline against the real Chromium (issue 41): a command's promise ends when its session
 * detaches or the browser goes away, not at its timeout; a step the browser refuses is logged and counted, and what it
 * was for still ends (a paused request refused its response is failed, never left paused). Flat sessions end with
 * `Target.detachedFromTarget` (the DevTools protocol's Target domain); `Fetch.fulfillRequest` refuses a status code
 * outside what Chromium can state ("Invalid http status code or phrase").
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/index.js';
import { CdpBrowser } from '../../src/render/cdp-browser.js';
import { ChromiumRenderer, chromiumPath } from '../../src/render/index.js';
import { IsolatedContext } from '../../src/render/isolated-context.js';
import { installTripwire } from '../helpers/net-tripwire.js';

installTripwire();

const OPTIONS = { allowNetworks: ['127.0.0.0/8'], render: true, renderWait: 1000, timeout: 5000, robots: false };
const NEVER = { expression: 'new Promise(() => {})', awaitPromise: true };

/** Raw HTTP, for a status line node:http would not write: `999 Odd`, which the core reads and Chromium refuses. */
function handle(request: string): string {
  const path = request.split(' ')[1];
  const close = 'connection: close\r\n';
  if (path === '/') {
    const page = `<script>fetch('/odd').then(function () { location.href = '/after?given'; },
      function () { location.href = '/after?failed'; });</script>`;
    return `HTTP/1.1 200 OK\r\ncontent-type: text/html\r\n${close}\r\n${page}`;
  }
  if (path === '/odd') return `HTTP/1.1 999 Odd\r\ncontent-type: text/plain\r\ncontent-length: 2\r\n${close}\r\nhi`;
  return `HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 6\r\n${close}\r\nlanded`;
}

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((socket) => socket.once('data', (data) => socket.end(handle(data.toString('latin1')))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A browser and a render's context in it, its page at about:blank. */
async function openContext() {
  const browser = await CdpBrowser.launch(chromiumPath(), 20_000);
  const context = await IsolatedContext.open(browser, 'hoplens-test', {
    onRequest: () => Promise.resolve(undefined),
    onLoad: () => {},
    onCrash: () => {},
  });
  return { browser, context };
}

describe('DevTools commands', () => {
  it('a response Chromium refuses to be given fails the request, logged and counted: the page goes on', async () => {
    const logged: string[] = [];
    const renderer = new ChromiumRenderer({ onError: (error) => logged.push(error.message) });
    const analyzer = new Analyzer({ renderer });
    try {
      const result = await analyzer.analyze(`${origin}/`, OPTIONS);
      // Before, the refusal was dropped and the fetch stayed paused: no navigation, the wait ran out.
      expect(result.chain.map((hop) => new URL(hop.url).pathname + new URL(hop.url).search)).toEqual([
        '/',
        '/after?failed',
      ]);
      expect(result.summary.renderIncomplete).toBeUndefined();
      expect(renderer.errors).toBe(1);
      expect(logged).toEqual([expect.stringMatching(/answering GET .*\/odd failed: Fetch.fulfillRequest: Invalid/)]);
    } finally {
      await analyzer.close();
    }
  }, 60_000);

  it('waiting on a page is rejected as soon as its session detaches, not at its timeout', async () => {
    const { browser, context } = await openContext();
    try {
      const pending = browser.connection.send('Runtime.evaluate', NEVER, context.session, 60_000);
      const outcome = pending.catch((error: unknown) => error);
      const started = performance.now();
      await context.close();
      expect(await outcome).toMatchObject({ code: 'CDP_SESSION_GONE' });
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(browser.errors.count).toBe(0);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('waiting on a page is rejected as soon as the browser goes away', async () => {
    const { browser, context } = await openContext();
    const pending = browser.connection.send('Runtime.evaluate', NEVER, context.session, 60_000);
    const outcome = pending.catch((error: unknown) => error);
    const started = performance.now();
    // Gone, not closed politely (which detaches every session first).
    process.kill(browser.pid, 'SIGKILL');
    expect(await outcome).toMatchObject({ code: 'CDP_CLOSED' });
    expect(performance.now() - started).toBeLessThan(10_000);
    await browser.close();
  }, 60_000);
});
