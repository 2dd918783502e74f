/**
 * A response undici's strict parser refuses for a byte in a header value that browsers accept (issue 27: a form feed
 * in a `Refresh` header, `1;\furl=foo`). The hop's GET is sent once more with Node's lenient parser
 * (src/core/hop/lenient-request.ts), through the same guarded connector: the analysis goes where Chromium goes, the
 * address policy still holds on that second connection, and the hop's timeout still bounds it.
 *
 * Where Chromium goes: Blink reads a `Refresh` header with SPACE and TAB as its only whitespace
 * (third_party/blink/renderer/platform/network/http_parsers.h, `ParseHTTPRefresh`: "if nullptr is specified, ' ' and
 * '\t' are treated as whitespace characters"; core/dom/document.cc passes the HTML standard's whitespace for a meta
 * refresh only), so the URL is "\furl=foo", whose leading control character the URL standard's parser strips
 * (WHATWG URL, basic URL parser: leading C0 control or space removed): `url=foo`, relative to the page. Checked side
 * by side with Chromium in test/core/page-reading-chromium.test.ts.
 */
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type AnalyzeOptions, Analyzer } from '../../src/index.js';
import { afterRequestHead, pathOf, startHostile } from '../helpers/hostile-servers.js';
import { tableResolver } from '../helpers/resolvers.js';
import { type RawServer, startRawServer } from '../helpers/servers.js';
import { createTestPki } from '../helpers/tls-certificates.js';
import { closeAfterEach, LOOPBACK, rejection, SHORT_TIMEOUT, since } from './helpers/analysis.js';

const track = closeAfterEach();

const FORM_FEED_PAGE = [
  'HTTP/1.1 200 OK',
  'Content-Type: text/html',
  'Refresh: 1;\furl=foo',
  'Content-Length: 13',
  '',
  '<p>Moved.</p>',
].join('\r\n');
const LANDED = 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 10\r\n\r\n<p>Here.</p>';

/** A raw server answering `/page` with `page` and anything else with a plain page; it logs each request's line. */
async function pageServer(
  page: (socket: Socket, seen: number) => void,
  host = '127.0.0.1',
): Promise<RawServer & { lines: string[] }> {
  const lines: string[] = [];
  const server = await startRawServer(
    (socket) =>
      afterRequestHead(socket, (head) => {
        lines.push(head.split('\r\n')[0]!);
        if (pathOf(head) === '/page') page(socket, lines.filter((line) => line.includes(' /page ')).length);
        else socket.end(LANDED);
      }),
    host,
  );
  return Object.assign(server, { lines });
}

