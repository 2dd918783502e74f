import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { chainRoutes, startRedirectServer } from '../helpers/servers.js';
import { analyzePath, appWith, rateLimitOf } from '../helpers/service.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** An app with a fixed clock, so reset times are exact. */
async function app(env: Record<string, string> = {}, now = 1_800_000_000_000) {
  const built = await appWith(env, { now: () => now });
  apps.push(built);
  return built;
}

/** A request that costs no network: refused as invalid, and counted all the same. */
const cheap = analyzePath({ url: 'not a url' });

describe('rate limits (in memory)', () => {
  it('allows 30 a minute per IP, then answers 429 with Retry-After and the limit that refused', async () => {
    const now = 1_800_000_000_000;
    const service = await app({}, now);
    for (let i = 1; i <= 30; i++) {
      const response = await service.inject({ url: cheap });
      expect(response.statusCode).toBe(400);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(30 - i));
    }
    const refused = await service.inject({ url: cheap });
    expect(refused.statusCode).toBe(429);
    // The window started with the first request; a slow machine may have used a second of it since.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(58);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    const body = refused.json();
    expect(body.success).toBe(false);
    expect(body.error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('30 requests per minute'),
      retryAfter,
      limit: 'minute',
    });
    // Reset is the epoch second at which the minute window ends: Retry-After seconds from now.
    expect(body.rateLimit).toEqual({ limit: 30, remaining: 0, reset: now / 1000 + retryAfter });
    expect(rateLimitOf(refused).headers).toEqual(body.rateLimit);
  });

  it('enforces the day window too, and says so', async () => {
    const now = 1_800_000_000_000;
    const service = await app({ HOPLENS_RATE_LIMIT_PER_MINUTE: '10', HOPLENS_RATE_LIMIT_PER_DAY: '3' }, now);
    for (let i = 0; i < 3; i++) expect((await service.inject({ url: cheap })).statusCode).toBe(400);
    const refused = await service.inject({ url: cheap });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(86_390);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', limit: 'day', retryAfter });
    // Remaining reflects the day, so Reset is the day's.
    expect(refused.json().rateLimit).toEqual({ limit: 10, remaining: 0, reset: now / 1000 + retryAfter });
  });

  it('spends no day quota on a request the minute window refuses', async () => {
    const service = await app({ HOPLENS_RATE_LIMIT_PER_MINUTE: '2', HOPLENS_RATE_LIMIT_PER_DAY: '5' });
    for (let i = 0; i < 2; i++) await service.inject({ url: cheap });
    for (let i = 0; i < 10; i++) {
      const refused = await service.inject({ url: cheap });
      expect(refused.json().error.limit).toBe('minute');
      expect(refused.headers.ratelimit).toBe(`"minute";r=0;t=60, "day";r=3;t=86400`);
    }
  });

  it('reports Remaining as the smaller window, with that window’s Reset', async () => {
    const now = 1_800_000_000_000;
    const service = await app({ HOPLENS_RATE_LIMIT_PER_MINUTE: '5', HOPLENS_RATE_LIMIT_PER_DAY: '3' }, now);
    const first = await service.inject({ url: cheap });
    // minute: 4 left, day: 2 left -> Remaining 2, the day's reset.
    expect(rateLimitOf(first).headers).toEqual({ limit: 5, remaining: 2, reset: now / 1000 + 86_400 });
    const roomy = await app({ HOPLENS_RATE_LIMIT_PER_MINUTE: '5', HOPLENS_RATE_LIMIT_PER_DAY: '100' }, now);
    const second = await roomy.inject({ url: cheap });
    expect(rateLimitOf(second).headers).toEqual({ limit: 5, remaining: 4, reset: now / 1000 + 60 });
  });

  it('a client that obeys X-RateLimit-Remaining never meets a 429', async () => {
    const service = await app({ HOPLENS_RATE_LIMIT_PER_MINUTE: '7', HOPLENS_RATE_LIMIT_PER_DAY: '4' });
    let remaining = 1;
    let sent = 0;
    while (remaining > 0) {
      const response = await service.inject({ url: cheap });
      sent++;
      expect(response.statusCode).not.toBe(429);
      remaining = Number(response.headers['x-ratelimit-remaining']);
    }
    expect(sent).toBe(4);
    expect((await service.inject({ url: cheap })).statusCode).toBe(429);
  });

  it('describes both windows with the IETF draft headers', async () => {
    const service = await app();
    const response = await service.inject({ url: cheap });
    expect(response.headers['ratelimit-policy']).toBe('"minute";q=30;w=60, "day";q=3000;w=86400');
    expect(response.headers.ratelimit).toBe('"minute";r=29;t=60, "day";r=2999;t=86400');
  });

  it('is exact under concurrency: 100 simultaneous requests from one IP, exactly 30 pass', async () => {
    const service = await app();
    const responses = await Promise.all(Array.from({ length: 100 }, () => service.inject({ url: cheap })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(70);
  });

  it('does not count health, docs, the OpenAPI document, the page or unknown routes', async () => {
    const service = await app({ HOPLENS_RATE_LIMIT_PER_MINUTE: '2' });
    for (const url of ['/healthz', '/readyz', '/openapi.json', '/docs', '/docs/static/index.css', '/', '/nope']) {
      for (let i = 0; i < 3; i++) expect((await service.inject({ url })).statusCode).not.toBe(429);
    }
    const counted = await service.inject({ url: cheap });
    expect(counted.headers['x-ratelimit-remaining']).toBe('1');
  });

  it('keys IPv6 clients by /64', async () => {
    const service = await app({ HOPLENS_RATE_LIMIT_PER_MINUTE: '2' });
    const from = (remoteAddress: string) => service.inject({ url: cheap, remoteAddress });
    await from('2001:db8:1:2::1');
    await from('2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect((await from('2001:db8:1:2::abcd')).statusCode).toBe(429);
    expect((await from('2001:db8:1:3::1')).statusCode).toBe(400);
    // IPv4 clients are keyed by address.
    await from('203.0.113.1');
    await from('203.0.113.1');
    expect((await from('203.0.113.1')).statusCode).toBe(429);
    expect((await from('203.0.113.2')).statusCode).toBe(400);
  });

  it('ignores a forged X-Forwarded-For unless it comes from a trusted proxy', async () => {
    const service = await app({ HOPLENS_RATE_LIMIT_PER_MINUTE: '2', HOPLENS_TRUST_PROXY: '10.0.0.0/8' });
    // A client rotating forged headers is still one client.
    for (let i = 0; i < 2; i++) {
      await service.inject({
        url: cheap,
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
    }
    const forged = await service.inject({
      url: cheap,
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '198.51.100.99' },
    });
    expect(forged.statusCode).toBe(429);
    // Behind the trusted proxy, each forwarded client has its own limit...
    const viaProxy = (client: string, forwarded = client) =>
      service.inject({ url: cheap, remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': forwarded } });
    await viaProxy('198.51.100.1');
    await viaProxy('198.51.100.1');
    expect((await viaProxy('198.51.100.1')).statusCode).toBe(429);
    expect((await viaProxy('198.51.100.2')).statusCode).toBe(400);
    // ...and what the client wrote before the proxy's own entry is not believed.
    expect((await viaProxy('x', '198.51.100.77, 198.51.100.1')).statusCode).toBe(429);
  });

  it('puts the rate-limit headers on 200, 400, 429 and 500, equal to the body (503: concurrency tests)', async () => {
    const service = await app({ HOPLENS_RATE_LIMIT_PER_MINUTE: '4' });
    const target = await startRedirectServer(chainRoutes(0));
    onTestFinished(() => target.close());
    const responses = [await service.inject({ url: analyzePath({ url: `${target.origin}/hop/0` }) })];
    responses.push(await service.inject({ url: cheap }));
    // 500: nothing listens on port 1 of loopback.
    responses.push(await service.inject({ url: analyzePath({ url: 'http://127.0.0.1:1/' }) }));
    responses.push(await service.inject({ url: cheap }));
    responses.push(await service.inject({ url: cheap }));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 400, 500, 400, 429]);
    for (const response of responses) {
      const { headers, body } = rateLimitOf(response);
      expect(body).toEqual(headers);
      expect(response.headers['ratelimit-policy']).toBeDefined();
      expect(response.headers.ratelimit).toBeDefined();
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
