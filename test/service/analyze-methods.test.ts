/**
 * The methods of `/api/analyze` over real HTTP: GET and HEAD analyze; POST, PUT, DELETE and PATCH are refused with
 * 405 and `Allow` (RFC 9110, section 15.5.6: a 405 "MUST generate an Allow header field"), and HEAD answers like GET
 * without the content (RFC 9110, section 9.3.2: "identical to GET except that the server MUST NOT send content").
 */
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chainRoutes, startRedirectServer, type TestServer } from '../helpers/servers.js';
import { analyzePath, appWith, listen } from '../helpers/service.js';

const RATE_LIMIT_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'ratelimit-policy',
  'ratelimit',
] as const;

let target: TestServer;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  target = await startRedirectServer(chainRoutes(1));
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});
afterAll(async () => {
  await target.close();
});

/** A fresh service, listening, with a per-minute limit of `perMinute`. */
async function service(perMinute: number): Promise<string> {
  app = await appWith({ HOPLENS_RATE_LIMIT_PER_MINUTE: String(perMinute) });
  return listen(app);
}

async function send(origin: string, method: string, path: string, init: { body?: string; type?: string } = {}) {
  const response = await request(`${origin}${path}`, {
    method: method as 'GET',
    ...(init.body !== undefined && { body: init.body }),
    ...(init.type !== undefined && { headers: { 'content-type': init.type } }),
  });
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
}

describe('POST, PUT, DELETE and PATCH on /api/analyze', () => {
  it('answer 405 with Allow: GET, HEAD and the usual JSON error, rate-limit headers included', async () => {
    const origin = await service(5);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await send(origin, method, analyzePath({ url: `${target.origin}/hop/0` }));
      expect({ method, status: response.status }).toEqual({ method, status: 405 });
      expect(response.headers.allow).toBe('GET, HEAD');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      for (const header of RATE_LIMIT_HEADERS) expect(response.headers).toHaveProperty(header);
      const body = JSON.parse(response.text);
      expect(body).toEqual({
        success: false,
        error: { code: 'METHOD_NOT_ALLOWED', message: expect.stringContaining(method) },
        rateLimit: { limit: 5, remaining: expect.any(Number), reset: expect.any(Number) },
      });
      expect(Number(response.headers['x-ratelimit-remaining'])).toBe(body.rateLimit.remaining);
    }
    // Nothing was analyzed.
    expect(target.requests).not.toContain('/hop/0');
  });

  it('answer 405 whatever the body: malformed JSON, an unknown type, or none', async () => {
    const origin = await service(5);
    for (const init of [
      { body: '{not json', type: 'application/json' },
      { body: '<a/>', type: 'application/xml' },
      {},
    ]) {
      const response = await send(origin, 'POST', '/api/analyze', init);
      expect({ init, status: response.status }).toEqual({ init, status: 405 });
      expect(JSON.parse(response.text).error.code).toBe('METHOD_NOT_ALLOWED');
    }
  });

  it('are reported against the limits, not counted, like any answer outside the analysis', async () => {
    const origin = await service(5);
    for (let i = 0; i < 3; i++) expect((await send(origin, 'DELETE', '/api/analyze')).status).toBe(405);
    const first = await send(origin, 'GET', analyzePath({ url: `${target.origin}/hop/0` }));
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-remaining']).toBe('4');
  });
});

describe('HEAD /api/analyze', () => {
  it('answers like GET without the content: same status and headers, the analysis really run', async () => {
    const origin = await service(5);
    // robots=false: the two analyses' own requests are counted, not a robots.txt read.
    const path = analyzePath({ url: `${target.origin}/hop/0`, robots: 'false' });
    const before = target.requests.length;
    const head = await send(origin, 'HEAD', path);
    expect(target.requests.length).toBe(before + 2);
    const get = await send(origin, 'GET', path);
    expect(head.status).toBe(200);
    expect(head.status).toBe(get.status);
    expect(head.text).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['cache-control']).toBe('no-store');
    for (const header of RATE_LIMIT_HEADERS) expect(head.headers).toHaveProperty(header);
    expect(head.headers['x-ratelimit-limit']).toBe('5');
    // Counted like GET: the HEAD took one request, the GET the next.
    expect(head.headers['x-ratelimit-remaining']).toBe('4');
    expect(get.headers['x-ratelimit-remaining']).toBe('3');
  });

  it('answers the errors of GET without their body, and is refused once the limit is spent', async () => {
    const origin = await service(2);
    const invalid = await send(origin, 'HEAD', analyzePath({ url: 'not a url' }));
    expect(invalid.status).toBe(400);
    expect(invalid.text).toBe('');
    expect(invalid.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(invalid.headers['x-ratelimit-remaining']).toBe('1');
    expect((await send(origin, 'HEAD', analyzePath({ url: `${target.origin}/hop/0` }))).status).toBe(200);
    const refused = await send(origin, 'HEAD', analyzePath({ url: `${target.origin}/hop/0` }));
    expect(refused.status).toBe(429);
    expect(refused.text).toBe('');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect((await send(origin, 'GET', analyzePath({ url: `${target.origin}/hop/0` }))).status).toBe(429);
  });
});
