/**
 * Rate limits under fire: two service instances share one real redis-server. 500 concurrent requests from one
 * client, over real sockets, split across both: exactly the limit pass. Redis killed mid-run: every request is still
 * answered (in-memory fallback). Redis back: sharing resumes, exactly again. No counter in Redis is ever below 0.
 *
 * The instances trust X-Forwarded-For from loopback only so that each phase can be a fresh client; every request of a
 * phase carries the same address.
 */
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../helpers/polling.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';
import { analyzePath, appWith, listen } from '../helpers/service.js';

const PER_MINUTE = 100;
const FIRE = 500;
/** A request that costs no network: refused as invalid, and counted all the same. */
const CHEAP = analyzePath({ url: 'not a url' });

let redis: TestRedis;
let reader: Redis;
const apps: FastifyInstance[] = [];
const pools: Pool[] = [];

beforeAll(async () => {
  redis = await startRedis();
  reader = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 200 });
  reader.on('error', () => {});
  await reader.connect();
  for (let i = 0; i < 2; i++) {
    const app = await appWith({
      REDIS_URL: redis.url,
      HOPLENS_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      HOPLENS_RATE_LIMIT_PER_DAY: '100000',
      HOPLENS_TRUST_PROXY: '127.0.0.1/32',
    });
    apps.push(app);
    pools.push(new Pool(await listen(app), { connections: FIRE / 2 }));
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.destroy()));
  for (const app of apps) await app.close();
  reader?.disconnect();
  await redis?.stop();
});

interface Answer {
  status: number;
  remaining: number;
  body: { success: boolean; error?: { code: string }; rateLimit?: { remaining: number } };
  ms: number;
}

/** One request as `client`, through instance `i % 2`. */
async function fire(i: number, client: string): Promise<Answer> {
  const started = performance.now();
  const response = await pools[i % 2]!.request({
    method: 'GET',
    path: CHEAP,
    headers: { 'x-forwarded-for': client },
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  const body = (await response.body.json()) as Answer['body'];
  return {
    status: response.statusCode,
    remaining: Number(response.headers['x-ratelimit-remaining']),
    body,
    ms: performance.now() - started,
  };
}

/** Every counter hoplens keeps in Redis, by key. */
async function counters(): Promise<Record<string, number>> {
  const keys = await reader.keys('hoplens:rl:*');
  const values = keys.length === 0 ? [] : await reader.mget(...keys);
  return Object.fromEntries(keys.map((key, i) => [key, Number(values[i])]));
}

function expectNoNegative(found: Record<string, number>): void {
  for (const [key, value] of Object.entries(found)) {
    expect(Number.isInteger(value), `${key} = ${value}`).toBe(true);
    expect(value, key).toBeGreaterThanOrEqual(0);
  }
}

/** How often a Redis-backed condition is polled while waiting for it. */
const POLL_MS = 50;

/** Fires FIRE requests at once as `client`; exactly PER_MINUTE may pass, with every Remaining value once. */
async function expectExactlyTheLimit(client: string): Promise<void> {
  const answers = await Promise.all(Array.from({ length: FIRE }, (_, i) => fire(i, client)));
  const passed = answers.filter((answer) => answer.status !== 429);
  expect(passed.map((answer) => answer.status).every((status) => status === 400)).toBe(true);
  expect(passed).toHaveLength(PER_MINUTE);
  expect(passed.map((answer) => answer.remaining).sort((a, b) => a - b)).toEqual(
    Array.from({ length: PER_MINUTE }, (_, i) => i),
  );
  const refused = answers.filter((answer) => answer.status === 429);
  expect(refused).toHaveLength(FIRE - PER_MINUTE);
  for (const answer of refused) expect(answer.body.error?.code).toBe('RATE_LIMITED');
  // Both instances took part.
  expect(new Set(answers.map((_, i) => i % 2)).size).toBe(2);
}

describe('rate limits under fire, two instances, one redis-server', () => {
  it('lets exactly the limit through out of 500 concurrent requests from one client', async () => {
    await expectExactlyTheLimit('203.0.113.1');
    const found = await counters();
    expectNoNegative(found);
    // Only the requests let through stay counted: a refused one gives its point back (src/service/rate-limit/
    // two-windows.ts), and it never reached the day window.
    expect(found['hoplens:rl:minute:203.0.113.1']).toBe(PER_MINUTE);
    expect(found['hoplens:rl:day:203.0.113.1']).toBe(PER_MINUTE);
  });

  it('keeps answering while Redis dies mid-run, and shares again, exactly, once it is back', async () => {
    const client = '203.0.113.2';
    const answers: Answer[] = [];
    let killing: Promise<void> | undefined;
    let next = 0;
    // 400 requests from 20 workers at a time; Redis is killed (SIGKILL) once 100 are answered, with others in flight.
    const worker = async () => {
      while (next < 400) {
        const i = next++;
        answers.push(await fire(i, client));
        if (answers.length === 100 && killing === undefined) {
          expectNoNegative(await counters());
          killing = redis.kill();
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    await killing;
    // Every request answered, with the usual JSON and rate-limit status: 400 (counted) or 429, never a 5xx.
    expect(answers).toHaveLength(400);
    for (const answer of answers) {
      expect([400, 429]).toContain(answer.status);
      expect(answer.body.success).toBe(false);
      expect(answer.body.rateLimit?.remaining).toBe(answer.remaining);
      expect(answer.ms).toBeLessThan(3000);
    }
    for (const app of apps) {
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    }

    await redis.restart();
    await until(
      async () => {
        const ready = await Promise.all(apps.map((app) => app.inject({ url: '/readyz' })));
        return ready.every((response) => response.statusCode === 200);
      },
      15_000,
      POLL_MS,
    );
    await until(async () => (await reader.ping().catch(() => '')) === 'PONG', 10_000, POLL_MS);
    await expectExactlyTheLimit('203.0.113.3');
    const found = await counters();
    expectNoNegative(found);
    expect(found['hoplens:rl:minute:203.0.113.3']).toBe(PER_MINUTE);
    expect(found['hoplens:rl:day:203.0.113.3']).toBe(PER_MINUTE);
  });
});
