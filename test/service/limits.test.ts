/**
 * `GET /api/limits` (issue 30): the caller's two windows, read without counting, for the page's many-URLs mode to
 * plan a run. Its figures are the same as the RateLimit headers an analysis answers with (draft-ietf-httpapi-ratelimit-headers,
 * https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/: a quota `q`, a window `w` in seconds).
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzePath, appWith } from '../helpers/service.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const NOW = 1_800_000_000_000;
/** A request that costs no network: refused as invalid, and counted all the same. */
const cheap = analyzePath({ url: 'not a url' });

describe('GET /api/limits', () => {
  it("answers the caller's windows, counts nothing, and follows the analyses counted", async () => {
    const service = await appWith(
      { HOPLENS_RATE_LIMIT_PER_MINUTE: '4', HOPLENS_RATE_LIMIT_PER_DAY: '6' },
      { now: () => NOW },
    );
    apps.push(service);
    const fresh = await service.inject({ url: '/api/limits' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toBe('no-store');
    expect(fresh.json()).toEqual({
      minute: { limit: 4, remaining: 4, reset: NOW / 1000 + 60, window: 60 },
      day: { limit: 6, remaining: 6, reset: NOW / 1000 + 86_400, window: 86_400 },
    });
    // Reading the limits many times spends none of them.
    for (let i = 0; i < 10; i++) expect((await service.inject({ url: '/api/limits' })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await service.inject({ url: cheap })).statusCode).toBe(400);
    const after = (await service.inject({ url: '/api/limits' })).json();
    expect(after.minute.remaining).toBe(1);
    expect(after.day.remaining).toBe(3);
    // The same numbers as the draft's RateLimit header of the next analysis (which counts one more).
    const next = await service.inject({ url: cheap });
    expect(next.headers.ratelimit).toBe('"minute";r=0;t=60, "day";r=2;t=86400');
    expect(next.headers['ratelimit-policy']).toBe(
      `"minute";q=${after.minute.limit};w=60, "day";q=${after.day.limit};w=86400`,
    );
  });

  it('is listed in the OpenAPI document', async () => {
    const service = await appWith({});
    apps.push(service);
    const spec = (await service.inject({ url: '/openapi.json' })).json();
    expect(spec.paths['/api/limits'].get.operationId).toBe('rateLimits');
  });
});
