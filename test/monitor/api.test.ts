/**
 * The monitors' API (docs/monitors.md): the admin token (RFC 6750 bearer tokens), validation naming the field, CRUD,
 * pause and resume, run now and the paged history, and the OpenAPI document. On a private PostgreSQL cluster.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { admin, monitorApp, TOKEN } from '../helpers/monitors.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres-server.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { appWith } from '../helpers/service.js';

let postgres: TestPostgres;
let target: TestServer;
const cleanups = cleanupAfterEach();

beforeAll(async () => {
  postgres = await startPostgres();
  target = await startServer((req, res) => {
    if (req.url === '/old') res.writeHead(301, { location: '/new' }).end();
    // Keeps bingbot out and lets every other crawler in: which crawler a monitor judges for shows in its findings.
    else if (req.url === '/robots.txt')
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: bingbot\nDisallow: /\n');
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
}, 60_000);
afterAll(async () => {
  await target?.close();
  await postgres?.stop();
});

async function app() {
  const built = await monitorApp({ DATABASE_URL: await postgres.createDatabase() });
  cleanups.push(() => built.close());
  return built;
}

describe('the admin token', () => {
  it('turns the routes off (404) when HOPLENS_ADMIN_TOKEN is not set, and opens no database', async () => {
    const built = await appWith({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    cleanups.push(() => built.close());
    expect(built.hoplens.monitors).toBeUndefined();
    const response = await built.inject({ url: '/api/monitors', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it.each([
    ['absent', undefined],
    ['wrong', `Bearer ${TOKEN}x`],
    ['a prefix of it', `Bearer ${TOKEN.slice(0, 5)}`],
    ['not a bearer token', `Basic ${Buffer.from(`admin:${TOKEN}`).toString('base64')}`],
    ['empty', 'Bearer '],
  ])('refuses a token that is %s with 401 UNAUTHORIZED in JSON', async (_case, authorization) => {
    const built = await app();
    for (const [method, url] of [
      ['GET', '/api/monitors'],
      ['POST', '/api/monitors'],
      ['DELETE', '/api/monitors/x'],
      ['GET', '/api/monitors/x/runs'],
    ] as const) {
      const response = await built.inject({
        method,
        url,
        headers: authorization === undefined ? {} : { authorization },
        ...(method === 'POST' && { payload: { url: `${target.origin}/` } }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
      // The monitors' routes are not rate-limited: their errors say nothing of a rate limit (issue 23).
      expect(response.json()).not.toHaveProperty('rateLimit');
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect((await admin(built, 'GET', '/api/monitors')).body.monitors).toEqual([]);
  });
});

describe('/api/monitors', () => {
  it('creates with defaults, reads, lists, replaces, pauses, resumes and deletes', async () => {
    const built = await app();
    const created = await admin(built, 'POST', '/api/monitors', {
      url: `${target.origin}/old`,
      expect: { target: `${target.origin}/new`, status: 301 },
      labels: { team: 'web' },
    });
    expect(created.status).toBe(201);
    const monitor = created.body;
    expect(monitor).toMatchObject({
      url: `${target.origin}/old`,
      expect: { target: `${target.origin}/new`, status: 301, failOn: 'error' },
      interval: 3600,
      options: {},
      labels: { team: 'web' },
      paused: false,
      state: 'pending',
      lastRunAt: null,
    });
    expect((await admin(built, 'GET', `/api/monitors/${monitor.id}`)).body).toEqual(monitor);
    expect((await admin(built, 'GET', '/api/monitors')).body.monitors).toEqual([monitor]);

    const replaced = await admin(built, 'PUT', `/api/monitors/${monitor.id}`, {
      url: `${target.origin}/old`,
      interval: 60,
      alerts: [{ type: 'slack', url: 'http://10.1.2.3/slack' }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ interval: 60, expect: { failOn: 'error' }, labels: {} });
    expect(replaced.body.alerts).toEqual([{ type: 'slack', url: 'http://10.1.2.3/…' }]);

    expect((await admin(built, 'POST', `/api/monitors/${monitor.id}/pause`)).body.paused).toBe(true);
    expect((await admin(built, 'POST', `/api/monitors/${monitor.id}/resume`)).body.paused).toBe(false);
    expect((await admin(built, 'DELETE', `/api/monitors/${monitor.id}`)).status).toBe(204);
    const gone = await admin(built, 'GET', `/api/monitors/${monitor.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('NOT_FOUND');
    expect((await admin(built, 'DELETE', `/api/monitors/${monitor.id}`)).status).toBe(404);
  });

  it.each([
    [{}, 'url'],
    [{ url: 'ftp://example.com/' }, 'url'],
    [{ url: 'https://example.com/', interval: 59 }, 'interval'],
    [{ url: 'https://example.com/', interval: 86_401 }, 'interval'],
    [{ url: 'https://example.com/', interval: '3600' }, 'interval'],
    [{ url: 'https://example.com/', expect: { status: 99 } }, 'expect.status'],
    [{ url: 'https://example.com/', expect: { failOn: 'fatal' } }, 'expect.failOn'],
    [{ url: 'https://example.com/', expect: { target: 'not a url' } }, 'expect.target'],
    [{ url: 'https://example.com/', options: { maxHops: 50 } }, 'options.maxHops'],
    [{ url: 'https://example.com/', options: { method: 'POST' } }, 'options.method'],
    [{ url: 'https://example.com/', alerts: [{ type: 'email', url: 'https://x.example/' }] }, 'alerts.0.type'],
    [{ url: 'https://example.com/', alerts: [{ type: 'webhook', url: 'mailto:x@y' }] }, 'alerts.0.url'],
    // A webhook URL as the API shows it (redacted), say from an export imported on another instance, would never
    // deliver: refused rather than kept.
    [{ url: 'https://example.com/', alerts: [{ type: 'slack', url: 'https://hooks.example/…' }] }, 'alerts.0.url'],
    [
      { url: 'https://example.com/', alerts: [{ type: 'webhook', url: 'https://h.example/%E2%80%A6' }] },
      'alerts.0.url',
    ],
    [{ url: 'https://example.com/', colour: 'red' }, 'colour'],
    // Text PostgreSQL cannot store (a NUL, a lone surrogate) was a 500 from the database; now a 400 naming it.
    [{ url: 'https://example.com/', labels: { team: 'a\u0000b' } }, 'labels.team'],
    [{ url: 'https://example.com/', labels: { team: 'x\ud800' } }, 'labels.team'],
    [{ url: 'https://example.com/', labels: { '\udc00k': 'v' } }, 'labels.\udc00k'],
    // A User-Agent the analysis refuses (CR/LF) was accepted here, then failed every run.
    [{ url: 'https://example.com/', options: { userAgent: 'bot\r\nX-Injected: 1' } }, 'options.userAgent'],
    // The crawler must be a product token (RFC 9309 §2.2.1), as `GET /api/analyze` requires.
    [{ url: 'https://example.com/', options: { crawler: 'Google bot/2.1' } }, 'options.crawler'],
    [{ url: 'https://example.com/', options: { crawler: 'b'.repeat(65) } }, 'options.crawler'],
    [
      { url: 'https://example.com/', labels: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) },
      'labels',
    ],
    [{ url: 'https://example.com/', labels: { ['k'.repeat(65)]: 'v' } }, `labels.${'k'.repeat(65)}`],
    [{ url: 'https://example.com/', labels: { k: 'v'.repeat(257) } }, 'labels.k'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const built = await app();
    const response = await admin(built, 'POST', '/api/monitors', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'INVALID_PARAMETER', parameter: field });
    expect(response.body.error.message).toContain(`"${field}"`);
  });

  it('refuses a rendered monitor where the instance does not render', async () => {
    const built = await app();
    const response = await admin(built, 'POST', '/api/monitors', { url: target.origin, options: { render: true } });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'RENDER_DISABLED', parameter: 'options.render' });
  });

  it('judges the destination for the crawler the monitor names (Googlebot when it names none)', async () => {
    const built = await app();
    const codes = async (options: object) => {
      const { body: monitor } = await admin(built, 'POST', '/api/monitors', {
        url: `${target.origin}/old`,
        options,
        paused: true,
      });
      expect(monitor.options).toMatchObject(options);
      const run = await admin(built, 'POST', `/api/monitors/${monitor.id}/run`);
      return run.body.issues.map((issue: { type: string }) => issue.type);
    };
    expect(await codes({ crawler: 'bingbot' })).toContain('robots_blocked_destination');
    expect(await codes({})).not.toContain('robots_blocked_destination');
  });

  it('runs a monitor now and pages its history, newest first', async () => {
    const built = await app();
    const { body: monitor } = await admin(built, 'POST', '/api/monitors', {
      url: `${target.origin}/old`,
      expect: { target: `${target.origin}/new` },
      paused: true,
    });
    const run = await admin(built, 'POST', `/api/monitors/${monitor.id}/run`);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ outcome: 'passed', reasons: [], finalUrl: `${target.origin}/new`, repeats: 1 });
    expect(run.body.chain.map((hop: { status: number }) => hop.status)).toEqual([301, 200]);
    // Same outcome, chain and findings: the same row, one more repeat.
    expect((await admin(built, 'POST', `/api/monitors/${monitor.id}/run`)).body).toMatchObject({
      id: run.body.id,
      repeats: 2,
    });
    await admin(built, 'PUT', `/api/monitors/${monitor.id}`, {
      url: `${target.origin}/old`,
      expect: { target: `${target.origin}/elsewhere` },
      paused: true,
    });
    const failed = await admin(built, 'POST', `/api/monitors/${monitor.id}/run`);
    expect(failed.body.outcome).toBe('failed');
    expect(failed.body.reasons).toEqual([`final URL is ${target.origin}/new, expected ${target.origin}/elsewhere`]);
    expect((await admin(built, 'GET', `/api/monitors/${monitor.id}`)).body.state).toBe('failed');
    // Edited again, it fails the same way against another expectation: a row of its own, naming the new one (the
    // history showed the old expectation when the reasons were not part of what makes two runs the same).
    await admin(built, 'PUT', `/api/monitors/${monitor.id}`, {
      url: `${target.origin}/old`,
      expect: { target: `${target.origin}/other` },
      paused: true,
    });
    const again = await admin(built, 'POST', `/api/monitors/${monitor.id}/run`);
    expect(again.body).toMatchObject({
      repeats: 1,
      reasons: [`final URL is ${target.origin}/new, expected ${target.origin}/other`],
    });
    expect(again.body.id).not.toBe(failed.body.id);

    const first = await admin(built, 'GET', `/api/monitors/${monitor.id}/runs?limit=2`);
    expect(first.body.runs.map((r: { id: string }) => r.id)).toEqual([again.body.id, failed.body.id]);
    expect(first.body.next).toBe(failed.body.id);
    const second = await admin(built, 'GET', `/api/monitors/${monitor.id}/runs?limit=1&before=${first.body.next}`);
    expect(second.body.runs).toMatchObject([{ id: run.body.id, outcome: 'passed', repeats: 2 }]);
    expect(second.body.next).toBeNull();
    expect((await admin(built, 'GET', `/api/monitors/${monitor.id}/runs?limit=0`)).body.error.parameter).toBe('limit');
    expect((await admin(built, 'GET', `/api/monitors/${monitor.id}/runs?before=x`)).body.error.parameter).toBe(
      'before',
    );
    expect((await admin(built, 'GET', '/api/monitors/nope/runs')).status).toBe(404);
  });

  it('analyses under the service address policy: a private target outside HOPLENS_ALLOW_NETWORKS errors', async () => {
    const built = await monitorApp({ DATABASE_URL: await postgres.createDatabase(), HOPLENS_ALLOW_NETWORKS: '' });
    cleanups.push(() => built.close());
    const { body: monitor } = await admin(built, 'POST', '/api/monitors', { url: `${target.origin}/`, paused: true });
    const run = await admin(built, 'POST', `/api/monitors/${monitor.id}/run`);
    expect(run.body).toMatchObject({ outcome: 'errored', error: { code: 'BLOCKED_DESTINATION' } });
  });

  it('is in the OpenAPI document, tagged, with the bearer scheme', async () => {
    const built = await app();
    const document = (await built.inject({ url: '/openapi.json' })).json();
    expect(
      Object.keys(document.paths)
        .filter((path) => path.startsWith('/api/monitors'))
        .sort(),
    ).toEqual([
      '/api/monitors',
      '/api/monitors/{id}',
      '/api/monitors/{id}/alerts',
      '/api/monitors/{id}/pause',
      '/api/monitors/{id}/resume',
      '/api/monitors/{id}/run',
      '/api/monitors/{id}/runs',
      '/api/monitors/{id}/ticks',
    ]);
    expect(document.paths['/api/monitors'].post.tags).toEqual(['monitors']);
    expect(
      document.paths['/api/monitors'].post.requestBody.content['application/json'].schema.properties.interval,
    ).toMatchObject({ minimum: 60, maximum: 86_400 });
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
