/**
 * Where a chain lands, judged through real loopback servers (issue 13): what the destination detectors see is what the
 * tracer recorded and read. The pure cases are in test/core/destination.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { type AnalysisResult, Analyzer, type Issue, type IssueType } from '../../src/index.js';
import { tableResolver } from '../helpers/resolvers.js';
import { chainRoutes, startRedirectServer, startServer } from '../helpers/servers.js';
import { closeAfterEach, LOOPBACK } from './helpers/analysis.js';

const analyzer = new Analyzer();
const track = closeAfterEach(analyzer);

const HTML = { 'content-type': 'text/html; charset=utf-8' };

function found(result: AnalysisResult, type: IssueType): Issue | undefined {
  return result.summary.issues.find((issue) => issue.type === type);
}

describe('redirect_chain thresholds', () => {
  // Google Search Central, "Site moves with URL changes": fewer than 5 redirects; Googlebot follows up to 10.
  it('is a warning at 4 redirects and an error at 5', async () => {
    const four = await track(startRedirectServer(chainRoutes(4)));
    expect(found(await analyzer.analyze(`${four.origin}/hop/0`, LOOPBACK), 'redirect_chain')).toMatchObject({
      severity: 'warning',
    });
    const five = await track(startRedirectServer(chainRoutes(5)));
    const issue = found(await analyzer.analyze(`${five.origin}/hop/0`, LOOPBACK), 'redirect_chain');
    expect(issue).toMatchObject({
      severity: 'error',
      help: 'https://developers.google.com/search/docs/crawling-indexing/site-move-with-url-changes',
    });
    expect(issue!.message).toMatch(/Googlebot gives up after 10/);
  });
});

describe('error_status after redirects', () => {
  it('says the redirect leads to a page that does not exist', async () => {
    const server = await track(startRedirectServer({ '/old': { status: 301, location: '/gone' } }));
    const issue = found(await analyzer.analyze(`${server.origin}/old`, LOOPBACK), 'error_status');
    expect(issue).toMatchObject({ severity: 'error', hop: 1 });
    expect(issue!.message).toBe('The chain redirects to a page that does not exist (404 Not Found)');
    expect(issue!.help).toBe('https://developers.google.com/search/docs/crawling-indexing/http-network-errors');
  });
});

describe('redirect_to_homepage', () => {
  it('flags a page sent to the home page, and not a page moved to another page', async () => {
    const server = await track(
      startRedirectServer({
        '/old-page': { status: 301, location: '/' },
        '/': { status: 200, headers: HTML, body: '<h1>Home</h1>' },
        '/old-blog/post': { status: 301, location: '/blog/post' },
        '/blog/post': { status: 200, headers: HTML, body: '<h1>Post</h1>' },
        '/old-fr': { status: 308, location: '/fr-CA/' },
        '/fr-CA/': { status: 200, headers: HTML, body: '<html lang="fr-CA"><h1>Accueil</h1>' },
      }),
    );
    const home = found(await analyzer.analyze(`${server.origin}/old-page`, LOOPBACK), 'redirect_to_homepage');
    expect(home).toMatchObject({ severity: 'warning', hop: 0 });
    expect(home!.message).toMatch(/soft 404/);
    expect(home!.help).toMatch(/http-network-errors#soft-404-errors$/);
    const language = await analyzer.analyze(`${server.origin}/old-fr`, LOOPBACK);
    expect(found(language, 'redirect_to_homepage')).toBeDefined();
    const moved = await analyzer.analyze(`${server.origin}/old-blog/post`, LOOPBACK);
    expect(found(moved, 'redirect_to_homepage')).toBeUndefined();
  });

  it('knows two hosts of one registrable domain for one site (the public suffix list)', async () => {
    const server = await track(
      startServer((req, res) => {
        if (req.url === '/old-page') {
          res.writeHead(301, { location: `http://www.shop.test:${req.socket.localPort}/` }).end();
        } else res.writeHead(200, HTML).end('<h1>Home</h1>');
      }),
    );
    // Both names reach the loopback server through the resolver seam.
    const resolver = tableResolver({ 'shop.test': '127.0.0.1', 'www.shop.test': '127.0.0.1' });
    const named = await track(new Analyzer({ resolver }));
    const sameSite = await named.analyze(`http://shop.test:${server.port}/old-page`, LOOPBACK);
    expect(sameSite.chain.map((hop) => new URL(hop.url).hostname)).toEqual(['shop.test', 'www.shop.test']);
    expect(found(sameSite, 'redirect_to_homepage')).toMatchObject({ hop: 0 });
  });
});

describe('query_dropped and fragment_dropped', () => {
  it('names the query parameters the redirects lost, tracking ones by name', async () => {
    const server = await track(
      startRedirectServer({
        '/promo?utm_source=mail&utm_campaign=spring&ref=7': { status: 301, location: '/landing?ref=7' },
        '/landing?ref=7': { status: 200, headers: HTML, body: 'ok' },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/promo?utm_source=mail&utm_campaign=spring&ref=7`, LOOPBACK);
    const issue = found(result, 'query_dropped');
    expect(issue).toMatchObject({ severity: 'warning', hop: 0, help: 'docs/issues.md#query_dropped' });
    expect(issue!.message).toMatch(/parameters utm_source and utm_campaign .* are tracking parameters/);
  });

  it('flags a fragment a Location replaces, not one it inherits (RFC 9110 §10.2.2)', async () => {
    const server = await track(
      startRedirectServer({
        '/replaced': { status: 301, location: '/page#top' },
        '/inherited': { status: 301, location: '/page' },
        '/page': { status: 200, headers: HTML, body: 'ok' },
      }),
    );
    const replaced = await analyzer.analyze(`${server.origin}/replaced#intro`, LOOPBACK);
    expect(replaced.summary.finalUrl).toBe(`${server.origin}/page#top`);
    expect(found(replaced, 'fragment_dropped')).toMatchObject({ severity: 'info', hop: 0 });
    const inherited = await analyzer.analyze(`${server.origin}/inherited#intro`, LOOPBACK);
    expect(inherited.summary.finalUrl).toBe(`${server.origin}/page#intro`);
    expect(found(inherited, 'fragment_dropped')).toBeUndefined();
  });
});

describe('url_too_long', () => {
  it('flags a redirect to a URL over 2,000 characters', async () => {
    const long = `/${'a'.repeat(2100)}`;
    const server = await track(
      startRedirectServer({ '/': { status: 301, location: long }, [long]: { status: 200, body: 'ok' } }),
    );
    const issue = found(await analyzer.analyze(`${server.origin}/`, LOOPBACK), 'url_too_long');
    expect(issue).toMatchObject({ severity: 'error', hop: 1 });
  });

  it('flags a redirect that appends to its own URL', async () => {
    // Every answer redirects to its own path plus "/more": the chain grows until maxHops stops it.
    const server = await track(
      startServer((req, res) => {
        res.writeHead(301, { location: `${req.url}/more` });
        res.end();
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/start`, { ...LOOPBACK, maxHops: 5 });
    expect(found(result, 'max_hops_reached')).toBeDefined();
    expect(found(result, 'url_too_long')).toMatchObject({ hop: 0, message: expect.stringMatching(/grows/) });
  });
});

describe('noindex_destination', () => {
  it('flags a destination that says noindex in X-Robots-Tag, for googlebot, or in a robots meta tag', async () => {
    const server = await track(
      startRedirectServer({
        '/a': { status: 301, location: '/header' },
        '/header': { status: 200, headers: { ...HTML, 'x-robots-tag': ['otherbot: nofollow', 'googlebot: noindex'] } },
        '/b': { status: 301, location: '/meta' },
        '/meta': { status: 200, headers: HTML, body: '<head><meta name="ROBOTS" content="NoIndex, follow"></head>' },
        '/c': { status: 301, location: '/other-bot' },
        '/other-bot': { status: 200, headers: { ...HTML, 'x-robots-tag': 'bingbot: noindex' } },
      }),
    );
    const header = await analyzer.analyze(`${server.origin}/a`, LOOPBACK);
    expect(found(header, 'noindex_destination')).toMatchObject({
      severity: 'error',
      hop: 1,
      message: expect.stringContaining('X-Robots-Tag'),
      help: 'https://developers.google.com/search/docs/crawling-indexing/block-indexing',
    });
    const meta = await analyzer.analyze(`${server.origin}/b`, LOOPBACK);
    expect(found(meta, 'noindex_destination')?.message).toContain('<meta name="ROBOTS" content="NoIndex, follow">');
    expect(found(await analyzer.analyze(`${server.origin}/c`, LOOPBACK), 'noindex_destination')).toBeUndefined();
  });

  // Google's X-Robots-Tag specification: each header line is read on its own, its user agent prefix for it alone.
  it("reads two X-Robots-Tag lines apart: a noindex after another crawler's line is for every crawler", async () => {
    const server = await track(
      startRedirectServer({
        '/page': { status: 200, headers: { ...HTML, 'x-robots-tag': ['otherbot: nofollow', 'noindex'] } },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/page`, LOOPBACK);
    expect(found(result, 'noindex_destination')).toMatchObject({ hop: 0 });
    expect(result.chain[0]!.headers['x-robots-tag']).toBe('otherbot: nofollow\nnoindex');
  });
});

describe('canonical_mismatch and summary.canonical', () => {
  it('reports the canonical a page declares, and flags one naming another URL', async () => {
    const server = await track(
      startRedirectServer({
        '/old': { status: 301, location: '/new' },
        '/new': { status: 200, headers: HTML, body: '<head><link rel="canonical" href="/elsewhere"></head>' },
        '/self': { status: 200, headers: HTML, body: '<head><link rel="Canonical" href="/SELF/../self"></head>' },
        '/header': { status: 200, headers: { ...HTML, link: '</from-header>; rel="canonical"' } },
        '/none': { status: 200, headers: HTML, body: '<p>no canonical</p>' },
      }),
    );
    const moved = await analyzer.analyze(`${server.origin}/old`, LOOPBACK);
    expect(moved.summary.canonical).toBe(`${server.origin}/elsewhere`);
    expect(found(moved, 'canonical_mismatch')).toMatchObject({
      severity: 'warning',
      hop: 1,
      help: 'https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls',
    });
    const self = await analyzer.analyze(`${server.origin}/self`, LOOPBACK);
    expect(self.summary.canonical).toBe(`${server.origin}/self`);
    expect(found(self, 'canonical_mismatch')).toBeUndefined();
    const header = await analyzer.analyze(`${server.origin}/header`, { ...LOOPBACK, method: 'HEAD' });
    expect(header.summary.canonical).toBe(`${server.origin}/from-header`);
    expect(found(header, 'canonical_mismatch')).toBeDefined();
    const none = await analyzer.analyze(`${server.origin}/none`, LOOPBACK);
    expect(none.summary).not.toHaveProperty('canonical');
  });

  it('ignores an HTML canonical and a Link header that disagree, and says they conflict', async () => {
    const server = await track(
      startRedirectServer({
        '/old': { status: 301, location: '/new' },
        '/new': {
          status: 200,
          headers: { ...HTML, link: '</from-header>; rel="canonical"' },
          body: '<head><link rel="canonical" href="/from-html"></head>',
        },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/old`, LOOPBACK);
    expect(result.summary).not.toHaveProperty('canonical');
    expect(found(result, 'canonical_mismatch')).toBeUndefined();
    expect(found(result, 'canonical_conflict')).toMatchObject({
      severity: 'warning',
      hop: 1,
      help: 'https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls',
    });
  });
});
