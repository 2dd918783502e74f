/**
 * robots_blocked_destination through real servers: the final URL read against its host's robots.txt (RFC 9309),
 * fetched once per host and analyzer.
 */
import { describe, expect, it } from 'vitest';
import { productToken } from '../../src/core/index.js';
import { type AnalysisResult, Analyzer } from '../../src/index.js';
import { type Route, startRedirectServer } from '../helpers/servers.js';
import { closeAfterEach, LOOPBACK as UNROBOTED } from './helpers/analysis.js';

const track = closeAfterEach();
/** Loopback reachable, robots.txt read as by default. */
const LOOPBACK = { ...UNROBOTED, robots: undefined };

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const TEXT = { 'content-type': 'text/plain' };
/** A robots.txt keeping Googlebot out of /private/ and every other crawler nowhere. */
const ROBOTS = 'User-agent: Googlebot\nDisallow: /private/\n\nUser-agent: *\nAllow: /\n';

function site(robots: Route | undefined): Record<string, Route> {
  return {
    '/old': { status: 301, location: '/private/page' },
    '/private/page': { status: 200, headers: TEXT, body: 'page' },
    '/open': { status: 200, headers: TEXT, body: 'open' },
    ...(robots === undefined ? {} : { '/robots.txt': robots }),
  };
}

function robotsFinding(result: AnalysisResult) {
  return result.summary.issues.find((issue) => issue.type === 'robots_blocked_destination');
}

const robotsRequests = (requests: string[]) => requests.filter((path) => path === '/robots.txt').length;

describe('product tokens (RFC 9309 §2.2.1: the crawler name robots.txt groups use)', () => {
  it('takes the crawler named in a "compatible" comment, else the first product', () => {
    expect(productToken(GOOGLEBOT)).toBe('Googlebot');
    expect(productToken('hoplens/1.0')).toBe('hoplens');
    expect(productToken('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0')).toBe('Mozilla');
  });
});

describe('robots_blocked_destination', () => {
  it("flags a final URL disallowed for Googlebot's token, not for hoplens's", async () => {
    const analyzer = await track(new Analyzer());
    const server = await track(startRedirectServer(site({ status: 200, headers: TEXT, body: ROBOTS })));
    const asGooglebot = await analyzer.analyze(`${server.origin}/old`, { ...LOOPBACK, userAgent: GOOGLEBOT });
    expect(robotsFinding(asGooglebot)).toMatchObject({ severity: 'warning', hop: 1 });
    expect(robotsFinding(asGooglebot)!.message).toContain(`${server.origin}/robots.txt (line 2)`);
    expect(robotsFinding(asGooglebot)!.message).toContain('Googlebot');
    const asHoplens = await analyzer.analyze(`${server.origin}/old`, LOOPBACK);
    expect(robotsFinding(asHoplens)).toBeUndefined();
    // An allowed page under the same rules is not flagged either.
    expect(robotsFinding(await analyzer.analyze(`${server.origin}/open`, { ...LOOPBACK, userAgent: GOOGLEBOT }))).toBe(
      undefined,
    );
  });

  it('fetches robots.txt once per host for several analyses, at once or one after another', async () => {
    const analyzer = await track(new Analyzer());
    const server = await track(startRedirectServer(site({ status: 200, headers: TEXT, body: ROBOTS })));
    const options = { ...LOOPBACK, userAgent: GOOGLEBOT };
    const together = await Promise.all(
      Array.from({ length: 5 }, () => analyzer.analyze(`${server.origin}/old`, options)),
    );
    for (let i = 0; i < 3; i++) together.push(await analyzer.analyze(`${server.origin}/old`, options));
    expect(together.every((result) => robotsFinding(result) !== undefined)).toBe(true);
    expect(robotsRequests(server.requests)).toBe(1);
  });

  it('fetches it again once its time to live has passed (the clock is a seam)', async () => {
    let now = 1_000_000;
    const analyzer = await track(new Analyzer({ robotsCache: { ttlMs: 60_000, now: () => now } }));
    const server = await track(startRedirectServer(site({ status: 200, headers: TEXT, body: ROBOTS })));
    await analyzer.analyze(`${server.origin}/open`, LOOPBACK);
    now += 59_999;
    await analyzer.analyze(`${server.origin}/open`, LOOPBACK);
    expect(robotsRequests(server.requests)).toBe(1);
    now += 1;
    await analyzer.analyze(`${server.origin}/open`, LOOPBACK);
    expect(robotsRequests(server.requests)).toBe(2);
  });

  it('keeps at most maxEntries hosts: the oldest is fetched again', async () => {
    const analyzer = await track(new Analyzer({ robotsCache: { maxEntries: 1 } }));
    const one = await track(startRedirectServer(site({ status: 200, headers: TEXT, body: ROBOTS })));
    const two = await track(startRedirectServer(site({ status: 200, headers: TEXT, body: ROBOTS })));
    await analyzer.analyze(`${one.origin}/open`, LOOPBACK);
    await analyzer.analyze(`${two.origin}/open`, LOOPBACK);
    await analyzer.analyze(`${one.origin}/open`, LOOPBACK);
    expect(robotsRequests(one.requests)).toBe(2);
    expect(robotsRequests(two.requests)).toBe(1);
  });

  it('reads a 404 robots.txt as allowing everything (RFC 9309 §2.3.1.3)', async () => {
    const analyzer = await track(new Analyzer());
    const server = await track(startRedirectServer(site(undefined)));
    const result = await analyzer.analyze(`${server.origin}/old`, { ...LOOPBACK, userAgent: GOOGLEBOT });
    expect(robotsRequests(server.requests)).toBe(1);
    expect(robotsFinding(result)).toBeUndefined();
  });

  it('reads a 5xx robots.txt as disallowing everything (RFC 9309 §2.3.1.4)', async () => {
    const analyzer = await track(new Analyzer());
    const server = await track(startRedirectServer(site({ status: 503, headers: TEXT, body: 'down' })));
    const result = await analyzer.analyze(`${server.origin}/open`, LOOPBACK);
    expect(robotsFinding(result)!.message).toContain('answered 503');
  });

  it('follows robots.txt redirects, and its rules govern the host first asked (RFC 9309 §2.3.1.2)', async () => {
    const analyzer = await track(new Analyzer());
    const server = await track(
      startRedirectServer({
        ...site({ status: 301, location: '/rules.txt' }),
        '/rules.txt': { status: 200, headers: TEXT, body: ROBOTS },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/old`, { ...LOOPBACK, userAgent: GOOGLEBOT });
    expect(robotsFinding(result)).toBeDefined();
  });

  it('is not looked for with robots: false, nor on a chain that does not end on a page', async () => {
    const analyzer = await track(new Analyzer());
    const server = await track(startRedirectServer(site({ status: 200, headers: TEXT, body: ROBOTS })));
    const off = await analyzer.analyze(`${server.origin}/old`, { ...LOOPBACK, userAgent: GOOGLEBOT, robots: false });
    expect(robotsFinding(off)).toBeUndefined();
    await analyzer.analyze(`${server.origin}/missing`, { ...LOOPBACK, userAgent: GOOGLEBOT });
    expect(robotsRequests(server.requests)).toBe(0);
  });
});
