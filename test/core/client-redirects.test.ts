/**
 * Client redirects as hops: a 2xx page's `Refresh` header or `<meta http-equiv="refresh">` is followed as browsers and
 * Googlebot follow it (Google Search Central, "Redirects and Google Search": an instant refresh reads as permanent,
 * a delayed one as temporary), against real servers on loopback.
 */
import { describe, expect, it } from 'vitest';
import { countRedirects } from '../../src/core/index.js';
import { parseRefresh } from '../../src/core/refresh.js';
import { type AnalysisResult, Analyzer, type IssueType } from '../../src/index.js';
import { installTripwire } from '../helpers/net-tripwire.js';
import { tableResolver } from '../helpers/resolvers.js';
import { startRedirectServer } from '../helpers/servers.js';
import { closeAfterEach, LOOPBACK } from './helpers/analysis.js';

const tripwire = installTripwire();
const analyzer = new Analyzer();
const track = closeAfterEach(analyzer);
const HTML = { 'content-type': 'text/html; charset=utf-8' };

function types(result: AnalysisResult): IssueType[] {
  return result.summary.issues.map((issue) => issue.type);
}

/**
 * The shared declarative refresh steps (WHATWG HTML, `<meta http-equiv="refresh">`), checked with the cases of
 * web-platform-tests' html/semantics/document-metadata/the-meta-element/pragma-directives/
 * attr-meta-http-equiv-refresh/parsing.html, restated as hoplens's own: [content, delay, URL as written] or
 * [content] for content that is not a refresh. `null` is a refresh without a URL (the page reloads itself).
 */
describe('parseRefresh', () => {
  const parsed: Array<[string, number, string | null]> = [
    ['1', 1, null],
    ['1 ', 1, null],
    ['1\t', 1, null],
    ['1;', 1, null],
    ['1,', 1, null],
    ['1; url=foo', 1, 'foo'],
    ['1, url=foo', 1, 'foo'],
    ['1 url=foo', 1, 'foo'],
    ['1;\turl=foo', 1, 'foo'],
    ['1\nurl=foo', 1, 'foo'],
    ['1 x;url=foo', 1, 'x;url=foo'],
    ['1;;url=foo', 1, ';url=foo'],
    ['  1  ;  url  =  foo', 1, 'foo'],
    ['  1  ,  foo', 1, 'foo'],
    ['  1  url  =  foo', 1, 'foo'],
    ['1; url="foo"bar', 1, 'foo'],
    ["1; url='foo'bar", 1, 'foo'],
    ['1; url="foo\'bar', 1, "foo'bar"],
    ['1; url foo', 1, 'url foo'],
    ['1; urlfoo', 1, 'urlfoo'],
    ['1; urfoo', 1, 'urfoo'],
    ['1; ufoo', 1, 'ufoo'],
    ['1; "foo"bar', 1, 'foo'],
    ['0; url=foo', 0, 'foo'],
    ['0; foo', 0, 'foo'],
    ['0', 0, null],
    ['1.9; url=foo', 1, 'foo'],
    ['1.9..5.; url=foo', 1, 'foo'],
    ['.9; url=foo', 0, 'foo'],
    ['0.9; url=foo', 0, 'foo'],
    ['0; URL=/Upper', 0, '/Upper'],
  ];
  it.each(parsed)('reads %j', (content, delay, url) => {
    expect(parseRefresh(content)).toEqual({ delay, url: url ?? undefined });
  });

  it.each([
    [''],
    ['1url=foo'],
    ['1x;url=foo'],
    ['; foo'],
    [', foo'],
    ['foo'],
    ['+1; url=foo'],
    ['-1; url=foo'],
    ['-0; foo'],
    ['+0'],
    ['1e0; url=foo'],
    ['10e-1; url=foo'],
    ['-0.1; url=foo'],
  ])('refuses %j', (content) => {
    expect(parseRefresh(content)).toBeUndefined();
  });
});

