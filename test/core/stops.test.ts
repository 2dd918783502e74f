/**
 * Chains that end early but still give a successful result with a finding: loops, maxHops, a missing or invalid
 * Location, and redirects into blocked address space.
 */
import { describe, expect, it } from 'vitest';
import { type AnalysisResult, Analyzer, type Issue } from '../../src/index.js';
import { tableResolver } from '../helpers/resolvers.js';
import { chainRoutes, startRedirectServer, startServer, type TestServer } from '../helpers/servers.js';
import { closeAfterEach, LOOPBACK, since } from './helpers/analysis.js';

const analyzer = new Analyzer();
const track = closeAfterEach(analyzer);

function issue(result: AnalysisResult, type: Issue['type']): Issue | undefined {
  return result.summary.issues.find((found) => found.type === type);
}

describe('redirect loops', () => {
  it('stops at a redirect to itself', async () => {
    const server = await track(startRedirectServer({ '/self': { status: 302, location: '/self' } }));
    const result = await analyzer.analyze(`${server.origin}/self`, LOOPBACK);
    expect(result.success).toBe(true);
    expect(result.chain).toHaveLength(1);
    expect(result.summary.hasLoop).toBe(true);
    expect(issue(result, 'redirect_loop')).toMatchObject({ severity: 'error', hop: 0, loopsTo: 0 });
    expect(server.requests).toEqual(['/self']);
  });

  it('stops when the chain comes back to an earlier URL, whatever the fragment', async () => {
    const server = await track(
      startRedirectServer({
        '/a': { status: 301, location: '/b' },
        '/b': { status: 301, location: '/c' },
        '/c': { status: 301, location: '/b#elsewhere' },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/a`, LOOPBACK);
    expect(result.chain.map((hop) => hop.status)).toEqual([301, 301, 301]);
    expect(result.summary).toMatchObject({ totalHops: 3, hasLoop: true, finalStatus: 301 });
    expect(issue(result, 'redirect_loop')).toMatchObject({ hop: 2, loopsTo: 1 });
    expect(issue(result, 'max_hops_reached')).toBeUndefined();
    expect(server.requests).toEqual(['/a', '/b', '/c']);
  });

  it('sees a loop through an empty fragment at once', async () => {
    const server = await track(startRedirectServer({ '/a': { status: 301, location: '/a#' } }));
    const result = await analyzer.analyze(`${server.origin}/a`, LOOPBACK);
    expect(result.chain).toHaveLength(1);
    expect(issue(result, 'redirect_loop')).toMatchObject({ hop: 0, loopsTo: 0 });
    expect(server.requests).toEqual(['/a']);
  });

  it('compares URLs as WHATWG parsing normalises them', async () => {
    let port = 0;
    const server = await track(
      startServer((req, res) => {
        // /b leads back to /a spelled differently: upper-case scheme, dot segments.
        res.writeHead(301, { location: req.url === '/a' ? '/b' : `HTTP://127.0.0.1:${port}/x/../a` });
        res.end();
      }),
    );
    port = server.port;
    const result = await analyzer.analyze(`${server.origin}/a`, LOOPBACK);
    expect(result.summary.hasLoop).toBe(true);
    expect(issue(result, 'redirect_loop')).toMatchObject({ hop: 1, loopsTo: 0 });
    expect(server.requests).toEqual(['/a', '/b']);
  });

  it('does not call a chain that only passes through different URLs a loop', async () => {
    const server = await track(startRedirectServer(chainRoutes(4)));
    const result = await analyzer.analyze(`${server.origin}/hop/0`, LOOPBACK);
    expect(result.summary.hasLoop).toBe(false);
    expect(issue(result, 'redirect_loop')).toBeUndefined();
  });
});

