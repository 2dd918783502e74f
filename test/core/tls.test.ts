/** HTTPS hops: a trusted certificate works; each kind of bad certificate fails with TLS_ERROR and its reason. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Analyzer } from '../../src/index.js';
import { tableResolver } from '../helpers/resolvers.js';
import {
  type RawServer,
  startHttpsServer,
  startRawServer,
  startRedirectServer,
  type TestServer,
} from '../helpers/servers.js';
import { createTestPki, type KeyAndCert, type TestPki } from '../helpers/tls-certificates.js';
import { LOOPBACK, rejection, SHORT_TIMEOUT, since } from './helpers/analysis.js';

const HOST = 'secure.test';
const resolver = tableResolver({ [HOST]: '127.0.0.1' });

let pki: TestPki;
let analyzer: Analyzer;
const servers: Record<string, TestServer> = {};
let plain: TestServer;
let silent: RawServer;
let silentClosed = 0;

function startTlsServer(tls: KeyAndCert): Promise<TestServer> {
  return startHttpsServer((req, res) => {
    if (req.url === '/to-http') {
      res.writeHead(301, { location: `${plain.origin}/landing` });
      res.end();
      return;
    }
    if (req.url === '/to-https') {
      res.writeHead(302, { location: '/secure-landing' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('secure');
  }, tls);
}

function urlOf(kind: keyof typeof servers, path = '/'): string {
  return `https://${HOST}:${servers[kind]!.port}${path}`;
}

beforeAll(async () => {
  pki = createTestPki(HOST);
  analyzer = new Analyzer({ resolver, ca: pki.ca });
  plain = await startRedirectServer({
    '/landing': { status: 200 },
    '/upgrade-valid': { status: 301, location: '' },
  });
  for (const kind of ['valid', 'expired', 'wrongHost', 'selfSigned', 'unknownIssuer'] as const) {
    servers[kind] = await startTlsServer(pki[kind]);
  }
  // Accepts TCP and never answers the TLS ClientHello.
  // Reading (and dropping) what arrives is what lets it notice the client hanging up.
  silent = await startRawServer((socket) => socket.resume().on('close', () => silentClosed++));
});

afterAll(async () => {
  await analyzer.close();
  await Promise.all([plain, silent, ...Object.values(servers)].map((server) => server.close()));
});

describe('https', () => {
  it('traces over TLS with a certificate from a trusted CA', async () => {
    const result = await analyzer.analyze(urlOf('valid', '/to-https'), LOOPBACK);
    expect(result.chain.map((hop) => [hop.url, hop.status])).toEqual([
      [urlOf('valid', '/to-https'), 302],
      [urlOf('valid', '/secure-landing'), 200],
    ]);
    expect(result.summary.issues.map((issue) => issue.type)).not.toContain('not_https');
  });

  it('verifies by IP address when the URL has one', async () => {
    const result = await analyzer.analyze(`https://127.0.0.1:${servers.valid!.port}/`, LOOPBACK);
    expect(result.summary.finalStatus).toBe(200);
  });

  it('reports an https -> http hop as https_downgrade', async () => {
    const result = await analyzer.analyze(urlOf('valid', '/to-http'), LOOPBACK);
    expect(result.chain.map((hop) => hop.status)).toEqual([301, 200]);
    const downgrade = result.summary.issues.find((issue) => issue.type === 'https_downgrade');
    expect(downgrade).toMatchObject({ severity: 'error', hop: 0 });
    expect(result.summary.issues.map((issue) => issue.type)).toContain('not_https');
  });

  it('does not trust the test CA without the ca setting', async () => {
    const strict = new Analyzer({ resolver });
    try {
      const error = await rejection(strict.analyze(urlOf('valid'), LOOPBACK), 'TLS_ERROR');
      expect(error.details.reason).toBe('untrusted');
    } finally {
      await strict.close();
    }
  });
});

describe('certificate failures', () => {
  it.each([
    ['selfSigned', 'self-signed'],
    ['expired', 'expired'],
    ['wrongHost', 'wrong-host'],
    ['unknownIssuer', 'untrusted'],
  ] as const)('rejects a %s certificate with TLS_ERROR (%s)', async (kind, reason) => {
    const started = performance.now();
    const error = await rejection(analyzer.analyze(urlOf(kind), { ...LOOPBACK, timeout: SHORT_TIMEOUT }), 'TLS_ERROR');
    expect(since(started)).toBeLessThan(SHORT_TIMEOUT + 1_000);
    expect(error.details.reason).toBe(reason);
    expect(error.details.url).toBe(urlOf(kind));
    expect(error.message).toContain(reason);
    expect(error.chain).toEqual([]);
  });

  it('keeps the hops before a TLS failure', async () => {
    const entry = await startRedirectServer({ '/': { status: 301, location: urlOf('expired') } });
    try {
      const error = await rejection(analyzer.analyze(`${entry.origin}/`, LOOPBACK), 'TLS_ERROR');
      expect(error.details.reason).toBe('expired');
      expect(error.chain).toHaveLength(1);
      expect(error.chain[0]).toMatchObject({ url: `${entry.origin}/`, status: 301 });
    } finally {
      await entry.close();
    }
  });

  it('rejects a plain-HTTP server on an https URL', async () => {
    const error = await rejection(analyzer.analyze(`https://${HOST}:${plain.port}/landing`, LOOPBACK), 'TLS_ERROR');
    expect(error.details.reason).toBe('handshake');
  });

  it('times out a TLS handshake that never completes, within timeout + 1 s, and drops the connection', async () => {
    const own = new Analyzer({ resolver, ca: pki.ca });
    const closedBefore = silentClosed;
    try {
      const started = performance.now();
      const error = await rejection(
        own.analyze(`https://${HOST}:${silent.port}/`, { ...LOOPBACK, timeout: SHORT_TIMEOUT }),
        'TIMEOUT',
      );
      expect(since(started)).toBeLessThan(SHORT_TIMEOUT + 1_000);
      expect(error.details.url).toBe(`https://${HOST}:${silent.port}/`);
      // The half-open connection is torn down at the deadline, not left to the pool's connect timeout...
      await vi.waitFor(() => expect(silentClosed).toBe(closedBefore + 1), { timeout: 1_000, interval: 10 });
    } finally {
      // ...so closing the pool does not wait for it either.
      const closing = performance.now();
      await own.close();
      expect(since(closing)).toBeLessThan(1_000);
    }
  });
});