/** A mkdocs-redirects stub page (the plugin's template): canonical, noindex, a script and a 0-second refresh. */
function stubPage(target: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting...</title>` +
    `<link rel="canonical" href="${target}"><meta name="robots" content="noindex">` +
    `<script>var anchor=window.location.hash.substr(1);location.href="${target}"+(anchor?"#"+anchor:"")</script>` +
    `<meta http-equiv="refresh" content="0; url=${target}"></head><body>Redirecting...</body></html>`
  );
}

describe('client redirects as hops', () => {
  it('follows a stub page with a 0-second meta refresh: a permanent hop', async () => {
    const server = await track(
      startRedirectServer({
        '/old/': { status: 200, headers: HTML, body: stubPage('../new/') },
        '/new/': { status: 200, headers: HTML, body: '<p>new</p>' },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/old/`, LOOPBACK);
    expect(result.chain.map((hop) => hop.url)).toEqual([`${server.origin}/old/`, `${server.origin}/new/`]);
    expect(result.chain[0]).toMatchObject({
      status: 200,
      redirectVia: 'meta-refresh',
      redirectType: 'permanent',
      refreshDelay: 0,
    });
    expect(result.chain[1]!.redirectVia).toBeUndefined();
    expect(result.summary.finalUrl).toBe(`${server.origin}/new/`);
    expect(result.summary.issues.find((issue) => issue.type === 'meta_refresh')).toMatchObject({ hop: 0 });
  });

  it('follows a Refresh header on a 200, and marks 3xx hops as http', async () => {
    const server = await track(
      startRedirectServer({
        '/a': { status: 301, location: '/b' },
        '/b': { status: 200, headers: { refresh: '0;url=/c' } },
        '/c': { status: 200, body: 'c' },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/a`, LOOPBACK);
    expect(result.chain.map((hop) => [hop.status, hop.redirectVia])).toEqual([
      [301, 'http'],
      [200, 'refresh-header'],
      [200, undefined],
    ]);
    // A followed client redirect is a redirect in every count (docs/issues.md, "How redirects are counted").
    expect(countRedirects(result.chain)).toBe(2);
    expect(result.summary.issues.find((issue) => issue.type === 'redirect_chain')?.message).toMatch(/^2 redirects/);
  });

  it('reads a delayed refresh as temporary and does not wait for it', async () => {
    const server = await track(
      startRedirectServer({
        '/wait': { status: 200, headers: HTML, body: '<meta http-equiv="refresh" content="30; url=/later">' },
        '/later': { status: 200, body: 'later' },
      }),
    );
    const started = performance.now();
    const result = await analyzer.analyze(`${server.origin}/wait`, LOOPBACK);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.chain[0]).toMatchObject({ redirectType: 'temporary', refreshDelay: 30 });
    expect(result.summary.totalTime).toBeLessThan(5_000);
    const issue = result.summary.issues.find((found) => found.type === 'meta_refresh');
    expect(issue?.message).toMatch(/temporary/);
    // A delayed refresh is meta_refresh's to explain, not a "temporary redirect (200)".
    expect(types(result)).not.toContain('temporary_redirect');
  });

  it('ends the chain at a page that refreshes itself, without a loop', async () => {
    const server = await track(
      startRedirectServer({
        '/self': { status: 200, headers: HTML, body: '<meta http-equiv="refresh" content="0; url=/self">' },
        '/reload': { status: 200, headers: { refresh: '60' } },
      }),
    );
    for (const path of ['/self', '/reload']) {
      const result = await analyzer.analyze(`${server.origin}${path}`, LOOPBACK);
      expect(result.chain).toHaveLength(1);
      expect(result.summary.hasLoop).toBe(false);
      expect(types(result)).not.toContain('meta_refresh');
    }
  });

  it('finds a loop through a refresh: A refreshes to B, B 301s to A', async () => {
    const server = await track(
      startRedirectServer({
        '/a': { status: 200, headers: HTML, body: '<meta http-equiv="refresh" content="0; url=/b">' },
        '/b': { status: 301, location: '/a' },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/a`, LOOPBACK);
    expect(result.chain).toHaveLength(2);
    expect(result.summary.hasLoop).toBe(true);
    expect(types(result)).toContain('redirect_loop');
  });

  it('counts client redirects against maxHops', async () => {
    const routes = Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [`/p${i}`, { status: 200, headers: { refresh: `0; url=/p${i + 1}` } }]),
    );
    const server = await track(startRedirectServer(routes));
    const result = await analyzer.analyze(`${server.origin}/p0`, { ...LOOPBACK, maxHops: 3 });
    expect(result.chain).toHaveLength(3);
    expect(types(result)).toContain('max_hops_reached');
  });

  it('never connects to a blocked address a refresh names, by literal or by name', async () => {
    const server = await track(
      startRedirectServer({
        '/meta': {
          status: 200,
          headers: HTML,
          body: '<meta http-equiv="refresh" content="0; url=http://169.254.169.254/">',
        },
        '/named': { status: 200, headers: { refresh: '0; url=http://internal.test:9/' } },
      }),
    );
    const resolving = await track(new Analyzer({ resolver: tableResolver({ 'internal.test': '10.0.0.7' }) }));
    tripwire.reset();
    const literal = await analyzer.analyze(`${server.origin}/meta`, LOOPBACK);
    expect(types(literal)).toContain('blocked_destination');
    expect(literal.chain).toHaveLength(1);
    const named = await resolving.analyze(`${server.origin}/named`, LOOPBACK);
    expect(types(named)).toContain('blocked_destination');
    expect(tripwire.attempts.filter((attempt) => !attempt.allowed)).toEqual([]);
    expect(tripwire.attemptsTo('169.254.169.254')).toEqual([]);
    expect(tripwire.attemptsTo('10.0.0.7')).toEqual([]);
  });

  it('reports but does not follow an error page with a refresh', async () => {
    const server = await track(
      startRedirectServer({
        '/gone': { status: 410, headers: HTML, body: '<meta http-equiv="refresh" content="0; url=/home">' },
        '/home': { status: 200, body: 'home' },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/gone`, LOOPBACK);
    expect(result.chain).toHaveLength(1);
    expect(result.summary.issues.find((issue) => issue.type === 'meta_refresh')?.message).toMatch(/not followed/);
  });

  it("with clientRedirects: 'report', ends at the page and names the refresh's target (curl's view)", async () => {
    const server = await track(
      startRedirectServer({
        '/old': { status: 200, headers: HTML, body: stubPage('/new') },
        '/new': { status: 200, body: 'new' },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/old`, { ...LOOPBACK, clientRedirects: 'report' });
    expect(result.chain).toHaveLength(1);
    expect(result.chain[0]!.redirectVia).toBeUndefined();
    const issue = result.summary.issues.find((found) => found.type === 'meta_refresh');
    expect(issue?.message).toContain(`${server.origin}/new`);
  });

  it('refuses an unknown clientRedirects value', async () => {
    await expect(analyzer.analyze('http://a.test/', { clientRedirects: 'always' as 'follow' })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
      details: { option: 'clientRedirects' },
    });
  });
});

