/**
 * What each hop says of its connection: where it went, whether it was reused, the HTTP version, and on an HTTPS hop
 * that opened it the TLS session and certificate; and the findings read from them (certificate_expiring,
 * hsts_missing; tls_outdated is in tls.test.ts, against a TLS 1.1 server).
 */
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_HELP } from '../../src/core/issues/help.js';
import { Analyzer, CERTIFICATE_EXPIRY_DAYS, type Hop } from '../../src/index.js';
import { tableResolver } from '../helpers/resolvers.js';
import { startHttpsServer, startRedirectServer } from '../helpers/servers.js';
import { createTestPki, type TestPki } from '../helpers/tls-certificates.js';
import { closeAfterEach, LOOPBACK } from './helpers/analysis.js';

const HOST = 'anatomy.test';
const DAY = 86_400_000;
const resolver = tableResolver({ [HOST]: '127.0.0.1' });
let pki: TestPki;
let analyzer: Analyzer;
const track = closeAfterEach();

beforeAll(() => {
  pki = createTestPki(HOST);
  analyzer = new Analyzer({ resolver, ca: pki.ca });
});
afterAll(() => analyzer.close());

/** An HTTPS server for HOST: `/` redirects to `/page`, which answers 200 with `headers`. */
function startSecure(headers: Record<string, string> = {}) {
  return track(
    startHttpsServer((req, res) => {
      if (req.url === '/') res.writeHead(301, { location: '/page' });
      else res.writeHead(200, { 'content-type': 'text/plain', ...headers });
      res.end('ok');
    }, pki.valid),
  );
}

describe('connection facts', () => {
  it('reports the address, port and reuse of a plain HTTP connection, and no TLS', async () => {
    const server = await track(startRedirectServer({ '/a': { status: 301, location: '/b' }, '/b': { status: 200 } }));
    const result = await analyzer.analyze(`${server.origin}/a`, LOOPBACK);
    const [first, second] = result.chain as [Hop, Hop];
    expect(first).toMatchObject({
      remoteAddress: '127.0.0.1',
      remotePort: server.port,
      reusedConnection: false,
      httpVersion: '1.1',
    });
    // An IP literal is not looked up; a plain connection has no handshake.
    expect(Object.keys(first.timings!).sort()).toEqual(['connect', 'dns', 'firstByte']);
    expect(first.timings!.dns).toBe(0);
    expect(first).not.toHaveProperty('tls');
    // The second hop rides the first one's keep-alive connection: it reports the wait for the answer only.
    expect(second).toMatchObject({ remoteAddress: '127.0.0.1', remotePort: server.port, reusedConnection: true });
    expect(Object.keys(second.timings!)).toEqual(['firstByte']);
    expect(server.connections()).toBe(1);
  });

  it('reports a reused connection across analyses of the same origin', async () => {
    const server = await track(startRedirectServer({ '/': { status: 200 } }));
    await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    const again = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(again.chain[0]).toMatchObject({ reusedConnection: true });
    expect(server.connections()).toBe(1);
  });

  it('reports the TLS session and certificate on the HTTPS hop that opened the connection only', async () => {
    const server = await startSecure({ 'strict-transport-security': 'max-age=31536000' });
    const certificate = new X509Certificate(pki.valid.cert);
    const validTo = new Date(certificate.validTo).getTime();
    // A clock 10.5 days before expiry: 10 whole days are left.
    const clocked = new Analyzer({ resolver, ca: pki.ca, now: () => validTo - 10.5 * DAY });
    try {
      const result = await clocked.analyze(`https://${HOST}:${server.port}/`, LOOPBACK);
      const [first, second] = result.chain as [Hop, Hop];
      expect(first.tls).toEqual({
        protocol: 'TLSv1.3',
        cipher: expect.stringMatching(/^TLS_/),
        subject: `CN=${HOST}`,
        issuer: 'CN=hoplens test CA',
        altNames: [HOST, '127.0.0.1'],
        validFrom: new Date(certificate.validFrom).toISOString(),
        validTo: new Date(validTo).toISOString(),
        daysLeft: 10,
      });
      expect(Object.keys(first.timings!).sort()).toEqual(['connect', 'dns', 'firstByte', 'tls']);
      expect(second).toMatchObject({ reusedConnection: true, remotePort: server.port });
      expect(second).not.toHaveProperty('tls');
      expect(Object.keys(second.timings!)).toEqual(['firstByte']);
    } finally {
      await clocked.close();
    }
  });
});

describe('certificate_expiring', () => {
  /** The expiring-certificate issues of an analysis whose clock is `daysBefore` days before the leaf's expiry. */
  async function expiringIssues(daysBefore: number) {
    const server = await startSecure({ 'strict-transport-security': 'max-age=31536000' });
    const validTo = new Date(new X509Certificate(pki.valid.cert).validTo).getTime();
    const clocked = new Analyzer({ resolver, ca: pki.ca, now: () => validTo - daysBefore * DAY });
    try {
      const result = await clocked.analyze(`https://${HOST}:${server.port}/`, LOOPBACK);
      return result.summary.issues.filter((issue) => issue.type === 'certificate_expiring');
    } finally {
      await clocked.close();
    }
  }

  it('is a warning under 30 days, once, on the hop that presented the certificate', async () => {
    expect(CERTIFICATE_EXPIRY_DAYS).toEqual({ warning: 30, error: 7 });
    const issues = await expiringIssues(20.5);
    expect(issues).toEqual([
      {
        type: 'certificate_expiring',
        severity: 'warning',
        message: expect.stringMatching(new RegExp(`^The certificate of ${HOST}:\\d+ expires in 20 days, on \\d{4}-`)),
        hop: 0,
        help: ISSUE_HELP.certificate_expiring,
      },
    ]);
  });

  it('is an error under 7 days', async () => {
    expect(await expiringIssues(3.5)).toMatchObject([
      { severity: 'error', message: expect.stringContaining('3 days') },
    ]);
  });

  it('is not raised with 30 days or more left', async () => {
    expect(await expiringIssues(30.5)).toEqual([]);
  });
});

describe('hsts_missing', () => {
  const hsts = async (headers: Record<string, string>) => {
    const server = await startSecure(headers);
    const result = await analyzer.analyze(`https://${HOST}:${server.port}/`, LOOPBACK);
    return result.summary.issues.filter((issue) => issue.type === 'hsts_missing');
  };

  // RFC 6797 §6.1: the policy is the Strict-Transport-Security header of a response over HTTPS.
  it('is reported (info) when the final HTTPS page sends no Strict-Transport-Security', async () => {
    expect(await hsts({})).toEqual([
      {
        type: 'hsts_missing',
        severity: 'info',
        message: expect.stringContaining('/page'),
        hop: 1,
        help: ISSUE_HELP.hsts_missing,
      },
    ]);
  });

  it('is not reported when the final page sends it', async () => {
    expect(await hsts({ 'strict-transport-security': 'max-age=63072000; includeSubDomains' })).toEqual([]);
  });

  it('is not reported on a plain HTTP final page (that is not_https)', async () => {
    const server = await track(startRedirectServer({ '/': { status: 200 } }));
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.summary.issues.map((issue) => issue.type)).toEqual(['not_https']);
  });
});
