import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/analyzer.js';
import type { Resolver } from '../../src/core/types.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { tempDir } from '../helpers/cli.js';
import {
  chainRoutes,
  startHttpsServer,
  startRedirectServer,
  startServer,
  type TestServer,
} from '../helpers/servers.js';
import { analyzePath, appWith, captureLogs, rateLimitOf } from '../helpers/service.js';
import { createTestPki } from '../helpers/tls-certificates.js';

const cleanups = cleanupAfterEach();

async function server(routes: Parameters<typeof startRedirectServer>[0]): Promise<TestServer> {
  const started = await startRedirectServer(routes);
  cleanups.push(() => started.close());
  return started;
}

async function app(...args: Parameters<typeof appWith>): Promise<FastifyInstance> {
  const built = await appWith(...args);
  cleanups.push(() => built.close());
  return built;
}

describe('GET /api/analyze', () => {
  it('answers with the documented Analysis result', async () => {
    const target = await server(chainRoutes(2));
    const service = await app();
    const url = `${target.origin}/hop/0`;
    const response = await service.inject({ url: analyzePath({ url }) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['chain', 'rateLimit', 'success', 'summary', 'url']);
    expect(body.success).toBe(true);
    expect(body.url).toBe(url);
    expect(body.chain).toHaveLength(3);
    for (const hop of body.chain) {
      expect(typeof hop.url).toBe('string');
      expect(Number.isInteger(hop.status)).toBe(true);
      expect(typeof hop.statusText).toBe('string');
      expect(Number.isInteger(hop.responseTime)).toBe(true);
      expect(typeof hop.headers).toBe('object');
    }
    expect(body.chain[0]).toMatchObject({
      url,
      status: 301,
      statusText: 'Moved Permanently',
      headers: { location: '/hop/1' },
      redirectType: 'permanent',
    });
    expect(body.chain[2]).toMatchObject({ status: 200, statusText: 'OK', headers: { 'content-type': 'text/plain' } });
    expect(body.chain[2].redirectType).toBeUndefined();
    expect(body.summary).toMatchObject({
      totalHops: 3,
      finalUrl: `${target.origin}/hop/2`,
      finalStatus: 200,
      hasLoop: false,
    });
    expect(body.summary.totalTime).toBe(
      body.chain.reduce((sum: number, hop: { responseTime: number }) => sum + hop.responseTime, 0),
    );
    expect(body.summary.issues.map((issue: { type: string }) => issue.type)).toContain('redirect_chain');
    for (const issue of body.summary.issues)
      expect(Object.keys(issue)).toEqual(expect.arrayContaining(['type', 'severity', 'message']));
    const rateLimit = rateLimitOf(response);
    expect(rateLimit.body).toEqual(rateLimit.headers);
    expect(rateLimit.body).toMatchObject({ limit: 30, remaining: 29 });
  });

  it('sends the default user agent, hoplens/1.0, or the one given', async () => {
    const agents: string[] = [];
    const target = await startServer((req, res) => {
      // robots.txt, read after the chain with the same User-Agent, is not one of the chain's requests.
      if (req.url !== '/robots.txt') agents.push(req.headers['user-agent'] ?? '');
      res.end('ok');
    });
    cleanups.push(() => target.close());
    const service = await app();
    await service.inject({ url: analyzePath({ url: `${target.origin}/` }) });
    await service.inject({ url: analyzePath({ url: `${target.origin}/`, userAgent: 'AuditBot/2.0 (+ci)' }) });
    expect(agents).toEqual(['hoplens/1.0', 'AuditBot/2.0 (+ci)']);
  });

  it('follows at most maxHops, 10 by default, and reports it as a finding', async () => {
    const target = await server(chainRoutes(15));
    const service = await app();
    const byDefault = (await service.inject({ url: analyzePath({ url: `${target.origin}/hop/0` }) })).json();
    expect(byDefault.chain).toHaveLength(10);
    expect(byDefault.summary.issues.map((issue: { type: string }) => issue.type)).toContain('max_hops_reached');
    const three = await service.inject({ url: analyzePath({ url: `${target.origin}/hop/0`, maxHops: '3' }) });
    expect(three.statusCode).toBe(200);
    expect(three.json().chain).toHaveLength(3);
  });

  it('reports a loop as a finding: 200 with hasLoop', async () => {
    const target = await server({ '/a': { status: 302, location: '/b' }, '/b': { status: 302, location: '/a' } });
    const service = await app();
    const response = await service.inject({ url: analyzePath({ url: `${target.origin}/a` }) });
    expect(response.statusCode).toBe(200);
    expect(response.json().summary.hasLoop).toBe(true);
    expect(response.json().summary.issues.map((issue: { type: string }) => issue.type)).toContain('redirect_loop');
  });

  it('reports a bad Location and a redirect into blocked space mid-chain as findings', async () => {
    const target = await server({
      '/bad': { status: 301, location: 'http://exa mple.com:99999/' },
      '/inward': { status: 302, location: 'http://10.0.0.1/admin' },
    });
    const service = await app();
    const bad = await service.inject({ url: analyzePath({ url: `${target.origin}/bad` }) });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().summary.issues.map((issue: { type: string }) => issue.type)).toContain('invalid_location');
    const inward = await service.inject({ url: analyzePath({ url: `${target.origin}/inward` }) });
    expect(inward.statusCode).toBe(200);
    expect(inward.json().summary.issues.map((issue: { type: string }) => issue.type)).toContain('blocked_destination');
  });

  it('refuses a URL in blocked address space with 400 BLOCKED_DESTINATION, without connecting', async () => {
    const target = await server(chainRoutes(0));
    // No HOPLENS_ALLOW_NETWORKS: loopback is blocked, as it is in production.
    const service = await app({ HOPLENS_ALLOW_NETWORKS: '' });
    for (const url of [
      `${target.origin}/hop/0`,
      'http://10.1.2.3/',
      'http://[::1]/',
      'http://169.254.169.254/latest',
    ]) {
      const response = await service.inject({ url: analyzePath({ url }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BLOCKED_DESTINATION');
    }
    expect(target.connections()).toBe(0);
  });

  it('refuses a host name that resolves into blocked space, without connecting', async () => {
    const resolver: Resolver = async () => [{ address: '192.168.7.7', family: 4 }];
    const service = await app({}, { analyzer: new Analyzer({ resolver }) });
    const response = await service.inject({ url: analyzePath({ url: 'http://intranet.example/' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BLOCKED_DESTINATION' });
  });

  it('answers a network failure with 500, the engine code and the partial chain', async () => {
    const dead = await startServer(() => {});
    const deadPort = dead.port;
    await dead.close();
    const target = await server({ '/start': { status: 301, location: `http://127.0.0.1:${deadPort}/gone` } });
    const service = await app();
    const response = await service.inject({ url: analyzePath({ url: `${target.origin}/start` }) });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('CONNECTION_REFUSED');
    expect(body.error.url).toBe(`http://127.0.0.1:${deadPort}/gone`);
    expect(body.chain).toHaveLength(1);
    expect(body.chain[0]).toMatchObject({ status: 301, url: `${target.origin}/start` });
    const rateLimit = rateLimitOf(response);
    expect(rateLimit.body).toEqual(rateLimit.headers);
  });

  it('answers a DNS failure with 500 DNS_ERROR', async () => {
    const resolver: Resolver = async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    const service = await app({}, { analyzer: new Analyzer({ resolver }) });
    const response = await service.inject({ url: analyzePath({ url: 'http://no-such-host.example/' }) });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('DNS_ERROR');
    expect(response.json().chain).toEqual([]);
  });

  it('answers a hop slower than `timeout` with 500 TIMEOUT and the hops before it', async () => {
    const target = await server({
      '/start': { status: 302, location: '/slow' },
      '/slow': { status: 200, delay: 2500 },
    });
    const service = await app();
    const started = Date.now();
    const response = await service.inject({ url: analyzePath({ url: `${target.origin}/start`, timeout: '1000' }) });
    expect(Date.now() - started).toBeLessThan(2400);
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('TIMEOUT');
    expect(response.json().chain).toHaveLength(1);
  });

  it('bounds the whole analysis by HOPLENS_ANALYSIS_TIMEOUT_MS', async () => {
    const routes = chainRoutes(10);
    for (const route of Object.values(routes)) route.delay = 400;
    const target = await server(routes);
    const service = await app({ HOPLENS_ANALYSIS_TIMEOUT_MS: '1000' });
    const started = Date.now();
    const response = await service.inject({ url: analyzePath({ url: `${target.origin}/hop/0` }) });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.error.code).toBe('TIMEOUT');
    expect(body.error.message).toContain('1000 ms');
    expect(body.chain.length).toBeGreaterThanOrEqual(1);
    expect(body.chain.length).toBeLessThan(10);
  });

  it('never shows a stack trace or an internal message', async () => {
    const broken = {
      analyze: async () => {
        throw new Error('secret: database password is hunter2');
      },
      close: async () => {},
    } as unknown as Analyzer;
    const service = await app({}, { analyzer: broken });
    const response = await service.inject({ url: analyzePath({ url: 'https://example.com/' }) });
    expect(response.statusCode).toBe(500);
    expect(response.json().error).toEqual({ code: 'INTERNAL_ERROR', message: 'Internal server error' });
    expect(response.body).not.toMatch(/hunter2|at .*\.ts|Error:/);
  });

  it('writes one JSON log line per analysis with host, status, hops and ms', async () => {
    const target = await server(chainRoutes(1));
    const logs = captureLogs();
    const service = await app({ LOG_LEVEL: 'info' }, { logStream: logs.stream });
    await service.inject({ url: analyzePath({ url: `${target.origin}/hop/0` }) });
    await service.inject({ url: analyzePath({ url: `${target.origin}/hop/0`, maxHops: 'x' }) });
    await service.inject({ url: '/healthz' });
    const lines = logs.lines.filter((line) => line.event === 'analysis');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      host: target.origin.slice('http://'.length),
      status: 200,
      hops: 2,
      client: '127.0.0.1',
    });
    expect(typeof lines[0]?.ms).toBe('number');
    expect(lines[1]).toMatchObject({ status: 400, code: 'INVALID_PARAMETER' });
    // Fastify's own per-request lines are off: one line per analysis, not three.
    expect(logs.lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual(
      [],
    );
  });
});

describe('GET /api/analyze over TLS', () => {
  /** A test PKI whose leaves are valid for 127.0.0.1, and the CA written where HOPLENS_CA_FILE can name it. */
  async function pkiOnDisk() {
    const pki = createTestPki('secure.test');
    const dir = await tempDir();
    cleanups.push(() => dir.remove());
    const caFile = join(dir.path, 'ca.pem');
    await writeFile(caFile, pki.ca);
    return { pki, caFile };
  }

  async function httpsServer(tls: { key: string; cert: string }): Promise<TestServer> {
    const started = await startHttpsServer((_req, res) => res.end('secure'), tls);
    cleanups.push(() => started.close());
    return started;
  }

  it('trusts the certificate authorities of HOPLENS_CA_FILE', async () => {
    const { pki, caFile } = await pkiOnDisk();
    const target = await httpsServer(pki.valid);
    const url = `https://127.0.0.1:${target.port}/`;
    const without = await (await app()).inject({ url: analyzePath({ url }) });
    expect(without.json().error).toMatchObject({ code: 'TLS_ERROR', reason: 'untrusted' });
    const trusting = await (await app({ HOPLENS_CA_FILE: caFile })).inject({ url: analyzePath({ url }) });
    expect(trusting.statusCode).toBe(200);
    expect(trusting.json().summary.finalStatus).toBe(200);
  });

  it('answers a bad certificate with 500 TLS_ERROR: the reason for programs, the message in words', async () => {
    const { pki, caFile } = await pkiOnDisk();
    const target = await httpsServer(pki.selfSigned);
    const url = `https://127.0.0.1:${target.port}/`;
    // There is no insecure mode to ask for: unknown parameters change nothing.
    const response = await (await app({ HOPLENS_CA_FILE: caFile })).inject({
      url: analyzePath({ url, tls: 'report', insecure: 'true' }),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json().error).toEqual({
      code: 'TLS_ERROR',
      message: `TLS connection to ${url} failed: self-signed certificate`,
      url,
      reason: 'self-signed',
    });
  });

  it('says in words that an https:// URL reached a plain-HTTP server', async () => {
    const target = await server({ '/': { status: 200 } });
    const url = `https://127.0.0.1:${target.port}/`;
    const response = await (await app()).inject({ url: analyzePath({ url }) });
    expect(response.json().error).toMatchObject({
      code: 'TLS_ERROR',
      reason: 'plain-http',
      message: `TLS connection to ${url} failed: the server spoke plain HTTP on an https:// URL`,
    });
  });
});
