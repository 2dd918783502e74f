import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzePath, appWith } from '../helpers/service.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function app(env: Record<string, string> = {}) {
  const built = await appWith(env);
  apps.push(built);
  return built;
}

describe('health and lifecycle', () => {
  it('/healthz answers ok, uncached', async () => {
    const service = await app();
    const response = await service.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('/readyz is ready without Redis to depend on', async () => {
    const service = await app();
    const response = await service.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', redis: 'not_configured', render: 'off', monitors: 'off' });
  });

  it('once shutdown begins: not ready, and every new request gets a JSON 503 SHUTTING_DOWN', async () => {
    const service = await app();
    service.hoplens.lifecycle.beginShutdown(60_000);
    for (const url of ['/readyz', '/healthz', analyzePath({ url: 'https://example.com/' }), '/nope']) {
      const response = await service.inject({ url });
      expect(response.statusCode).toBe(503);
      expect(response.headers.connection).toBe('close');
      expect(response.headers['retry-after']).toBe('5');
      const body = response.json();
      expect(body).toMatchObject({ success: false, error: { code: 'SHUTTING_DOWN', retryAfter: 5 } });
      expect(body.rateLimit).toMatchObject({ limit: 30 });
    }
  });
});
