/**
 * Headers reach the browser one entry per header line (issue 41). The core keeps a repeated `Set-Cookie` apart by
 * newlines (RFC 6265 §3: its lines cannot be joined with commas); CDP `Fetch.fulfillRequest` takes `responseHeaders`
 * as a list of name/value entries and refuses a value holding a newline ("Invalid header: set-cookie"). Before, the
 * joined value was sent, the refusal swallowed, the document stayed paused until the wait ran out, and the page's
 * JavaScript redirect was missed (`render_incomplete: timeout`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/index.js';
import { headerLines } from '../../src/render/browser-response.js';
import { ChromiumRenderer } from '../../src/render/index.js';
import { installTripwire } from '../helpers/net-tripwire.js';
import { startServer, type TestServer } from '../helpers/servers.js';

installTripwire();

const OPTIONS = { allowNetworks: ['127.0.0.0/8'], render: true, renderWait: 1000, timeout: 5000, robots: false };

function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/two-cookies') {
    // Two header lines of the same name, as node:http writes an array.
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'set-cookie': ['a=1; Path=/', 'b=2; Path=/'],
    });
    res.end("<!doctype html><script>location.href = '/next?' + document.cookie.replace(/[; ]+/g, '&');</script>");
  } else {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('landed');
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

describe('response headers given to the browser', () => {
  it('are one entry per line: Set-Cookie twice stays twice', () => {
    expect(headerLines({ 'set-cookie': 'a=1; Path=/\nb=2; Path=/', 'content-type': 'text/html' })).toEqual([
      { name: 'set-cookie', value: 'a=1; Path=/' },
      { name: 'set-cookie', value: 'b=2; Path=/' },
      { name: 'content-type', value: 'text/html' },
    ]);
  });

  it('a page sent with two Set-Cookie headers renders, and its JavaScript redirect is found', async () => {
    const result = await analyzer.analyze(`${server.origin}/two-cookies`, OPTIONS);
    expect(result.summary.renderIncomplete).toBeUndefined();
    expect(result.chain.map((hop) => [new URL(hop.url).pathname + new URL(hop.url).search, hop.redirectVia])).toEqual([
      ['/two-cookies', 'javascript'],
      // Both cookies were set in the browser: the page read them back.
      ['/next?a=1&b=2', undefined],
    ]);
  }, 60_000);
});
