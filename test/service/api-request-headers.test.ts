/**
 * The service's request headers: `header.NAME=value` for the allow-list of src/core/portable/api-headers.ts only,
 * sent on every hop; any other name (a credential, the Host, a forged client address, or just not listed) is a 400
 * naming it, before any request leaves. A site that picks its language by Accept-Language, as RFC 9110 §12.5.4
 * (https://www.rfc-editor.org/rfc/rfc9110#section-12.5.4) describes proactive negotiation, is the oracle.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/index.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { appWith } from '../helpers/service.js';

/** `/` redirects French readers to /fr/, everyone else to /en/; both pages answer 200. */
function site(req: IncomingMessage, res: ServerResponse): void {
  if (req.url === '/') {
    const french = (req.headers['accept-language'] ?? '').toLowerCase().startsWith('fr');
    res.writeHead(302, { location: french ? '/fr/' : '/en/' });
  } else res.writeHead(200, { 'content-type': 'text/plain' });
  res.end();
}

let server: TestServer;
let service: FastifyInstance;
const URL_GIVEN = 'http://lang.test/';

beforeAll(async () => {
  server = await startServer(site);
  // The test's seam, as in variants.test.ts: the names resolve nowhere, the analyzer connects them to the server.
  const analyzer = new Analyzer({ connectTo: [`:80:127.0.0.1:${server.port}`, `:443:127.0.0.1:${server.port}`] });
  service = await appWith({ HOPLENS_RATE_LIMIT_PER_MINUTE: '100' }, { analyzer });
});

afterAll(async () => {
  await Promise.all([service?.close(), server?.close()]);
});

const analyze = (extra: string) =>
  service.inject({ url: `/api/analyze?url=${encodeURIComponent(URL_GIVEN)}&robots=false${extra}` });

describe('API request headers', () => {
  it('sends an allowed header on every hop, and it changes where the site redirects', async () => {
    const plain = await analyze('');
    expect(plain.statusCode).toBe(200);
    expect(plain.json().chain.at(-1).url).toBe('http://lang.test/en/');
    const before = server.received.length;
    const french = await analyze(
      '&header.accept-language=fr-FR&header.referer=https%3A%2F%2Fexample.org%2F&header.accept=text%2Fplain',
    );
    expect(french.statusCode).toBe(200);
    expect(french.json().chain.at(-1).url).toBe('http://lang.test/fr/');
    const hops = server.received.slice(before);
    expect(hops).toHaveLength(2);
    for (const hop of hops) {
      expect(hop.headers['accept-language']).toBe('fr-FR');
      expect(hop.headers.referer).toBe('https://example.org/');
      // The caller's Accept replaces the tracer's default one (it used to be overwritten: src/core/hop/sender.ts).
      expect(hop.headers.accept).toBe('text/plain');
    }
  });

  it.each([
    ['authorization', 'Basic dTpw', /carries a credential/],
    ['cookie', 'session=1', /carries a credential/],
    ['host', 'other.test', /carries a credential, the host/],
    ['x-forwarded-for', '203.0.113.9', /client address/],
    ['forwarded', 'for=203.0.113.9', /client address/],
    ['x-custom', '1', /is not allowed: the service sets only Accept-Language, Accept, Referer/],
    ['Accept-Language', 'fr', /is written in lower case: header\.accept-language/],
  ])('refuses header.%s with a 400 naming it, sending nothing', async (name, value, why) => {
    const before = server.received.length;
    const response = await analyze(`&header.${name}=${encodeURIComponent(value)}`);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.message).toContain(`"header.${name}"`);
    expect(error.message).toMatch(why);
    expect(server.received.length).toBe(before);
  });

  it('refuses an allowed header given twice, and a value the core refuses', async () => {
    const twice = await analyze('&header.accept-language=fr&header.accept-language=de');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toContain('"header.accept-language": must be given once');
    const control = await analyze(`&header.referer=${encodeURIComponent('a\u0001b')}`);
    expect(control.statusCode).toBe(400);
    expect(control.json().error.code).toBe('INVALID_PARAMETER');
  });

  it('/api/variants sends the headers on every variant and refuses the same names', async () => {
    const before = server.received.length;
    const path = `/api/variants?url=${encodeURIComponent(URL_GIVEN)}&robots=false&header.accept-language=fr`;
    const response = await service.inject({ url: path });
    expect(response.statusCode).toBe(200);
    expect(response.json().canonical).toBe('http://lang.test/fr/');
    const seen = server.received.slice(before);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((request) => request.headers['accept-language'] === 'fr')).toBe(true);
    const refused = await service.inject({
      url: `/api/variants?url=${encodeURIComponent(URL_GIVEN)}&header.authorization=x`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('"header.authorization"');
  });

  it('the OpenAPI document lists each allowed header parameter and no other', async () => {
    const doc = (await service.inject({ url: '/openapi.json' })).json();
    const names = (doc.paths['/api/analyze'].get.parameters as { name: string }[])
      .map((parameter) => parameter.name)
      .filter((name) => name.startsWith('header.'));
    expect(names.sort()).toEqual(
      [
        'header.accept',
        'header.accept-language',
        'header.cache-control',
        'header.pragma',
        'header.referer',
        'header.upgrade-insecure-requests',
      ].sort(),
    );
  });
});
