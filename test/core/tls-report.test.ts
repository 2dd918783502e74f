/**
 * `tls: 'report'`: a hop whose certificate does not verify is made and reported as the issue tls_invalid, on a pool of
 * its own, which never serves an analysis that verifies.
 */
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalyzeOptions, Analyzer } from '../../src/index.js';
import { tableResolver } from '../helpers/resolvers.js';
import { startHttpsServer, startRedirectServer, type TestServer } from '../helpers/servers.js';
import { createTestPki, type TestPki } from '../helpers/tls-certificates.js';
import { LOOPBACK, rejection } from './helpers/analysis.js';

const HOST = 'secure.test';
const REPORT: AnalyzeOptions = Object.freeze({ ...LOOPBACK, tls: 'report' });

let pki: TestPki;
let analyzer: Analyzer;
const servers: Record<string, TestServer> = {};
let plain: TestServer;

function urlOf(kind: string, path = '/'): string {
  return `https://${HOST}:${servers[kind]!.port}${path}`;
}

beforeAll(async () => {
  pki = createTestPki(HOST);
  analyzer = new Analyzer({ resolver: tableResolver({ [HOST]: '127.0.0.1' }), ca: pki.ca });
  plain = await startRedirectServer({ '/': { status: 200 } });
  for (const kind of ['valid', 'expired', 'wrongHost', 'selfSigned', 'unknownIssuer'] as const) {
    servers[kind] = await startHttpsServer((req, res) => {
      if (req.url === '/to-expired') {
        res.writeHead(301, { location: urlOf('expired', '/landing') });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(kind);
    }, pki[kind]);
  }
});

afterAll(async () => {
  await analyzer.close();
  await Promise.all([plain, ...Object.values(servers)].map((server) => server.close()));
});

describe("tls: 'report'", () => {
  const expiry = () => new Date(new X509Certificate(pki.expired.cert).validTo).toISOString().slice(0, 10);

  it.each([
    ['selfSigned', (): string => 'self-signed certificate'],
    ['expired', (): string => `certificate expired on ${expiry()}`],
    ['wrongHost', (): string => `the certificate is for elsewhere.example, not ${HOST}`],
    ['unknownIssuer', (): string => 'certificate signed by an unknown authority'],
  ] as const)('makes the hop to a %s certificate and reports tls_invalid', async (kind, words) => {
    const result = await analyzer.analyze(urlOf(kind), REPORT);
    expect(result.chain.map((hop) => hop.status)).toEqual([200]);
    const found = result.summary.issues.filter((issue) => issue.type === 'tls_invalid');
    expect(found).toEqual([
      {
        type: 'tls_invalid',
        severity: 'error',
        message: `The certificate of ${urlOf(kind)} is not valid: ${words()}`,
        hop: 0,
        help: 'docs/issues.md#tls_invalid',
      },
    ]);
  });

  it('reports only the hop whose certificate is bad', async () => {
    const result = await analyzer.analyze(urlOf('valid', '/to-expired'), REPORT);
    expect(result.chain.map((hop) => [hop.url, hop.status])).toEqual([
      [urlOf('valid', '/to-expired'), 301],
      [urlOf('expired', '/landing'), 200],
    ]);
    const found = result.summary.issues.filter((issue) => issue.type === 'tls_invalid');
    expect(found.map((issue) => issue.hop)).toEqual([1]);
  });

  it('reports nothing for a certificate that verifies', async () => {
    const result = await analyzer.analyze(urlOf('valid'), REPORT);
    expect(result.summary.issues.map((issue) => issue.type)).not.toContain('tls_invalid');
  });

  it('reports again on a pooled connection, the hop after the first one', async () => {
    const first = await analyzer.analyze(urlOf('selfSigned', '/again'), REPORT);
    const connections = servers.selfSigned!.connections();
    const second = await analyzer.analyze(urlOf('selfSigned', '/again'), REPORT);
    // The second analysis was served by the first one's connection: no handshake, still reported.
    expect(servers.selfSigned!.connections()).toBe(connections);
    for (const result of [first, second]) {
      expect(result.summary.issues.filter((issue) => issue.type === 'tls_invalid')).toHaveLength(1);
    }
  });

  it('never lends a connection it made to an analysis that verifies', async () => {
    // The report pool now holds a live keep-alive connection to the expired server...
    await analyzer.analyze(urlOf('expired'), REPORT);
    // ...which the verifying analysis must not be given.
    const error = await rejection(analyzer.analyze(urlOf('expired'), LOOPBACK), 'TLS_ERROR');
    expect(error.details.reason).toBe('expired');
  });

  it('still fails a handshake that is not about the certificate', async () => {
    const url = `https://${HOST}:${plain.port}/`;
    const error = await rejection(analyzer.analyze(url, REPORT), 'TLS_ERROR');
    expect(error.details.reason).toBe('plain-http');
  });

  it('is validated like every option', async () => {
    const error = await rejection(
      analyzer.analyze(urlOf('valid'), { ...LOOPBACK, tls: 'skip' as never }),
      'INVALID_OPTION',
    );
    expect(error.details.option).toBe('tls');
  });
});
