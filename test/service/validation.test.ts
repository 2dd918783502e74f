import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { chainRoutes, startRedirectServer, type TestServer } from '../helpers/servers.js';
import { analyzePath, appWith, rateLimitOf } from '../helpers/service.js';
import { USER_AGENT_CASES } from '../helpers/user-agent-cases.js';

/** Every 400 of the issue: the parameter is named in `error.parameter` and in the message. */
describe('GET /api/analyze input validation', () => {
  let app: FastifyInstance;
  let target: TestServer;
  let url: string;

  beforeAll(async () => {
    target = await startRedirectServer(chainRoutes(0));
    url = `${target.origin}/hop/0`;
    // A limit high enough that this file never meets a 429.
    app = await appWith({ HOPLENS_RATE_LIMIT_PER_MINUTE: '100000', HOPLENS_RATE_LIMIT_PER_DAY: '100000' });
  });
  afterAll(async () => {
    await app.close();
    await target.close();
  });

  const cases: Array<[string, () => Record<string, string | string[]>, string, string]> = [
    ['url missing', () => ({}), 'url', 'INVALID_PARAMETER'],
    ['url empty', () => ({ url: '' }), 'url', 'INVALID_PARAMETER'],
    ['url not a URL', () => ({ url: 'abc' }), 'url', 'INVALID_URL'],
    ['url relative', () => ({ url: '/path/only' }), 'url', 'INVALID_URL'],
    ['url ftp', () => ({ url: 'ftp://example.com/file' }), 'url', 'INVALID_URL'],
    ['url javascript', () => ({ url: 'javascript:alert(1)' }), 'url', 'INVALID_URL'],
    ['url 2049 characters', () => ({ url: `http://example.com/${'a'.repeat(2049 - 19)}` }), 'url', 'INVALID_PARAMETER'],
    ['url repeated', () => ({ url: [url, url] }), 'url', 'INVALID_PARAMETER'],
    ['maxHops 0', () => ({ url, maxHops: '0' }), 'maxHops', 'INVALID_PARAMETER'],
    ['maxHops 21', () => ({ url, maxHops: '21' }), 'maxHops', 'INVALID_PARAMETER'],
    ['maxHops 1.5', () => ({ url, maxHops: '1.5' }), 'maxHops', 'INVALID_PARAMETER'],
    ['maxHops 10.0', () => ({ url, maxHops: '10.0' }), 'maxHops', 'INVALID_PARAMETER'],
    ['maxHops abc', () => ({ url, maxHops: 'abc' }), 'maxHops', 'INVALID_PARAMETER'],
    ['maxHops 1e1', () => ({ url, maxHops: '1e1' }), 'maxHops', 'INVALID_PARAMETER'],
    ['maxHops " 10"', () => ({ url, maxHops: ' 10' }), 'maxHops', 'INVALID_PARAMETER'],
    ['maxHops "10 "', () => ({ url, maxHops: '10 ' }), 'maxHops', 'INVALID_PARAMETER'],
    ['maxHops -1', () => ({ url, maxHops: '-1' }), 'maxHops', 'INVALID_PARAMETER'],
    ['maxHops +5', () => ({ url, maxHops: '+5' }), 'maxHops', 'INVALID_PARAMETER'],
    ['maxHops 0x10', () => ({ url, maxHops: '0x10' }), 'maxHops', 'INVALID_PARAMETER'],
    ['maxHops empty', () => ({ url, maxHops: '' }), 'maxHops', 'INVALID_PARAMETER'],
    ['maxHops repeated', () => ({ url, maxHops: ['5', '5'] }), 'maxHops', 'INVALID_PARAMETER'],
    ['timeout 999', () => ({ url, timeout: '999' }), 'timeout', 'INVALID_PARAMETER'],
    ['timeout 30001', () => ({ url, timeout: '30001' }), 'timeout', 'INVALID_PARAMETER'],
    ['timeout 1e3', () => ({ url, timeout: '1e3' }), 'timeout', 'INVALID_PARAMETER'],
    ['timeout 1500.5', () => ({ url, timeout: '1500.5' }), 'timeout', 'INVALID_PARAMETER'],
    ['timeout abc', () => ({ url, timeout: 'abc' }), 'timeout', 'INVALID_PARAMETER'],
    ['timeout " 5000"', () => ({ url, timeout: ' 5000' }), 'timeout', 'INVALID_PARAMETER'],
    ['timeout huge', () => ({ url, timeout: '99999999999999999999999' }), 'timeout', 'INVALID_PARAMETER'],
    ['timeout repeated', () => ({ url, timeout: ['5000', '6000'] }), 'timeout', 'INVALID_PARAMETER'],
    ['userAgent empty', () => ({ url, userAgent: '' }), 'userAgent', 'INVALID_PARAMETER'],
    ['userAgent repeated', () => ({ url, userAgent: ['a', 'b'] }), 'userAgent', 'INVALID_PARAMETER'],
  ];

  it.each(cases)('%s: 400 naming the parameter', async (_name, params, parameter, code) => {
    const before = target.requests.length;
    const response = await app.inject({ url: analyzePath(params()) });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.error.code).toBe(code);
    expect(body.error.parameter).toBe(parameter);
    // A bad URL is said in a sentence about the URL; other parameters are named in the message.
    expect(body.error.message).toContain(parameter === 'url' && code === 'INVALID_URL' ? 'URL' : `"${parameter}"`);
    expect(body.chain).toBeUndefined();
    // The rate-limit status is reported on a 400 too, and the target was never contacted.
    const rateLimit = rateLimitOf(response);
    expect(rateLimit.body).toEqual(rateLimit.headers);
    expect(target.requests.length).toBe(before);
  });

  it('says why, in words', async () => {
    const hops = await app.inject({ url: analyzePath({ url, maxHops: '1.5' }) });
    expect(hops.json().error.message).toBe('Invalid parameter "maxHops": must be an integer from 1 to 20, got "1.5"');
    const timeout = await app.inject({ url: analyzePath({ url, timeout: '999' }) });
    expect(timeout.json().error.message).toBe(
      'Invalid parameter "timeout": must be an integer from 1000 to 30000, got "999"',
    );
    const missing = await app.inject({ url: '/api/analyze' });
    expect(missing.json().error.message).toBe('Parameter "url" is required');
    const repeated = await app.inject({ url: `/api/analyze?url=${encodeURIComponent(url)}&maxHops=2&maxHops=3` });
    expect(repeated.json().error.message).toBe(
      'Invalid parameter "maxHops": must be given once, not repeated, got 2 values',
    );
    // A length limit says the length it got, not the (long) text.
    const agent = await app.inject({ url: analyzePath({ url, userAgent: 'x'.repeat(600) }) });
    expect(agent.json().error.message).toBe(
      'Invalid parameter "userAgent": must be at most 512 characters, got 600 characters',
    );
    const long = await app.inject({ url: analyzePath({ url: `http://example.com/${'a'.repeat(2100)}` }) });
    expect(long.json().error).toMatchObject({
      code: 'INVALID_PARAMETER',
      parameter: 'url',
      message: 'Invalid parameter "url": must be at most 2048 characters, got 2119 characters',
    });
    const control = await app.inject({ url: analyzePath({ url, userAgent: 'a\nb' }) });
    expect(control.json().error.message).toBe('Invalid parameter "userAgent": must not contain control characters');
  });

  // The same cases as the library's (test/core/options.test.ts): one rule, decided in the core.
  it.each(USER_AGENT_CASES)('userAgent: $name is accepted exactly when the library accepts it', async (agent) => {
    const response = await app.inject({ url: analyzePath({ url, userAgent: agent.value }) });
    expect(response.statusCode).toBe(agent.accepted ? 200 : 400);
    if (!agent.accepted) {
      expect(response.json().error).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'userAgent' });
    }
  });

  it.each([
    ['maxHops 1', { maxHops: '1' }],
    ['maxHops 20', { maxHops: '20' }],
    ['maxHops 010', { maxHops: '010' }],
    ['timeout 1000', { timeout: '1000' }],
    ['timeout 30000', { timeout: '30000' }],
    ['userAgent of 512 characters', { userAgent: 'u'.repeat(512) }],
    ['userAgent with Latin-1', { userAgent: 'robot café/1.0 (+https://example.com)' }],
  ])('accepts the boundary %s', async (_name, extra) => {
    const response = await app.inject({ url: analyzePath({ url, ...extra }) });
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
  });

  it('accepts a URL of exactly 2048 characters', async () => {
    const long = `${target.origin}/${'p'.repeat(2048 - target.origin.length - 1)}`;
    expect(long).toHaveLength(2048);
    const response = await app.inject({ url: analyzePath({ url: long }) });
    expect(response.statusCode).toBe(200);
    expect(response.json().chain[0].status).toBe(404);
  });

  it('ignores parameters it does not know', async () => {
    const response = await app.inject({ url: analyzePath({ url, _: '12345', utm_source: ['a', 'b'] }) });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/analyze client redirect and render parameters', () => {
  let app: FastifyInstance;
  let target: TestServer;

  beforeAll(async () => {
    target = await startRedirectServer({
      '/stub': {
        status: 200,
        headers: { 'content-type': 'text/html' },
        body: '<meta http-equiv="refresh" content="0;url=/new">',
      },
      '/new': { status: 200, body: 'new' },
    });
    app = await appWith({
      HOPLENS_RATE_LIMIT_PER_MINUTE: '100000',
      HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8',
    });
  });
  afterAll(async () => {
    await app.close();
    await target.close();
  });

  it('follows client redirects by default and reports them with clientRedirects=report', async () => {
    const url = `${target.origin}/stub`;
    const follow = await app.inject({ url: analyzePath({ url }) });
    expect(follow.json().chain.map((hop: { redirectVia?: string }) => hop.redirectVia)).toEqual([
      'meta-refresh',
      undefined,
    ]);
    const report = await app.inject({ url: analyzePath({ url, clientRedirects: 'report' }) });
    expect(report.json().chain).toHaveLength(1);
  });

  it.each([
    ['clientRedirects', 'always', 'must be one of follow, report'],
    ['render', 'yes', 'must be true or false'],
    ['render', '1', 'must be true or false'],
    ['renderWait', '10001', 'must be an integer from 0 to 10000'],
    ['robots', 'no', 'must be true or false'],
    ['crawler', 'Googlebot/2.1', "must be a crawler's product token"],
    ['crawler', '', 'must not be empty'],
  ])('refuses %s=%s with 400 naming it', async (parameter, value, why) => {
    const response = await app.inject({ url: analyzePath({ url: `${target.origin}/stub`, [parameter]: value }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'INVALID_PARAMETER', parameter });
    expect(response.json().error.message).toContain(why);
  });

  it('answers render=true with 400 RENDER_DISABLED where the instance does not render', async () => {
    const response = await app.inject({ url: analyzePath({ url: `${target.origin}/stub`, render: 'true' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'RENDER_DISABLED', parameter: 'render' });
  });
});

describe('GET /api/analyze robots parameter and the instance policy (HOPLENS_CONFIG)', () => {
  let target: TestServer;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    target = await startRedirectServer({
      '/old': { status: 301, location: '/private/page' },
      '/private/page': { status: 200, body: 'page' },
      '/robots.txt': {
        status: 200,
        headers: { 'content-type': 'text/plain' },
        body: 'User-agent: *\nDisallow: /private/\n',
      },
    });
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await target.close();
  });

  async function typesFrom(app: FastifyInstance, params: Record<string, string>): Promise<string[]> {
    const response = await app.inject({ url: analyzePath({ url: `${target.origin}/old`, ...params }) });
    expect(response.statusCode).toBe(200);
    return response.json().summary.issues.map((issue: { type: string }) => issue.type);
  }

  it('reports robots_blocked_destination by default and not with robots=false', async () => {
    const app = await appWith({ HOPLENS_RATE_LIMIT_PER_MINUTE: '100000' });
    apps.push(app);
    expect(await typesFrom(app, {})).toContain('robots_blocked_destination');
    expect(await typesFrom(app, { robots: 'false' })).not.toContain('robots_blocked_destination');
  });

  it('judges for Googlebot by default and for the crawler named by crawler=, saying which', async () => {
    const app = await appWith({ HOPLENS_RATE_LIMIT_PER_MINUTE: '100000' });
    apps.push(app);
    const crawlerOf = async (params: Record<string, string>) =>
      (await app.inject({ url: analyzePath({ url: `${target.origin}/old`, ...params }) })).json().summary.crawler;
    expect(await crawlerOf({})).toBe('Googlebot');
    expect(await crawlerOf({ crawler: 'bingbot' })).toBe('bingbot');
  });

  it('applies the policy file named by HOPLENS_CONFIG to every analysis', async () => {
    const dir = await tempDir();
    try {
      const file = join(dir.path, 'hoplens.config.json');
      await writeFile(file, JSON.stringify({ severity: { robots_blocked_destination: 'off', not_https: 'error' } }));
      const app = await appWith({ HOPLENS_RATE_LIMIT_PER_MINUTE: '100000', HOPLENS_CONFIG: file });
      apps.push(app);
      const response = await app.inject({ url: analyzePath({ url: `${target.origin}/old` }) });
      const issues = response.json().summary.issues as Array<{ type: string; severity: string }>;
      expect(issues.map((issue) => issue.type)).not.toContain('robots_blocked_destination');
      expect(issues.find((issue) => issue.type === 'not_https')?.severity).toBe('error');
    } finally {
      await dir.remove();
    }
  });
});
