/**
 * robots_blocked_destination through real servers: the final URL read against its host's robots.txt (RFC 9309),
 * fetched once per host and analyzer.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ROBOTS_PARSE_LIMIT, ROBOTS_READ_LIMIT, robotsBody } from '../../src/core/robots/body.js';
import { type AnalysisResult, Analyzer } from '../../src/index.js';
import { type Route, startRedirectServer, startServer } from '../helpers/servers.js';
import { closeAfterEach, rejection, LOOPBACK as UNROBOTED } from './helpers/analysis.js';

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

describe('robots_blocked_destination', () => {
  it('judges for Googlebot by default, whatever the User-Agent sent; `crawler` names another', async () => {
    const analyzer = await track(new Analyzer());
    const server = await track(startRedirectServer(site({ status: 200, headers: TEXT, body: ROBOTS })));
    // The question users ask is Google's: hoplens/1.0 on the wire, Googlebot's group read.
    const byDefault = await analyzer.analyze(`${server.origin}/old`, LOOPBACK);
    expect(robotsFinding(byDefault)).toMatchObject({ severity: 'warning', hop: 1 });
    expect(robotsFinding(byDefault)!.message).toContain(`${server.origin}/robots.txt (line 2)`);
    expect(robotsFinding(byDefault)!.message).toContain('Googlebot');
    expect(byDefault.summary.crawler).toBe('Googlebot');
    expect(server.received.find((r) => r.url === '/robots.txt')!.headers['user-agent']).toBe('hoplens/1.0');
    // Another crawler, even when the User-Agent is Googlebot's: the `*` group lets it in.
    const asOther = await analyzer.analyze(`${server.origin}/old`, {
      ...LOOPBACK,
      userAgent: GOOGLEBOT,
      crawler: 'bingbot',
    });
    expect(robotsFinding(asOther)).toBeUndefined();
    expect(asOther.summary.crawler).toBe('bingbot');
    // An allowed page under the same rules is not flagged either.
    expect(robotsFinding(await analyzer.analyze(`${server.origin}/open`, LOOPBACK))).toBeUndefined();
  });

  it.each(['', 'Googlebot/2.1', 'Google bot', 'bot*', 'x'.repeat(65), 42])(
    'refuses crawler %j: not a product token (RFC 9309 §2.2.1)',
    async (crawler) => {
      const analyzer = await track(new Analyzer());
      const error = await rejection(
        analyzer.analyze('http://127.0.0.1/', { ...LOOPBACK, crawler: crawler as string }),
        'INVALID_OPTION',
      );
      expect(error.details).toMatchObject({ option: 'crawler' });
    },
  );

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

  it('reads a 429 robots.txt as Google does: like a 5xx, disallowing everything (RFC 9309 would allow)', async () => {
    // Google Search Central, "How Google interprets the robots.txt specification": 4xx errors but 429 mean no robots.txt;
    // 429 and 5xx mean the site is fully disallowed while they last.
    const analyzer = await track(new Analyzer());
    const server = await track(startRedirectServer(site({ status: 429, headers: TEXT, body: 'slow down' })));
    const result = await analyzer.analyze(`${server.origin}/open`, LOOPBACK);
    expect(robotsFinding(result)!.message).toContain('answered 429');
  });

  it('parses the first 500 KiB of a 9 MiB robots.txt instead of failing for its size (RFC 9309 §2.5)', async () => {
    const analyzer = await track(new Analyzer());
    const huge = `User-agent: *\nDisallow: /\n${'# padding, padding, padding, padding, padding\n'.repeat(210_000)}`;
    expect(huge.length).toBeGreaterThan(9 * 1024 * 1024);
    const server = await track(startRedirectServer(site({ status: 200, headers: TEXT, body: huge })));
    const result = await analyzer.analyze(`${server.origin}/open`, LOOPBACK);
    expect(robotsFinding(result)!.message).toContain('robots.txt (line 2) disallows it for Googlebot');
  });

  it('decodes a robots.txt gzipped though no Accept-Encoding asked for it, up to 500 KiB decoded', async () => {
    const analyzer = await track(new Analyzer());
    // Compressed, 9 MiB of comments after the rule take a few kilobytes: only the first 500 KiB are decoded.
    const rules = `User-agent: Googlebot\nDisallow: /private/\n${'# x\n'.repeat(2_400_000)}`;
    const body = gzipSync(rules);
    const server = await track(
      startServer((req, res) => {
        if (req.url === '/robots.txt') res.writeHead(200, { ...TEXT, 'content-encoding': 'gzip' }).end(body);
        else res.writeHead(200, TEXT).end('page');
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/private/page`, LOOPBACK);
    expect(robotsFinding(result)!.message).toContain('(line 2) disallows it for Googlebot');
    expect(server.received.find((r) => r.url === '/robots.txt')!.headers['accept-encoding']).toBeUndefined();
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

describe('the robots.txt body parsed', () => {
  it('stops decoding a compressed body at 500 KiB, however far it would inflate (RFC 9309 §2.5)', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(ROBOTS_READ_LIMIT);
    const body = await robotsBody(bomb, 'gzip');
    expect(body.length).toBe(ROBOTS_PARSE_LIMIT);
    // A body cut inside its compressed stream still decodes as far as it goes.
    const rules = gzipSync(`User-agent: *\nDisallow: /\n${'#'.repeat(100_000)}`);
    expect((await robotsBody(rules.subarray(0, rules.length - 20), 'gzip')).toString('latin1')).toMatch(/^User-agent/);
  });

  it('decodes a Brotli body the server sent unasked, as Googlebot (which accepts br) reads it', async () => {
    // Google Search Central, "Overview of Google crawlers and fetchers": Google's crawlers support gzip, deflate and
    // Brotli (br) content encodings.
    const comments = Array.from({ length: 10_000 }, (_, i) => `# line ${(i * 7919) % 10_007}\n`).join('');
    const text = `User-agent: *\nDisallow: /private/\n${comments}`;
    const br = brotliCompressSync(text);
    expect((await robotsBody(br, 'br')).toString('latin1')).toBe(text);
    expect((await robotsBody(br.subarray(0, br.length - 10), ' BR ')).toString('latin1')).toMatch(
      /^User-agent: \*\nDisallow: \/private\//,
    );
    const bomb = brotliCompressSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    expect((await robotsBody(bomb, 'br')).length).toBe(ROBOTS_PARSE_LIMIT);
  });
});
