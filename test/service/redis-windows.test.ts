/**
 * The Redis store counts both windows of a request in one script (one round trip), by the in-memory store's rules:
 * the same sequence of requests, single and variants (several points at once), gets the same decisions from both,
 * against a real redis-server.
 */
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/service/rate-limit/memory-store.js';
import { RedisStore } from '../../src/service/rate-limit/redis-store.js';
import type { RateLimitDecision } from '../../src/service/rate-limit/store.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';

let redis: TestRedis;
let admin: Redis;
const stores: RedisStore[] = [];
beforeAll(async () => {
  redis = await startRedis();
  admin = new Redis(redis.url);
});
afterAll(async () => {
  for (const store of stores) await store.close();
  admin?.disconnect();
  await redis?.stop();
});

async function redisStore(perMinute: number, perDay: number, keyPrefix: string): Promise<RedisStore> {
  const store = new RedisStore({
    url: redis.url,
    limits: { perMinute, perDay },
    logger: Fastify().log,
    keyPrefix,
  });
  stores.push(store);
  expect(await store.waitUntilReady(5000)).toBe(true);
  return store;
}

/** What a decision says, without the reset times (the two stores' clocks differ by the milliseconds between calls). */
function said(decision: RateLimitDecision) {
  return {
    allowed: decision.allowed,
    refusedBy: decision.refusedBy,
    minute: decision.minute.remaining,
    day: decision.day.remaining,
  };
}

/** Calls of a command Redis has run since its statistics were reset (INFO commandstats). */
async function calls(command: string): Promise<number> {
  const info = await admin.info('commandstats');
  return Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(info)?.[1] ?? 0);
}

describe('both windows in one Redis script', () => {
  it('decides as the memory store does, request by request, variants included', async () => {
    const memory = new MemoryStore({ perMinute: 7, perDay: 10 });
    const store = await redisStore(7, 10, 'test:same');
    // Singles, a variants request larger than what is left (refused, spending nothing), the minute spent, then the
    // day: 3 + 4 = 7 in the minute; the rest is refused by the minute until the day is the tighter one.
    const points = [1, 1, 1, 5, 4, 1, 2, 1, 8, 1];
    for (const [step, count] of points.entries()) {
      const expected = said(await memory.consume('198.51.100.7', count));
      expect({ step, ...said(await store.consume('198.51.100.7', count)) }).toEqual({ step, ...expected });
    }
    expect(said({ allowed: true, ...(await store.peek('198.51.100.7')) })).toEqual(
      said({ allowed: true, ...(await memory.peek('198.51.100.7')) }),
    );
  });

  it('refuses by the day and gives the minute its points back, as memory does', async () => {
    const memory = new MemoryStore({ perMinute: 10, perDay: 3 });
    const store = await redisStore(10, 3, 'test:day');
    for (const count of [2, 2, 1, 1]) {
      expect(said(await store.consume('203.0.113.9', count))).toEqual(said(await memory.consume('203.0.113.9', count)));
    }
    // A day refusal left the minute's count as it was before: 10 - 3 spent.
    const state = await store.peek('203.0.113.9');
    expect({ minute: state.minute.remaining, day: state.day.remaining }).toEqual({ minute: 7, day: 0 });
    expect(state.day.resetMs).toBeGreaterThan(86_000_000);
  });

  it('costs one round trip per request: one script call, whatever the windows decide', async () => {
    const store = await redisStore(5, 100, 'test:trips');
    await admin.config('RESETSTAT');
    for (let i = 0; i < 8; i++) await store.consume('192.0.2.44');
    // EVALSHA, or EVAL once when Redis did not know the script yet: one per request (a script per window, as
    // rate-limiter-flexible counts, made two per allowed request and more per refused one).
    expect((await calls('evalsha')) + (await calls('eval'))).toBe(8);
  });
});
