/**
 * The HSTS findings of issue 46, against real servers on loopback: `hsts_invalid` (RFC 6797 §6.1, §8.1) and the
 * three read from hstspreload.org's documented submission requirements (https://hstspreload.org/, "Submission
 * Requirements": "Redirect from HTTP to HTTPS on the same host"; "If you are serving an additional redirect from your
 * HTTPS site, that redirect must still have the HSTS header"; "The max-age must be at least 31536000 seconds (1 year).
 * The includeSubDomains directive must be specified.").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer, type Issue } from '../../../src/index.js';
import { tableResolver } from '../../helpers/resolvers.js';
import { startHttpsServer, startServer, type TestServer } from '../../helpers/servers.js';
import { createTestPki, type TestPki } from '../../helpers/tls-certificates.js';
import { LOOPBACK } from '../helpers/analysis.js';

const APEX = 'apex.test';
const WWW = `www.${APEX}`;
const PRELOAD = 'max-age=31536000; includeSubDomains; preload';
const resolver = tableResolver({ [APEX]: '127.0.0.1', [WWW]: '127.0.0.1' });

/** What `host` + `path` answers: a status, a Location (a path on the other server, by scheme) and headers. */
type Answer = { status: number; to?: string; sts?: string };
let routes: Record<string, Answer> = {};
let pki: TestPki;
let analyzer: Analyzer;
let plain: TestServer;
let secure: TestServer;

/** `http://apex.test:PORT/x` or `https://...`, on this test's servers. */
function at(scheme: 'http' | 'https', host: string, path = '/'): string {
  return `${scheme}://${host}:${scheme === 'http' ? plain.port : secure.port}${path}`;
}

function answer(scheme: 'http' | 'https') {
  return (req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const route = routes[`${scheme}://${host}${req.url}`] ?? { status: 404 };
    const headers: Record<string, string> = { 'content-type': 'text/plain' };
    if (route.to !== undefined) headers.location = route.to;
    if (route.sts !== undefined) headers['strict-transport-security'] = route.sts;
    res.writeHead(route.status, headers).end('ok');
  };
}

beforeAll(async () => {
  pki = createTestPki(APEX, [APEX, WWW]);
  analyzer = new Analyzer({ resolver, ca: pki.ca });
  plain = await startServer(answer('http'));
  secure = await startHttpsServer(answer('https'), pki.valid);
});
afterAll(async () => {
  await analyzer.close();
  await Promise.all([plain.close(), secure.close()]);
});

/** The HSTS findings of an analysis of `start` over `table` (keys `scheme://host/path`). */
async function hstsFindings(start: string, table: Record<string, Answer>): Promise<Issue[]> {
  routes = table;
  const result = await analyzer.analyze(start, LOOPBACK);
  return result.summary.issues.filter((issue) => issue.type.startsWith('hsts_') && issue.type !== 'hsts_missing');
}

describe('hsts_preload_order', () => {
  it('an http hop of a site claiming preload that goes to another host first', async () => {
    const found = await hstsFindings(at('http', APEX), {
      [`http://${APEX}/`]: { status: 301, to: at('https', WWW) },
      [`https://${WWW}/`]: { status: 200, sts: PRELOAD },
    });
    expect(found).toEqual([expect.objectContaining({ type: 'hsts_preload_order', severity: 'warning', hop: 0 })]);
    expect(found[0]!.message).toContain(`https://${APEX}:${plain.port}/`);
  });

  it('not when the http hop goes to https on the same host first, each redirect carrying the header', async () => {
    const found = await hstsFindings(at('http', APEX), {
      [`http://${APEX}/`]: { status: 301, to: at('https', APEX) },
      [`https://${APEX}/`]: { status: 301, to: at('https', WWW), sts: PRELOAD },
      [`https://${WWW}/`]: { status: 200, sts: PRELOAD },
    });
    expect(found).toEqual([]);
  });

  it('not on a site that does not claim preload (the requirements are for a submission)', async () => {
    const found = await hstsFindings(at('http', APEX), {
      [`http://${APEX}/`]: { status: 301, to: at('https', WWW) },
      [`https://${WWW}/`]: { status: 200, sts: 'max-age=31536000; includeSubDomains' },
    });
    expect(found).toEqual([]);
  });
});

describe('hsts_redirect_without_header', () => {
  it('an https redirect without the header, on a site claiming preload', async () => {
    const found = await hstsFindings(at('https', APEX), {
      [`https://${APEX}/`]: { status: 301, to: at('https', WWW) },
      [`https://${WWW}/`]: { status: 200, sts: PRELOAD },
    });
    expect(found).toEqual([
      expect.objectContaining({ type: 'hsts_redirect_without_header', severity: 'warning', hop: 0 }),
    ]);
  });

  it('an https redirect whose header is invalid counts as without it, and is hsts_invalid too', async () => {
    const found = await hstsFindings(at('https', APEX), {
      [`https://${APEX}/`]: { status: 301, to: at('https', WWW), sts: 'max-age=31536000; preload; PRELOAD' },
      [`https://${WWW}/`]: { status: 200, sts: PRELOAD },
    });
    expect(found.map((issue) => [issue.type, issue.hop]).sort()).toEqual([
      ['hsts_invalid', 0],
      ['hsts_redirect_without_header', 0],
    ]);
    expect(found.find((issue) => issue.type === 'hsts_invalid')!.message).toContain(
      'the preload directive appears twice',
    );
  });
});

describe('hsts_preload_ineligible', () => {
  it('preload claimed with a max-age under a year and no includeSubDomains', async () => {
    const found = await hstsFindings(at('https', WWW), {
      [`https://${WWW}/`]: { status: 200, sts: 'max-age=86400; preload' },
    });
    expect(found).toEqual([expect.objectContaining({ type: 'hsts_preload_ineligible', hop: 0 })]);
    expect(found[0]!.message).toMatch(/max-age of at least 31536000 \(1 year\) and includeSubDomains/);
  });

  it('not for a header claiming preload with both', async () => {
    expect(await hstsFindings(at('https', WWW), { [`https://${WWW}/`]: { status: 200, sts: PRELOAD } })).toEqual([]);
  });
});

describe('hsts_invalid', () => {
  it('on an https hop, naming the problem; not on an http hop, whose header browsers ignore anyway', async () => {
    const found = await hstsFindings(at('http', APEX), {
      [`http://${APEX}/`]: { status: 301, to: at('https', APEX), sts: 'includeSubDomains' },
      [`https://${APEX}/`]: { status: 200, sts: 'includeSubDomains' },
    });
    expect(found).toEqual([expect.objectContaining({ type: 'hsts_invalid', severity: 'warning', hop: 1 })]);
    expect(found[0]!.message).toContain('there is no max-age directive');
  });
});
