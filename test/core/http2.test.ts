/**
 * HTTPS hops over HTTP/2: negotiated by ALPN when the server offers it (RFC 9113 §3.2), HTTP/1.1 with `http2: false`.
 * The following, bounds, address-policy and failure behaviours of following.test.ts, stops.test.ts, dns-guard.test.ts
 * and failures.test.ts, run again against a node:http2 server.
 */
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedConnector } from '../../src/core/address/guarded-connector.js';
import { AddressPolicy, Analyzer } from '../../src/index.js';
import { type Http2Route, startHttp2Server } from '../helpers/http2-servers.js';
import { tableResolver } from '../helpers/resolvers.js';
import { closedPort } from '../helpers/servers.js';
import { createTestPki, type TestPki } from '../helpers/tls-certificates.js';
import { closeAfterEach, LOOPBACK, rejection, SHORT_TIMEOUT, since } from './helpers/analysis.js';

const HOST = 'h2.test';
const resolver = tableResolver({ [HOST]: '127.0.0.1' });
let pki: TestPki;
let analyzer: Analyzer;
const track = closeAfterEach();

beforeAll(() => {
  pki = createTestPki(HOST);
  analyzer = new Analyzer({ resolver, ca: pki.ca });
});
afterAll(() => analyzer.close());

function h2(routes: Record<string, Http2Route>, allowHTTP1 = false) {
  return track(startHttp2Server(routes, { ...pki.valid, host: HOST, allowHTTP1 }));
}

describe('following over HTTP/2', () => {
  it('follows a 301 → 302 → 308 chain on one HTTP/2 connection, with the standard reason phrases', async () => {
    const server = await h2({
      '/a': { status: 301, location: '/b' },
      '/b': { status: 302, location: '{origin}/c' },
      '/c': { status: 308, location: '/d' },
      '/d': { status: 200, body: 'done', headers: { 'content-type': 'text/plain' } },
    });
    const result = await analyzer.analyze(`${server.origin}/a`, LOOPBACK);
    // HTTP/2 has no reason phrase (RFC 9113 §8.3.2): the standard one is reported.
    expect(result.chain.map((hop) => [hop.status, hop.statusText, hop.httpVersion, hop.reusedConnection])).toEqual([
      [301, 'Moved Permanently', '2', false],
      [302, 'Found', '2', true],
      [308, 'Permanent Redirect', '2', true],
      [200, 'OK', '2', true],
    ]);
    expect(result.summary.finalUrl).toBe(`${server.origin}/d`);
    expect(server.requests).toEqual(['/a', '/b', '/c', '/d']);
    expect(server.connections()).toBe(1);
  });

  it('sends the next hop and the next analysis on the same session as soon as a stream ends', async () => {
    // No event-loop turn is waited between HTTP/2 hops (src/core/hop/sender.ts): a stream's end frees its session at
    // once (RFC 9113 §5.1, a closed stream takes no more of the session), so every hop of five analyses in a row, each
    // begun the moment the last one resolves, still goes on the one connection.
    const server = await h2({
      '/one': { status: 301, location: '/two' },
      '/two': { status: 302, location: '/end' },
      '/end': { status: 200, body: 'end', headers: { 'content-type': 'text/plain' } },
    });
    const reuse: boolean[][] = [];
    for (let i = 0; i < 5; i++) {
      const result = await analyzer.analyze(`${server.origin}/one`, LOOPBACK);
      reuse.push(result.chain.map((hop) => hop.reusedConnection === true));
    }
    expect(reuse).toEqual([[false, true, true], ...Array.from({ length: 4 }, () => [true, true, true])]);
    expect(server.connections()).toBe(1);
  });

  it('speaks HTTP/1.1 with http2: false, on connections pooled apart from HTTP/2 ones', async () => {
    const server = await h2({ '/': { status: 200 } }, true);
    const first = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    const second = await analyzer.analyze(`${server.origin}/`, { ...LOOPBACK, http2: false });
    expect(first.chain[0]).toMatchObject({ httpVersion: '2', reusedConnection: false });
    // The pooled HTTP/2 connection is not used: a new one is opened, and it speaks HTTP/1.1.
    expect(second.chain[0]).toMatchObject({ httpVersion: '1.1', reusedConnection: false, statusText: 'OK' });
    expect(server.connections()).toBe(2);
  });

  it('detects a loop', async () => {
    const server = await h2({ '/a': { status: 301, location: '/b' }, '/b': { status: 302, location: '/a' } });
    const result = await analyzer.analyze(`${server.origin}/a`, LOOPBACK);
    expect(result.summary.hasLoop).toBe(true);
    expect(result.summary.issues).toContainEqual(expect.objectContaining({ type: 'redirect_loop', loopsTo: 0 }));
  });

  it('stops at maxHops', async () => {
    const routes: Record<string, Http2Route> = {};
    for (let i = 0; i < 6; i++) routes[`/hop/${i}`] = { status: 301, location: `/hop/${i + 1}` };
    const server = await h2(routes);
    const result = await analyzer.analyze(`${server.origin}/hop/0`, { ...LOOPBACK, maxHops: 3 });
    expect(result.chain).toHaveLength(3);
    expect(result.summary.issues).toContainEqual(expect.objectContaining({ type: 'max_hops_reached' }));
    expect(server.requests).toEqual(['/hop/0', '/hop/1', '/hop/2']);
  });
});

