/**
 * `GET /api/variants`: the same findings as the CLI and the library on the inconsistent site (test/helpers/
 * variant-site.ts), each variant counted as one analysis against the rate limit, and the whole request refused up
 * front, before any request to the site, when fewer analyses remain than the URL has variants.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/index.js';
import { startHttpsServer, startServer, type TestServer } from '../helpers/servers.js';
import { appWith } from '../helpers/service.js';
import { createTestPki } from '../helpers/tls-certificates.js';
import { EXPECTED_VARIANT_FINDINGS, GIVEN, inconsistentSite } from '../helpers/variant-site.js';

let plain: TestServer;
let secure: TestServer;
let service: FastifyInstance;

beforeAll(async () => {
  const pki = createTestPki('www.shop.test', ['shop.test', 'www.shop.test', 'm.shop.test']);
  plain = await startServer(inconsistentSite);
  secure = await startHttpsServer(inconsistentSite, pki.valid);
  // The test's own seam: the service itself offers no --connect-to; the analyzer it is given may have one.
  const analyzer = new Analyzer({
    ca: pki.ca,
    connectTo: [`:80:127.0.0.1:${plain.port}`, `:443:127.0.0.1:${secure.port}`],
  });
  service = await appWith({ HOPLENS_RATE_LIMIT_PER_MINUTE: '20' }, { analyzer });
  // Seven RSA keys for the test PKI: slow on a shared machine.
}, 60_000);

afterAll(async () => {
  await Promise.all([service?.close(), plain?.close(), secure?.close()]);
});

const path = (url: string, extra = '') => `/api/variants?url=${encodeURIComponent(url)}&robots=false${extra}`;

describe('GET /api/variants', () => {
  it('answers the grid and exactly the built findings, counting 14 analyses', async () => {
    const response = await service.inject({ url: path(GIVEN) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.canonical).toBe(GIVEN);
    expect(body.grid).toHaveLength(14);
    expect(
      body.findings.map(({ type, variants }: { type: string; variants: string[] }) => ({ type, variants })),
    ).toEqual(EXPECTED_VARIANT_FINDINGS);
    expect(response.headers['x-ratelimit-remaining']).toBe('6');
    expect(body.rateLimit.remaining).toBe(6);
  });

  it('refuses the whole request up front when fewer analyses remain than variants', async () => {
    const before = plain.received.length + secure.received.length;
    const refused = await service.inject({ url: path(GIVEN) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(plain.received.length + secure.received.length).toBe(before);
    // What was left is still the client's: the refused request spent none of the 6 (a store counts before it
    // compares, so the 14 are given back), and a single analysis still passes.
    expect(refused.json().rateLimit.remaining).toBe(6);
    const single = await service.inject({ url: `/api/analyze?url=${encodeURIComponent(GIVEN)}&robots=false` });
    expect(single.statusCode).toBe(200);
    expect(single.headers['x-ratelimit-remaining']).toBe('5');
  });
});