describe('cookies', () => {
  /** The classic cookie check: without the cookie, set it and come back; with it, serve the page. */
  async function cookieCheckServer(): Promise<TestServer> {
    return track(
      startServer((req, res) => {
        if (req.headers.cookie?.includes('session=abc')) {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('welcome');
          return;
        }
        res.writeHead(302, { location: '/page', 'set-cookie': 'session=abc; Path=/; HttpOnly' });
        res.end();
      }),
    );
  }

  it('follows a revisit that carries new cookies when cookies are on', async () => {
    const server = await cookieCheckServer();
    const result = await analyzer.analyze(`${server.origin}/page`, { ...LOOPBACK, cookies: true });
    expect(result.chain.map((hop) => hop.status)).toEqual([302, 200]);
    expect(result.summary.hasLoop).toBe(false);
    expect(server.received.map((req) => req.headers.cookie)).toEqual([undefined, 'session=abc']);
  });

  it('calls the same revisit a loop when cookies are off, and sends no cookie', async () => {
    const server = await cookieCheckServer();
    const result = await analyzer.analyze(`${server.origin}/page`, LOOPBACK);
    expect(result.chain.map((hop) => hop.status)).toEqual([302]);
    expect(result.summary.hasLoop).toBe(true);
    expect(issue(result, 'redirect_loop')).toMatchObject({ hop: 0, loopsTo: 0 });
    expect(server.received.map((req) => req.headers.cookie)).toEqual([undefined]);
  });

  it('still stops a loop that sets the same cookie every time', async () => {
    const server = await track(
      startServer((_req, res) => {
        res.writeHead(302, { location: '/page', 'set-cookie': 'session=abc; Path=/' });
        res.end();
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/page`, { ...LOOPBACK, cookies: true });
    // One revisit with the cookie, then the same request would repeat.
    expect(result.chain).toHaveLength(2);
    expect(result.summary.hasLoop).toBe(true);
    expect(issue(result, 'redirect_loop')).toMatchObject({ hop: 1, loopsTo: 1 });
  });

  it('keeps cookies to one analysis', async () => {
    const server = await cookieCheckServer();
    await analyzer.analyze(`${server.origin}/page`, { ...LOOPBACK, cookies: true });
    await analyzer.analyze(`${server.origin}/page`, { ...LOOPBACK, cookies: true });
    expect(server.received.map((req) => req.headers.cookie)).toEqual([
      undefined,
      'session=abc',
      undefined,
      'session=abc',
    ]);
  });
});

describe('maxHops', () => {
  it('stops with max_hops_reached when the last allowed hop still redirects', async () => {
    const server = await track(startRedirectServer(chainRoutes(10)));
    const result = await analyzer.analyze(`${server.origin}/hop/0`, { ...LOOPBACK, maxHops: 3 });
    expect(result.success).toBe(true);
    expect(result.chain).toHaveLength(3);
    expect(result.summary).toMatchObject({ totalHops: 3, finalStatus: 301, finalUrl: `${server.origin}/hop/2` });
    expect(issue(result, 'max_hops_reached')).toMatchObject({ severity: 'error', hop: 2 });
    expect(server.requests).toEqual(['/hop/0', '/hop/1', '/hop/2']);
  });

  it('stops after one hop with maxHops 1', async () => {
    const server = await track(startRedirectServer(chainRoutes(2)));
    const result = await analyzer.analyze(`${server.origin}/hop/0`, { ...LOOPBACK, maxHops: 1 });
    expect(result.chain).toHaveLength(1);
    expect(issue(result, 'max_hops_reached')).toMatchObject({ hop: 0 });
  });

  it('is not reached by a chain that ends exactly at maxHops', async () => {
    const server = await track(startRedirectServer(chainRoutes(2)));
    const result = await analyzer.analyze(`${server.origin}/hop/0`, { ...LOOPBACK, maxHops: 3 });
    expect(result.summary).toMatchObject({ totalHops: 3, finalStatus: 200 });
    expect(issue(result, 'max_hops_reached')).toBeUndefined();
  });

  it('defaults to 10 and allows 20', async () => {
    const server = await track(startRedirectServer(chainRoutes(25)));
    const byDefault = await analyzer.analyze(`${server.origin}/hop/0`, LOOPBACK);
    expect(byDefault.chain).toHaveLength(10);
    const longest = await analyzer.analyze(`${server.origin}/hop/0`, { ...LOOPBACK, maxHops: 20 });
    expect(longest.chain).toHaveLength(20);
    expect(issue(longest, 'max_hops_reached')).toMatchObject({ hop: 19 });
  });
});

describe('missing and invalid Location', () => {
  it.each([301, 302, 303, 307, 308])('stops at a %i without Location', async (status) => {
    const server = await track(startRedirectServer({ '/': { status } }));
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.success).toBe(true);
    expect(result.summary).toMatchObject({ totalHops: 1, finalStatus: status });
    expect(issue(result, 'missing_location')).toMatchObject({ severity: 'error', hop: 0 });
  });

  it('treats an empty Location as missing', async () => {
    const server = await track(startRedirectServer({ '/': { status: 302, location: '  ' } }));
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(issue(result, 'missing_location')).toMatchObject({ hop: 0 });
  });

  it.each([
    ['two different values', ['/one', '/two']],
    ['an unparsable URL', 'http://[not-an-ip]/'],
    ['a host with a forbidden code point', 'http://exa mple.test/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an ftp: URL', 'ftp://127.0.0.1/file'],
    ['a data: URL', 'data:text/html,<p>hi'],
    ['a file: URL', 'file:///etc/passwd'],
  ])('stops with invalid_location at %s', async (_name, location) => {
    const server = await track(startRedirectServer({ '/': { status: 302, location }, '/one': { status: 200 } }));
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.success).toBe(true);
    expect(result.chain).toHaveLength(1);
    expect(issue(result, 'invalid_location')).toMatchObject({ severity: 'error', hop: 0 });
    expect(server.requests).toEqual(['/']);
  });

  it('stops with invalid_location further down a chain, keeping the hops before it', async () => {
    const server = await track(
      startRedirectServer({ '/a': { status: 301, location: '/b' }, '/b': { status: 302, location: 'ftp://x/' } }),
    );
    const result = await analyzer.analyze(`${server.origin}/a`, LOOPBACK);
    expect(result.chain.map((hop) => hop.status)).toEqual([301, 302]);
    expect(issue(result, 'invalid_location')).toMatchObject({ hop: 1 });
    expect(issue(result, 'invalid_location')!.message).toContain('ftp:');
  });
});

describe('redirects into blocked address space', () => {
  /**
   * The chain starts on 127.0.0.2, the only address the policy lets through (the stand-in for a public address); a
   * second server on 127.0.0.1 (and one on ::1) must see no connection at all.
   */
  const ENTRY_ONLY = { allowNetworks: ['127.0.0.2/32'] };

  async function entryRedirectingTo(location: string, resolver = tableResolver({})): Promise<AnalysisResult> {
    const entry = await track(startRedirectServer({ '/': { status: 302, location } }, '127.0.0.2'));
    const scoped = new Analyzer({ resolver });
    try {
      const started = performance.now();
      const result = await scoped.analyze(`${entry.origin}/`, ENTRY_ONLY);
      expect(since(started)).toBeLessThan(2_000);
      expect(entry.requests).toEqual(['/']);
      return result;
    } finally {
      await scoped.close();
    }
  }

  function expectBlockedAtFirstHop(result: AnalysisResult): void {
    expect(result.success).toBe(true);
    expect(result.chain).toHaveLength(1);
    expect(result.chain[0]!.status).toBe(302);
    expect(issue(result, 'blocked_destination')).toMatchObject({ severity: 'error', hop: 0 });
  }

  it('does not follow a redirect to 127.0.0.1', async () => {
    const target = await track(startRedirectServer({ '/': { status: 200 } }));
    const result = await entryRedirectingTo(`http://127.0.0.1:${target.port}/`);
    expectBlockedAtFirstHop(result);
    expect(target.connections()).toBe(0);
  });

  it('does not follow a redirect to 127.0.0.1 written in another notation', async () => {
    const target = await track(startRedirectServer({ '/': { status: 200 } }));
    for (const host of ['0x7f.0.0.1', '2130706433', '0177.0.0.01', '127.1', '[::ffff:127.0.0.1]']) {
      expectBlockedAtFirstHop(await entryRedirectingTo(`http://${host}:${target.port}/`));
    }
    expect(target.connections()).toBe(0);
  });

  it('does not follow a redirect to [::1]', async () => {
    const target = await track(startRedirectServer({ '/': { status: 200 } }, '::1'));
    const result = await entryRedirectingTo(`http://[::1]:${target.port}/`);
    expectBlockedAtFirstHop(result);
    expect(target.connections()).toBe(0);
  });

  it('does not follow a redirect to the cloud metadata address', async () => {
    // Nothing listens there; the finding must come without trying (a connection attempt would hang, not fail).
    const result = await entryRedirectingTo('//169.254.169.254/latest/meta-data/');
    expectBlockedAtFirstHop(result);
    expect(issue(result, 'blocked_destination')!.message).toContain('169.254.169.254');
    // In words, not the range's name as data (`cloudMetadata`).
    expect(issue(result, 'blocked_destination')!.message).toContain(
      '169.254.169.254 is a cloud metadata address, not a public address',
    );
  });

  it('does not follow a redirect to localhost', async () => {
    const target = await track(startRedirectServer({ '/': { status: 200 } }));
    const resolver = tableResolver({ localhost: '127.0.0.1' });
    const result = await entryRedirectingTo(`http://localhost:${target.port}/`, resolver);
    expectBlockedAtFirstHop(result);
    expect(target.connections()).toBe(0);
  });

  it('does not follow a redirect to a name that resolves to a blocked address', async () => {
    const target = await track(startRedirectServer({ '/': { status: 200 } }));
    const resolver = tableResolver({ 'internal.test': '127.0.0.1' });
    const result = await entryRedirectingTo(`http://internal.test:${target.port}/`, resolver);
    expectBlockedAtFirstHop(result);
    expect(resolver.calls).toEqual(['internal.test']);
    expect(target.connections()).toBe(0);
  });

  it('follows the same redirect when the policy is open', async () => {
    const target = await track(startRedirectServer({ '/': { status: 200 } }));
    const entry = await track(
      startRedirectServer({ '/': { status: 302, location: `${target.origin}/` } }, '127.0.0.2'),
    );
    const result = await analyzer.analyze(`${entry.origin}/`, { blockPrivate: false });
    expect(result.chain.map((hop) => hop.status)).toEqual([302, 200]);
    expect(issue(result, 'blocked_destination')).toBeUndefined();
    expect(target.connections()).toBe(1);
  });
});
