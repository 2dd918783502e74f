/**
 * The analyze route's answer holds only fields its schema declares, so JSON.stringify writes what fast-json-stringify
 * (which drops undeclared fields) would: on real analyses of many kinds (a chain, a loop, too many hops, a missing
 * Location, a meta refresh, a page with a canonical, HTTPS), both serialisers give the same JSON.
 */
import fastJson from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisResponseSchema } from '../../src/schemas/analysis-result.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';
import { analyzePath, appWith } from '../helpers/service.js';

const HTML = { 'content-type': 'text/html; charset=utf-8' };
let site: TestServer;
beforeAll(async () => {
  site = await startRedirectServer({
    '/a': { status: 301, location: '/b', headers: { 'set-cookie': 'k=v; Path=/', 'cache-control': 'max-age=60' } },
    '/b': { status: 302, location: '{origin}/c' },
    '/c': { status: 200, body: '<link rel="canonical" href="/other"><title>c</title>', headers: HTML },
    '/loop1': { status: 301, location: '/loop2' },
    '/loop2': { status: 301, location: '/loop1' },
    '/nolocation': { status: 301 },
    '/badlocation': { status: 302, location: 'http://[::1' },
    '/meta': { status: 200, body: '<meta http-equiv="refresh" content="0; url=/c">', headers: HTML },
    '/gone': { status: 410, body: 'gone' },
    '/noindex': { status: 200, body: 'x', headers: { ...HTML, 'x-robots-tag': 'noindex' } },
  });
});
afterAll(async () => {
  await site.close();
});

describe('the answer of GET /api/analyze', () => {
  it('is the same JSON by JSON.stringify as by the schema’s serialiser, for analyses of every kind', async () => {
    const app = await appWith({ HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8' });
    const bySchema = fastJson(AnalysisResponseSchema);
    const cases = ['/a', '/loop1', '/nolocation', '/badlocation', '/meta', '/gone', '/noindex', '/missing'];
    const extra: Record<string, string> = { '/a': 'maxHops', '/loop1': 'method' };
    try {
      for (const path of cases) {
        const query: Record<string, string> = { url: `${site.origin}${path}` };
        if (extra[path] === 'maxHops') query.maxHops = '1';
        if (extra[path] === 'method') query.method = 'HEAD';
        const response = await app.inject({ url: analyzePath(query) });
        expect(response.statusCode, path).toBe(200);
        const answer = response.json();
        expect(JSON.parse(bySchema(answer)), path).toEqual(answer);
      }
    } finally {
      await app.close();
    }
  });
});
