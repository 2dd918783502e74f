/**
 * HTTPS hops: a trusted certificate works; each kind of bad certificate, and each kind of failed handshake, fails with
 * TLS_ERROR, its reason for programs and the problem in words for people (never OpenSSL's text).
 */
import { X509Certificate } from 'node:crypto';
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
let oldProtocol: TestServer;
let oddCipher: TestServer;
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
  // Valid certificates, but TLS 1.0-1.1 only (below Node's minimum, TLS 1.2) or a cipher Node's client does not offer.
  const legacy = { ...pki.valid, minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' } as const;
  oldProtocol = await startHttpsServer((_req, res) => res.end('old'), legacy);
  const cipher = { ...pki.valid, maxVersion: 'TLSv1.2', ciphers: 'DHE-RSA-AES128-SHA' } as const;
  oddCipher = await startHttpsServer((_req, res) => res.end('odd'), cipher);
  // Accepts TCP and never answers the TLS ClientHello.
  // Reading (and dropping) what arrives is what lets it notice the client hanging up.
  silent = await startRawServer((socket) => socket.resume().on('close', () => silentClosed++));
});

afterAll(async () => {
  await analyzer.close();
  await Promise.all([plain, silent, oldProtocol, oddCipher, ...Object.values(servers)].map((server) => server.close()));
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

/** The day a certificate of the test PKI stops being valid, as the messages write it (`2026-01-02`). */
function expiryDay(pem: string): string {
  return new Date(new X509Certificate(pem).validTo).toISOString().slice(0, 10);
}

/** What a message in words must not look like: OpenSSL's error strings and codes. */
const OPENSSL_TEXT = /SSL routines|error:[0-9A-F]{8}|ERR_|CERT_|_CERT|SELF_SIGNED/;

describe('certificate failures', () => {
  it.each([
    ['selfSigned', 'self-signed', (): string => 'self-signed certificate'],
    ['expired', 'expired', (): string => `certificate expired on ${expiryDay(pki.expired.cert)}`],
    ['wrongHost', 'wrong-host', (): string => `the certificate is for elsewhere.example, not ${HOST}`],
    ['unknownIssuer', 'untrusted', (): string => 'certificate signed by an unknown authority'],
  ] as const)('rejects a %s certificate with TLS_ERROR (%s), in words', async (kind, reason, words) => {
    const started = performance.now();
    const error = await rejection(analyzer.analyze(urlOf(kind), { ...LOOPBACK, timeout: SHORT_TIMEOUT }), 'TLS_ERROR');
    expect(since(started)).toBeLessThan(SHORT_TIMEOUT + 1_000);
    expect(error.details.reason).toBe(reason);
    expect(error.details.url).toBe(urlOf(kind));
    expect(error.message).toBe(`TLS connection to ${urlOf(kind)} failed: ${words()}`);
    expect(error.message).not.toMatch(OPENSSL_TEXT);
    // The code OpenSSL or Node gave stays for debugging.
    expect(error.details.raw).toMatch(/^[A-Z_]+$/);
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

  it('rejects a plain-HTTP server on an https URL, saying so', async () => {
    const url = `https://${HOST}:${plain.port}/landing`;
    const error = await rejection(analyzer.analyze(url, LOOPBACK), 'TLS_ERROR');
    expect(error.details.reason).toBe('plain-http');
    expect(error.message).toBe(`TLS connection to ${url} failed: the server spoke plain HTTP on an https:// URL`);
    // OpenSSL read "HTTP/1.1 400" as a TLS record header: its own words stay in details only.
    expect(error.details.raw).toMatch(/wrong version number/);
  });

  // The connector offers TLS 1.0 and up (legacyTls in src/core/address/guarded-connector.ts), so that an old server is
  // analysed and flagged rather than unreachable; RFC 8996 deprecates TLS 1.0 and 1.1, hence the warning.
  it('analyses a server that speaks only TLS 1.0-1.1, and flags it tls_outdated', async () => {
    const url = `https://${HOST}:${oldProtocol.port}/`;
    const result = await analyzer.analyze(url, LOOPBACK);
    expect(result.chain[0]).toMatchObject({ status: 200, tls: { protocol: 'TLSv1.1' } });
    expect(result.summary.issues).toContainEqual(
      expect.objectContaining({ type: 'tls_outdated', severity: 'warning' }),
    );
  });

  // Node's client offers no DHE suites in its default cipher list.
  it.each([['only a DHE cipher suite', () => oddCipher]])(
    'rejects a server that speaks %s with TLS_ERROR (handshake), in words',
    async (_name, server) => {
      const url = `https://${HOST}:${server().port}/`;
      const error = await rejection(analyzer.analyze(url, LOOPBACK), 'TLS_ERROR');
      expect(error.details.reason).toBe('handshake');
      expect(error.message).toBe(
        `TLS connection to ${url} failed: the TLS handshake failed (no shared protocol or cipher)`,
      );
      expect(error.message).not.toMatch(OPENSSL_TEXT);
      expect(error.details.raw).toMatch(/alert/);
    },
  );

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