describe('bounds over HTTP/2', () => {
  it('times out a stream the server never answers, within timeout + 1 s', async () => {
    const server = await h2({ '/': { status: 302, location: '/silent' }, '/silent': 'silent' });
    const started = performance.now();
    const error = await rejection(
      analyzer.analyze(`${server.origin}/`, { ...LOOPBACK, timeout: SHORT_TIMEOUT }),
      'TIMEOUT',
    );
    expect(since(started)).toBeLessThan(SHORT_TIMEOUT + 1_000);
    expect(error.chain.map((hop) => hop.status)).toEqual([302]);
    expect(error.details.url).toBe(`${server.origin}/silent`);
  });
});

describe('address policy over HTTP/2', () => {
  it('refuses a name that resolves to a blocked address, before connecting', async () => {
    const server = await h2({ '/': { status: 200 } });
    const error = await rejection(analyzer.analyze(`${server.origin}/`), 'BLOCKED_DESTINATION');
    expect(error.message).toContain('127.0.0.1');
    expect(server.connections()).toBe(0);
  });

  it('checks the address an ALPN-negotiating socket connected to', async () => {
    const server = await h2({ '/': { status: 200 } });
    const strict = new AddressPolicy({ blockPrivate: true, allowNetworks: [] });
    const connect = createGuardedConnector({ policy: strict, resolver, connectTimeout: 2_000, allowH2: true });
    const outcome = await new Promise<unknown>((resolve) => {
      connect({ hostname: '127.0.0.1', protocol: 'https:', port: String(server.port) }, (error, socket) => {
        (socket as TLSSocket | null)?.destroy();
        resolve(error ?? socket);
      });
    });
    expect(outcome).toMatchObject({ code: 'BLOCKED_DESTINATION' });
  });

  it('stops at a redirect to a blocked literal, with blocked_destination', async () => {
    const server = await h2({ '/': { status: 301, location: 'http://169.254.169.254/latest/meta-data/' } });
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.chain.map((hop) => hop.httpVersion)).toEqual(['2']);
    expect(result.summary.issues).toContainEqual(expect.objectContaining({ type: 'blocked_destination', hop: 0 }));
  });
});

describe('failures with HTTP/2 offered', () => {
  it('reports a refused connection', async () => {
    const port = await closedPort();
    await rejection(analyzer.analyze(`https://${HOST}:${port}/`, LOOPBACK), 'CONNECTION_REFUSED');
  });

  it('fails an HTTP/2 server whose certificate has expired with TLS_ERROR, in words', async () => {
    const server = await track(startHttp2Server({ '/': { status: 200 } }, { ...pki.expired, host: HOST }));
    const error = await rejection(analyzer.analyze(`${server.origin}/`, LOOPBACK), 'TLS_ERROR');
    expect(error.details.reason).toBe('expired');
  });

  it('fails an HTTP/2 server whose certificate is for another host with TLS_ERROR', async () => {
    const server = await track(startHttp2Server({ '/': { status: 200 } }, { ...pki.wrongHost, host: HOST }));
    const error = await rejection(analyzer.analyze(`${server.origin}/`, LOOPBACK), 'TLS_ERROR');
    expect(error.details.reason).toBe('wrong-host');
  });
});