describe('javascript redirects, without rendering', () => {
  const page = (script: string) => `<html><head><script>${script}</script></head><body>moved</body></html>`;
  it.each([
    ['location.href', 'window.location.href = "/js-target";'],
    ['location.replace', "location.replace('/js-target')"],
    ['location.assign on document', 'document.location.assign("/js-target")'],
    ['a bare location', "top.location = '/js-target';"],
    ['a setTimeout', "setTimeout(function () { window.location.href = '/js-target'; }, 2000);"],
  ])('reports %s with its resolved target, and does not follow it', async (_name, script) => {
    const server = await track(
      startRedirectServer({
        '/page': { status: 200, headers: HTML, body: page(script) },
        '/js-target': { status: 200, body: 'x' },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/page`, LOOPBACK);
    expect(result.chain).toHaveLength(1);
    const issue = result.summary.issues.find((found) => found.type === 'javascript_redirect');
    expect(issue).toMatchObject({ severity: 'warning', hop: 0 });
    expect(issue!.message).toContain(`${server.origin}/js-target`);
  });

  // A script's URL resolves against the document's base URL (WHATWG HTML, "document base URL"), and a script the parser
  // never puts in the document (inside <noscript> with scripting enabled, or a <template>) never runs.
  it('resolves against <base href>, and reads only scripts in the document', async () => {
    const based = '<base href="/dir/"><script>location.href = "js-target"</script>';
    const inert =
      '<noscript><script>location.href="/a"</script></noscript><template><script>location="/b"</script></template>';
    const server = await track(
      startRedirectServer({
        '/based': { status: 200, headers: HTML, body: based },
        '/inert': { status: 200, headers: HTML, body: inert },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/based`, LOOPBACK);
    const issue = result.summary.issues.find((found) => found.type === 'javascript_redirect');
    expect(issue!.message).toContain(`${server.origin}/dir/js-target`);
    expect(types(await analyzer.analyze(`${server.origin}/inert`, LOOPBACK))).not.toContain('javascript_redirect');
  });

  it.each([
    ['a URL built from a variable', 'var to = "/js-" + "target"; window.location.href = to;'],
    ['a comparison', 'if (location.href == "/x") { console.log(1) }'],
    ['a hash change', "location.hash = '#top';"],
    ['an external script', ''],
  ])('does not report %s', async (_name, script) => {
    const body = script === '' ? '<script src="/app.js"></script>' : page(script);
    const server = await track(startRedirectServer({ '/page': { status: 200, headers: HTML, body } }));
    const result = await analyzer.analyze(`${server.origin}/page`, LOOPBACK);
    expect(types(result)).not.toContain('javascript_redirect');
  });
});
