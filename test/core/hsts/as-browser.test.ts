/**
 * `asBrowser`: the chain as a returning browser follows it. A host that sent a valid Strict-Transport-Security over
 * HTTPS has later `http://` requests to it upgraded before they are sent (RFC 6797 §8.3), shown as Chromium shows it:
 * an internal `307` with `Non-Authoritative-Reason: HSTS`. The server here speaks HTTP and HTTPS on one port, as the
 * upgrade keeps an explicit port other than 80 (§8.3 item 5).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer, HstsStore } from '../../../src/index.js';
import { type DualServer, startDualServer } from '../../helpers/dual-protocol-server.js';
import { tableResolver } from '../../helpers/resolvers.js';
import { createTestPki, type TestPki } from '../../helpers/tls-certificates.js';
import { LOOPBACK } from '../helpers/analysis.js';

const HOST = 'browser.test';
const ONE_YEAR = 'max-age=31536000';
type Answer = { status: number; to?: string; sts?: string };
let routes: Record<string, Answer> = {};
const requests: string[] = [];
let pki: TestPki;
let analyzer: Analyzer;
let server: DualServer;
let port: number;

function answer(scheme: 'http' | 'https', req: IncomingMessage, res: ServerResponse) {
  requests.push(`${scheme} ${req.url}`);
  const route = routes[`${scheme} ${req.url}`] ?? { status: 404 };
  const headers: Record<string, string> = { 'content-type': 'text/plain' };
  if (route.to !== undefined) headers.location = route.to.replace('PORT', String(port));
  if (route.sts !== undefined) headers['strict-transport-security'] = route.sts;
  res.writeHead(route.status, headers).end('ok');
}

beforeAll(async () => {
  pki = createTestPki(HOST, [HOST, `www.${HOST}`]);
  analyzer = new Analyzer({
    resolver: tableResolver({ [HOST]: '127.0.0.1', [`www.${HOST}`]: '127.0.0.1' }),
    ca: pki.ca,
  });
  server = await startDualServer(pki.valid, answer);
  port = server.port;
});
afterAll(async () => {
  await analyzer.close();
  await server.close();
});

/** http → https (HSTS) → a redirect back to http, then a page: the classic mistake a returning browser never sends. */
const BACK_TO_HTTP: Record<string, Answer> = {
  'http /': { status: 301, to: `https://${HOST}:PORT/a` },
  'https /a': { status: 301, to: `http://${HOST}:PORT/b`, sts: ONE_YEAR },
  'http /b': { status: 301, to: `https://${HOST}:PORT/b` },
  'https /b': { status: 200, sts: ONE_YEAR },
};

async function analyse(table: Record<string, Answer>, path: string, options = {}) {
  routes = table;
  requests.length = 0;
  return analyzer.analyze(`http://${HOST}:${port}${path}`, { ...LOOPBACK, ...options });
}

describe('asBrowser', () => {
  it('upgrades a later http:// request to a host that sent HSTS, without sending it', async () => {
    const result = await analyse(BACK_TO_HTTP, '/', { asBrowser: true });
    expect(result.chain.map((hop) => [hop.url, hop.status, hop.redirectVia])).toEqual([
      [`http://${HOST}:${port}/`, 301, 'http'],
      [`https://${HOST}:${port}/a`, 301, 'http'],
      [`http://${HOST}:${port}/b`, 307, 'hsts'],
      [`https://${HOST}:${port}/b`, 200, undefined],
    ]);
    expect(result.chain[2]).toMatchObject({
      statusText: 'Internal Redirect',
      responseTime: 0,
      headers: { location: `https://${HOST}:${port}/b`, 'non-authoritative-reason': 'HSTS' },
    });
    expect(result.chain[2]).not.toHaveProperty('redirectType');
    expect(requests).toEqual(['http /', 'https /a', 'https /b']);
    // Judged on that chain: nothing goes in clear after the header, and the upgrade is no server redirect.
    const types = result.summary.issues.map((issue) => issue.type);
    expect(types).not.toContain('https_downgrade');
    expect(types).not.toContain('temporary_redirect');
    expect(types).toContain('redirect_chain');
    expect(result.summary.issues.find((issue) => issue.type === 'redirect_chain')!.message).toMatch(/\b2 redirects\b/);
  });

  it('without it, the same chain sends the http request and reports the downgrade', async () => {
    const result = await analyse(BACK_TO_HTTP, '/');
    expect(requests).toEqual(['http /', 'https /a', 'http /b', 'https /b']);
    expect(result.summary.issues.map((issue) => issue.type)).toContain('https_downgrade');
  });

  it('finds the loop a browser finds when https sends it back to http on an HSTS host', async () => {
    const result = await analyse(
      {
        'http /': { status: 301, to: `https://${HOST}:PORT/` },
        'https /': { status: 302, to: `http://${HOST}:PORT/`, sts: ONE_YEAR },
      },
      '/',
      { asBrowser: true },
    );
    expect(result.summary.hasLoop).toBe(true);
    expect(result.chain.map((hop) => hop.redirectVia)).toEqual(['http', 'http', 'hsts']);
  });

  it('with includeSubDomains, a subdomain is upgraded; max-age=0 makes the host forgotten (§6.1.1)', async () => {
    const wide = await analyse(
      {
        'http /': { status: 301, to: `https://${HOST}:PORT/` },
        'https /': { status: 301, to: `http://www.${HOST}:PORT/`, sts: `${ONE_YEAR}; includeSubDomains` },
        'https /www': { status: 200 },
      },
      '/',
      { asBrowser: true },
    );
    expect(wide.chain.map((hop) => hop.url)).toContain(`https://www.${HOST}:${port}/`);
    expect(wide.chain[2]).toMatchObject({ redirectVia: 'hsts' });
    const forgotten = await analyse(
      {
        'http /': { status: 301, to: `https://${HOST}:PORT/x` },
        'https /x': { status: 301, to: `https://${HOST}:PORT/y`, sts: ONE_YEAR },
        'https /y': { status: 301, to: `http://${HOST}:PORT/z`, sts: 'max-age=0' },
        'http /z': { status: 200 },
      },
      '/',
      { asBrowser: true },
    );
    expect(forgotten.chain.map((hop) => hop.redirectVia)).not.toContain('hsts');
    expect(requests).toContain('http /z');
  });

  it('a store shared by analyses (a check run) upgrades a host another analysis learned', async () => {
    const hstsStore = new HstsStore();
    routes = { 'https /': { status: 200, sts: ONE_YEAR }, 'https /later': { status: 200 } };
    await analyzer.analyze(`https://${HOST}:${port}/`, { ...LOOPBACK, asBrowser: true, hstsStore });
    requests.length = 0;
    const later = await analyzer.analyze(`http://${HOST}:${port}/later`, { ...LOOPBACK, asBrowser: true, hstsStore });
    expect(later.chain.map((hop) => [hop.status, hop.redirectVia])).toEqual([
      [307, 'hsts'],
      [200, undefined],
    ]);
    expect(requests).toEqual(['https /later']);
    // The first hop upgraded: nothing of the chain went in clear, so no not_https either.
    expect(later.summary.finalUrl).toBe(`https://${HOST}:${port}/later`);
  });
});
