import { once } from 'node:events';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainRoutes, startRedirectServer, type TestServer } from '../helpers/servers.js';
import { analyzePath, appWith, listen } from '../helpers/service.js';

/** Sends raw bytes and returns everything the server wrote before closing. */
async function raw(origin: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  socket.write(bytes);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await Promise.race([once(socket, 'close'), new Promise((resolve) => setTimeout(resolve, 3000))]);
  socket.destroy();
  return Buffer.concat(chunks).toString();
}

describe('the service over real HTTP', () => {
  let app: FastifyInstance;
  let origin: string;
  let target: TestServer;

  beforeAll(async () => {
    target = await startRedirectServer(chainRoutes(1));
    app = await appWith({ HOPLENS_RATE_LIMIT_PER_MINUTE: '5' });
    origin = await listen(app);
  });
  afterAll(async () => {
    await app.close();
    await target.close();
  });

  it('analyzes a URL, with the rate-limit headers', async () => {
    const response = await request(`${origin}${analyzePath({ url: `${target.origin}/hop/0` })}`);
    expect(response.statusCode).toBe(200);
    const body = (await response.body.json()) as {
      success: boolean;
      chain: unknown[];
      rateLimit: Record<string, number>;
    };
    expect(body.success).toBe(true);
    expect(body.chain).toHaveLength(2);
    expect(response.headers['x-ratelimit-limit']).toBe('5');
    expect(Number(response.headers['x-ratelimit-remaining'])).toBe(body.rateLimit.remaining);
    expect(Number(response.headers['x-ratelimit-reset'])).toBe(body.rateLimit.reset);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is usable from any origin, with the rate-limit headers exposed', async () => {
    const preflight = await request(`${origin}/api/analyze?url=x`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
    });
    await preflight.body.dump();
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('GET');
    const actual = await request(`${origin}${analyzePath({ url: 'nope' })}`, {
      headers: { origin: 'https://app.example' },
    });
    await actual.body.dump();
    expect(actual.headers['access-control-allow-origin']).toBe('*');
    const exposed = String(actual.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
    for (const header of [
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'retry-after',
      'ratelimit',
      'ratelimit-policy',
    ]) {
      expect(exposed).toContain(header);
    }
  });

  it('answers unknown routes, whatever the method, with 404 JSON', async () => {
    // A method a known path does not answer is a 405 instead (test/service/analyze-methods.test.ts).
    for (const [method, path] of [
      ['GET', '/nope'],
      ['POST', '/nope'],
      ['HEAD', '/nope?url=http://example.com/'],
      ['GET', '/api'],
    ] as const) {
      const response = await request(`${origin}${path}`, { method });
      const text = await response.body.text();
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      if (method !== 'HEAD') {
        const body = JSON.parse(text);
        expect(body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
        expect(body.rateLimit).toMatchObject({ limit: 5 });
      }
    }
  });

  it('answers a request Node cannot parse with a JSON 400, not HTML', async () => {
    const answer = await raw(origin, 'GARBAGE NOT HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(/content-type: application\/json/i);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({
      success: false,
      error: { code: 'INVALID_PARAMETER', message: 'Malformed request: the request could not be parsed' },
    });
  });

  it('answers a malformed request path with JSON', async () => {
    const answer = await raw(origin, 'GET /api/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 (400|404) /);
    expect(answer).toMatch(/content-type: application\/json/i);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body.success).toBe(false);
    expect(body.rateLimit).toMatchObject({ limit: 5 });
  });

  it('believes a forged X-Forwarded-For from nobody: one socket address, one limit', async () => {
    const service = await appWith({ HOPLENS_RATE_LIMIT_PER_MINUTE: '3' });
    const base = await listen(service);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await request(`${base}${analyzePath({ url: 'x' })}`, {
          headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `203.0.113.${i}` },
        });
        await response.body.dump();
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await service.close();
    }
  });

  it('serves the web page at /, the docs at /docs with local assets, and the OpenAPI document', async () => {
    const page = await request(`${origin}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    await page.body.dump();

    let docs = await request(`${origin}/docs`);
    if (docs.statusCode === 302) {
      await docs.body.dump();
      docs = await request(new URL(String(docs.headers.location), `${origin}/docs`).href);
    }
    expect(docs.statusCode).toBe(200);
    const html = await docs.body.text();
    // Every script and stylesheet is served by the service itself: no CDN.
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset).not.toMatch(/^(https?:)?\/\//);
    const bundle = await request(`${origin}/docs/static/swagger-ui-bundle.js`);
    expect(bundle.statusCode).toBe(200);
    await bundle.body.dump();
    const initializer = await request(`${origin}/docs/static/swagger-initializer.js`);
    expect(initializer.statusCode).toBe(200);
    const script = await initializer.body.text();
    expect(script).toContain("url: resolveUrl('./json')");
    expect(script).not.toMatch(/(unpkg|jsdelivr|cdnjs|cdn\.)/i);
    expect(script).not.toMatch(/(src|href|url)\s*[:=]\s*['"]https?:/);

    const openapi = await request(`${origin}/openapi.json`);
    expect(openapi.statusCode).toBe(200);
    expect(((await openapi.body.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./);
  });
});