describe('a Refresh header with a form feed', () => {
  it('is read, not failed, and goes where Chromium goes', async () => {
    const server = await track(pageServer((socket) => socket.end(FORM_FEED_PAGE)));
    const analyzer = await track(new Analyzer());
    const result = await analyzer.analyze(`${server.origin}/page`, LOOPBACK);
    expect(result.chain.map((hop) => [new URL(hop.url).pathname, hop.status])).toEqual([
      ['/page', 200],
      ['/url=foo', 200],
    ]);
    expect(result.chain[0]).toMatchObject({ redirectVia: 'refresh-header', redirectType: 'temporary' });
    // GET is safe (RFC 9110 §9.2.1): the page is asked twice, once by undici and once leniently; nothing else is.
    expect(server.lines).toEqual(['GET /page HTTP/1.1', 'GET /page HTTP/1.1', 'GET /url=foo HTTP/1.1']);
  });

  it('goes over HTTPS too, through the connector that checks the certificate against the pool trust', async () => {
    const host = 'secure.test';
    const pki = createTestPki(host);
    const lines: string[] = [];
    const server = await track(
      startHostile(
        (socket) =>
          afterRequestHead(socket, (head) => {
            lines.push(head.split('\r\n')[0]!);
            socket.end(pathOf(head) === '/page' ? FORM_FEED_PAGE : LANDED);
          }),
        { tls: pki.valid },
      ),
    );
    const analyzer = await track(new Analyzer({ resolver: tableResolver({ [host]: '127.0.0.1' }), ca: pki.ca }));
    const result = await analyzer.analyze(`https://${host}:${server.port}/page`, LOOPBACK);
    expect(result.chain.map((hop) => new URL(hop.url).pathname)).toEqual(['/page', '/url=foo']);
    expect(lines).toEqual(['GET /page HTTP/1.1', 'GET /page HTTP/1.1', 'GET /url=foo HTTP/1.1']);
  });

  it('keeps the page body for its signals, as a strict response would', async () => {
    const body = '<link rel="canonical" href="/canonical"><p>Moved.</p>';
    const head = `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nRefresh: 5;\furl=foo\r\nContent-Length: ${body.length}`;
    const server = await track(pageServer((socket) => socket.end(`${head}\r\n\r\n${body}`)));
    const analyzer = await track(new Analyzer());
    // Reported, not followed: the chain ends on the page, whose HTML is read.
    const result = await analyzer.analyze(`${server.origin}/page`, { ...LOOPBACK, clientRedirects: 'report' });
    expect(result.chain).toHaveLength(1);
    expect(result.summary.canonical).toBe(`${server.origin}/canonical`);
  });

  it('sends it again only through the address policy: a name rebound to a blocked address is refused', async () => {
    // 127.0.0.2 stands in for a public address, 127.0.0.1 for the private one the guard protects (as in
    // test/core/dns-guard.test.ts); the second look-up, for the lenient connection, answers the private one.
    const stand = await track(pageServer((socket) => socket.end(FORM_FEED_PAGE), '127.0.0.2'));
    const resolver = tableResolver({ 'rebind.test': (call) => (call === 0 ? '127.0.0.2' : '127.0.0.1') });
    const analyzer = await track(new Analyzer({ resolver }));
    const options: AnalyzeOptions = { allowNetworks: ['127.0.0.2/32'], robots: false };
    const failure = await rejection(
      analyzer.analyze(`http://rebind.test:${stand.port}/page`, options),
      'BLOCKED_DESTINATION',
    );
    expect(failure.message).toContain('127.0.0.1');
    expect(resolver.calls).toEqual(['rebind.test', 'rebind.test']);
    expect(stand.lines).toEqual(['GET /page HTTP/1.1']);
  });

  it('is bounded by the hop timeout, the first attempt included', async () => {
    // The first answer comes at once; the lenient request's never does.
    const server = await track(pageServer((socket, seen) => (seen === 1 ? socket.end(FORM_FEED_PAGE) : undefined)));
    const analyzer = await track(new Analyzer());
    const started = performance.now();
    await rejection(analyzer.analyze(`${server.origin}/page`, { ...LOOPBACK, timeout: SHORT_TIMEOUT }), 'TIMEOUT');
    expect(since(started)).toBeLessThan(SHORT_TIMEOUT + 1_000);
    expect(server.lines).toEqual(['GET /page HTTP/1.1', 'GET /page HTTP/1.1']);
  });

  it('still fails a NUL in a header value: only the form feed is let through', async () => {
    const nul =
      'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nRefresh: 0;\furl=foo\r\nX-Nul: a\0b\r\nContent-Length: 0\r\n\r\n';
    const server = await track(pageServer((socket) => socket.end(nul)));
    const analyzer = await track(new Analyzer());
    await rejection(analyzer.analyze(`${server.origin}/page`, LOOPBACK), 'PROTOCOL_ERROR');
    expect(server.lines).toEqual(['GET /page HTTP/1.1', 'GET /page HTTP/1.1']);
  });

  it('still fails a response the lenient parser refuses too', async () => {
    const server = await track(pageServer((socket) => socket.end('HTTP/1.1 200 OK\r\nBad Header\r\n\r\n')));
    const analyzer = await track(new Analyzer());
    await rejection(analyzer.analyze(`${server.origin}/page`, LOOPBACK), 'PROTOCOL_ERROR');
    // Not a header value byte: not sent again.
    expect(server.lines).toEqual(['GET /page HTTP/1.1']);
  });
});
