import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RedisStore } from '../../src/service/rate-limit/redis-store.js';
import { until } from '../helpers/polling.js';
import { freePort, startRedis, type TestRedis } from '../helpers/redis-server.js';
import { analyzePath, appWith, type CapturedLogs, captureLogs, rateLimitOf } from '../helpers/service.js';

/** A request that costs no network: refused as invalid, and counted all the same. */
const cheap = analyzePath({ url: 'not a url' });

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function instance(redisUrl: string, logs?: CapturedLogs, env: Record<string, string> = {}) {
  const app = await appWith({ REDIS_URL: redisUrl, LOG_LEVEL: 'info', ...env }, logs ? { logStream: logs.stream } : {});
  apps.push(app);
  return app;
}

/** How often a Redis-backed condition is polled while waiting for it. */
const POLL_MS = 50;

const ready = (app: FastifyInstance) => async () => (await app.inject({ url: '/readyz' })).statusCode === 200;
const messages = (logs: CapturedLogs, pattern: RegExp) => logs.lines.filter((line) => pattern.test(String(line.msg)));

describe('rate limits in Redis (a real redis-server)', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('uses the Redis store when REDIS_URL is set, and is ready when Redis is', async () => {
    const app = await instance(redis.url);
    expect(app.hoplens.store).toBeInstanceOf(RedisStore);
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', redis: 'up', render: 'off', monitors: 'off' });
  });

  it('shares the limit between two instances, exactly, under concurrency', async () => {
    const a = await instance(redis.url);
    const b = await instance(redis.url);
    const remoteAddress = '198.51.100.10';
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? a : b).inject({ url: cheap, remoteAddress })),
    );
    const passed = responses.filter((response) => response.statusCode !== 429);
    expect(passed).toHaveLength(30);
    const remaining = passed.map((response) => Number(response.headers['x-ratelimit-remaining'])).sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // Both instances refuse from now on, whichever was asked last.
    expect((await a.inject({ url: cheap, remoteAddress })).statusCode).toBe(429);
    expect((await b.inject({ url: cheap, remoteAddress })).statusCode).toBe(429);
  });

  it('keeps answering when Redis dies, logs it once, and shares again once Redis is back', async () => {
    const logsA = captureLogs();
    const logsB = captureLogs();
    const a = await instance(redis.url, logsA);
    const b = await instance(redis.url, logsB);
    const shared = async (remoteAddress: string) => {
      const first = await a.inject({ url: cheap, remoteAddress });
      const second = await b.inject({ url: cheap, remoteAddress });
      return [first, second].map((response) => Number(response.headers['x-ratelimit-remaining']));
    };
    expect(await shared('198.51.100.20')).toEqual([29, 28]);

    await redis.kill();
    for (let i = 0; i < 5; i++) {
      for (const app of [a, b]) {
        const response = await app.inject({ url: cheap, remoteAddress: '198.51.100.21' });
        // Still the usual answer, with the rate-limit status, counted in memory.
        expect(response.statusCode).toBe(400);
        const { headers, body } = rateLimitOf(response);
        expect(body).toEqual(headers);
        expect(headers.remaining).toBe(29 - i);
      }
    }
    expect((await a.inject({ url: '/healthz' })).statusCode).toBe(200);
    const notReady = await a.inject({ url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'not_ready', redis: 'down', render: 'off', monitors: 'off' });
    for (const logs of [logsA, logsB]) {
      const warnings = messages(logs, /Redis is unreachable/);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.level).toBe(40);
    }

    await redis.restart();
    await until(ready(a), 10_000, POLL_MS);
    await until(ready(b), 10_000, POLL_MS);
    expect(await shared('198.51.100.22')).toEqual([29, 28]);
    for (const logs of [logsA, logsB]) {
      expect(messages(logs, /Redis is unreachable/)).toHaveLength(1);
      expect(messages(logs, /reachable again/)).toHaveLength(1);
    }
  });

  it('starts without Redis, on the fallback, and moves to Redis when it appears', async () => {
    const port = await freePort();
    const started = Date.now();
    const a = await instance(`redis://127.0.0.1:${port}`);
    const b = await instance(`redis://127.0.0.1:${port}`);
    expect(Date.now() - started).toBeLessThan(2000);
    const response = await a.inject({ url: cheap, remoteAddress: '198.51.100.30' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-ratelimit-remaining']).toBe('29');
    expect((await a.inject({ url: '/readyz' })).statusCode).toBe(503);

    const late = await startRedis(port);
    try {
      await until(ready(a), 10_000, POLL_MS);
      await until(ready(b), 10_000, POLL_MS);
      const first = await a.inject({ url: cheap, remoteAddress: '198.51.100.31' });
      const second = await b.inject({ url: cheap, remoteAddress: '198.51.100.31' });
      expect([first, second].map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['29', '28']);
    } finally {
      for (const app of apps.splice(0)) await app.close();
      await late.stop();
    }
  });

  it('closes its Redis connection when the app closes', async () => {
    const app = await appWith({ REDIS_URL: redis.url });
    const store = app.hoplens.store as RedisStore;
    expect(store.client.status).toBe('ready');
    await app.close();
    expect(['end', 'close']).toContain(store.client.status);
  });
});
