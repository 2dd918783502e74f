/**
 * The page's DOM-free modules: the address/query round trip, sorting API answers into outcomes, the verdict, the
 * curl command, how a hop led to the next, whether the instance renders (the meta tag) and the formatters.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR } from '../../scripts/build-client.mjs';
import { displayUrl } from '../../src/core/portable/display-url.js';
import type { Hop, Issue } from '../../src/core/types.js';
import { formatDuration, formatWait, statusClass } from '../../src/report/view/chain/format.js';
import { viaText } from '../../src/report/view/chain/redirect-via.js';
import { classify } from '../../src/web/client/api-client.js';
import type { AnalysisResponse } from '../../src/web/client/api-types.js';
import { curlCommand, shellQuote } from '../../src/web/client/curl-command.js';
import {
  changesSince,
  displayState,
  expectationText,
  intervalText,
  outcomesSummary,
  recentOutcomes,
  relativeTime,
} from '../../src/web/client/monitors/monitor-text.js';
import { monitorsRoute, pathOf } from '../../src/web/client/monitors/route.js';
import {
  apiPath,
  hasOptions,
  normalizeUrlInput,
  paramsFromSearch,
  searchFromParams,
} from '../../src/web/client/query-params.js';
import { verdictOf } from '../../src/web/client/verdict.js';
import { renderAllowed, withRenderMeta } from '../../src/web/render-meta.js';

const json = (status: number, headers: Record<string, string> = {}) => ({ status, headers: new Headers(headers) });

describe('query and address', () => {
  it('round-trips through the address, keeping url and maxHops and only non-default extras', () => {
    const params = {
      url: 'https://a.example/x?y=1&z=2',
      maxHops: '5',
      timeout: '10000',
      userAgent: '',
      clientRedirects: 'follow',
      asBrowser: 'false',
      render: 'false',
      renderWait: '3000',
      crawler: 'Googlebot',
    };
    const search = searchFromParams(params);
    expect(search).toBe('?url=https%3A%2F%2Fa.example%2Fx%3Fy%3D1%26z%3D2&maxHops=5');
    expect(paramsFromSearch(search)).toEqual(params);
    const full = { ...params, timeout: '2000', userAgent: "it's me" };
    expect(paramsFromSearch(searchFromParams(full))).toEqual(full);
    expect(apiPath(full)).toBe(`/api/analyze${searchFromParams(full)}`);
  });

  it('reads a shared address with defaults filled in, and no url as nothing to run', () => {
    expect(paramsFromSearch('?url=https%3A%2F%2Fb.example')).toEqual({
      url: 'https://b.example',
      maxHops: '10',
      timeout: '10000',
      userAgent: '',
      clientRedirects: 'follow',
      asBrowser: 'false',
      render: 'false',
      renderWait: '3000',
      crawler: 'Googlebot',
    });
    expect(paramsFromSearch('')).toBeUndefined();
    expect(paramsFromSearch('?url=%20&maxHops=3')).toBeUndefined();
  });

  it('keeps clientRedirects, render and renderWait in the address only when they differ from the API defaults', () => {
    // Defaults of GET /api/analyze (docs/api.md): clientRedirects=follow, render=false, renderWait=3000.
    const plain = paramsFromSearch('?url=https%3A%2F%2Fc.example&maxHops=10');
    if (plain === undefined) throw new Error('a URL was given');
    expect(hasOptions(plain)).toBe(false);
    const report = { ...plain, clientRedirects: 'report' };
    expect(searchFromParams(report)).toBe('?url=https%3A%2F%2Fc.example&maxHops=10&clientRedirects=report');
    expect(paramsFromSearch(searchFromParams(report))).toEqual(report);
    expect(hasOptions(report)).toBe(true);
    const rendered = { ...plain, render: 'true', renderWait: '500' };
    expect(searchFromParams(rendered)).toBe('?url=https%3A%2F%2Fc.example&maxHops=10&render=true&renderWait=500');
    expect(paramsFromSearch(searchFromParams(rendered))).toEqual(rendered);
    expect(apiPath(rendered)).toBe(`/api/analyze${searchFromParams(rendered)}`);
    expect(hasOptions({ ...plain, render: 'true' })).toBe(true);
    expect(hasOptions({ ...plain, renderWait: '0' })).toBe(true);
    // The crawler judged for: Googlebot by default (docs/api.md), so only another one is written in the address.
    const bing = { ...plain, crawler: 'bingbot' };
    expect(searchFromParams(bing)).toBe('?url=https%3A%2F%2Fc.example&maxHops=10&crawler=bingbot');
    expect(paramsFromSearch(searchFromParams(bing))).toEqual(bing);
    expect(hasOptions(bing)).toBe(true);
    // A returning browser (asBrowser, off by default): written in the address only when on.
    const browser = { ...plain, asBrowser: 'true' };
    expect(searchFromParams(browser)).toBe('?url=https%3A%2F%2Fc.example&maxHops=10&asBrowser=true');
    expect(paramsFromSearch(searchFromParams(browser))).toEqual(browser);
    expect(hasOptions(browser)).toBe(true);
    // Whatever else a shared link says is kept for the service to judge (and answer with a 400 naming it).
    expect(paramsFromSearch('?url=x&clientRedirects=sometimes')?.clientRedirects).toBe('sometimes');
  });

  it('carries request headers as header.NAME and the variants view as view=variants, which the API path leaves out', () => {
    // The API's request headers are `header.NAME=value`, names in lower case (docs/api.md, "Request headers").
    const plain = paramsFromSearch('?url=https%3A%2F%2Fd.example&maxHops=10');
    if (plain === undefined) throw new Error('a URL was given');
    const headers = [
      ['accept-language', 'fr-FR'],
      ['referer', 'https://r.example/'],
    ] as const;
    const withHeaders = { ...plain, headers };
    const search = searchFromParams(withHeaders);
    expect(search).toBe(
      '?url=https%3A%2F%2Fd.example&maxHops=10&header.accept-language=fr-FR&header.referer=https%3A%2F%2Fr.example%2F',
    );
    expect(paramsFromSearch(search)).toEqual(withHeaders);
    expect(hasOptions(withHeaders)).toBe(true);
    // A name given in capitals in a shared address is sent as the API spells it.
    expect(paramsFromSearch('?url=x&header.Accept=text%2Fhtml')?.headers).toEqual([['accept', 'text/html']]);
    const variants = { ...withHeaders, view: 'variants' as const };
    expect(searchFromParams(variants)).toBe(`?view=variants&${search.slice(1)}`);
    expect(paramsFromSearch(searchFromParams(variants))).toEqual(variants);
    expect(apiPath(variants)).toBe(`/api/variants${search}`);
    expect(apiPath(withHeaders)).toBe(`/api/analyze${search}`);
    expect(paramsFromSearch('?url=x&view=other')?.view).toBeUndefined();
  });

  it('puts https:// in front of a bare host and leaves any scheme to the service', () => {
    expect(normalizeUrlInput('  example.com/old ')).toBe('https://example.com/old');
    expect(normalizeUrlInput('http://example.com')).toBe('http://example.com');
    expect(normalizeUrlInput('ftp://example.com')).toBe('ftp://example.com');
    expect(normalizeUrlInput('   ')).toBe('');
  });
});

describe('classify', () => {
  const rateLimit = { limit: 30, remaining: 3, reset: 1 };

  it('a 400 names its field; a blocked or invalid URL without one is about the URL field', () => {
    const { status, headers } = json(400);
    expect(
      classify(status, headers, {
        success: false,
        error: { code: 'INVALID_PARAMETER', message: 'bad', parameter: 'maxHops' },
        rateLimit,
      }),
    ).toMatchObject({ kind: 'invalid', parameter: 'maxHops', message: 'bad' });
    expect(
      classify(status, headers, { success: false, error: { code: 'BLOCKED_DESTINATION', message: 'no' }, rateLimit }),
    ).toMatchObject({ kind: 'invalid', parameter: 'url' });
    expect(classify(status, headers, { success: false, error: { code: 'OTHER', message: 'x' } })).not.toHaveProperty(
      'parameter',
    );
  });

  it('a 429 waits for the body retryAfter, else Retry-After', () => {
    const body = {
      success: false,
      error: { code: 'RATE_LIMITED', message: 'slow down', retryAfter: 17, limit: 'day' },
    };
    expect(classify(429, new Headers({ 'retry-after': '99' }), body)).toMatchObject({
      kind: 'rate-limited',
      retryAfter: 17,
      limit: 'day',
    });
    expect(classify(429, new Headers({ 'retry-after': '99' }), undefined)).toMatchObject({
      kind: 'rate-limited',
      retryAfter: 99,
    });
  });

  it('a 500 keeps the partial chain and the failed URL; an answer with no usable body still is a failure', () => {
    const hop: Hop = { url: 'http://a/', status: 301, statusText: 'Moved', responseTime: 3, headers: {} };
    expect(
      classify(500, new Headers(), {
        success: false,
        error: { code: 'TIMEOUT', message: 'slow', url: 'http://b/' },
        chain: [hop],
      }),
    ).toMatchObject({ kind: 'failed', code: 'TIMEOUT', chain: [hop], url: 'http://b/' });
    expect(classify(502, new Headers(), undefined)).toMatchObject({ kind: 'failed', code: 'HTTP_502', chain: [] });
    expect(classify(503, new Headers({ 'retry-after': '5' }), undefined)).toMatchObject({
      kind: 'busy',
      retryAfter: 5,
    });
    expect(classify(200, new Headers(), { success: true })).toMatchObject({ kind: 'failed' });
  });
});

describe('verdict', () => {
  /** A hop as the tracer builds it: a redirect carries its kind and a Location. */
  const hop = (status: number): Hop => {
    const built: Hop = { url: 'https://x/', status, statusText: '', responseTime: 1, headers: {} };
    if (status >= 301 && status <= 308 && status !== 304) {
      built.redirectType = status === 301 || status === 308 ? 'permanent' : 'temporary';
      built.headers.location = 'https://x/next';
    }
    return built;
  };
  const result = (chain: Hop[], issues: Issue[] = [], hasLoop = false): AnalysisResponse => ({
    success: true,
    url: 'https://x/',
    chain,
    summary: {
      totalHops: chain.length,
      finalUrl: 'https://x/',
      finalStatus: chain[chain.length - 1]?.status ?? 0,
      totalTime: chain.length,
      hasLoop,
      issues,
    },
    rateLimit: { limit: 30, remaining: 29, reset: 0 },
  });

  it('says what matters most first', () => {
    const warning: Issue = { type: 'temporary_redirect', severity: 'warning', message: 'w', hop: 0, help: '' };
    expect(verdictOf(result([hop(200)])).title).toBe('No redirect');
    expect(verdictOf(result([hop(301), hop(200)]))).toMatchObject({ level: 'ok', title: 'Redirects cleanly' });
    expect(verdictOf(result([hop(302), hop(200)], [warning]))).toMatchObject({ level: 'warning' });
    expect(verdictOf(result([hop(301), hop(404)], [warning]))).toMatchObject({ level: 'error', title: 'Ends in 404' });
    expect(verdictOf(result([hop(301), hop(302)], [], true))).toMatchObject({ level: 'error', title: 'Redirect loop' });
  });
});

describe('how a hop led to the next', () => {
  it('names the way, with the declared delay of a refresh (the Via words of the command line)', () => {
    expect(viaText({ redirectVia: 'http' })).toMatchObject({ via: 'http', label: 'HTTP' });
    expect(viaText({ redirectVia: 'meta-refresh', refreshDelay: 5 })).toEqual({
      via: 'meta-refresh',
      label: 'meta refresh · 5 s',
      description: 'A client redirect: <meta http-equiv="refresh"> in the page, after 5 seconds.',
    });
    expect(viaText({ redirectVia: 'refresh-header', refreshDelay: 0 })).toMatchObject({
      label: 'Refresh header · 0 s',
      description: expect.stringMatching(/Refresh response header, at once\.$/),
    });
    expect(viaText({ redirectVia: 'meta-refresh', refreshDelay: 1 })?.description).toMatch(/after 1 second\.$/);
    expect(viaText({ redirectVia: 'javascript' })).toMatchObject({ label: 'JavaScript' });
    expect(viaText({})).toBeUndefined();
  });
});

describe('whether the instance renders', () => {
  const source = '<head>\n<meta name="hoplens-render" content="off" />\n<title>t</title>\n</head>';

  it('is written into index.html by the plugin: the tag rewritten, or added to the head', () => {
    expect(withRenderMeta(source, true)).toBe(source.replace('"off"', '"on"'));
    expect(withRenderMeta(source, false)).toBe(source);
    expect(withRenderMeta(withRenderMeta(source, true), false)).toBe(source);
    expect(withRenderMeta('<head><title>t</title></head>', true)).toBe(
      '<head><title>t</title><meta name="hoplens-render" content="on" />\n</head>',
    );
  });

  it('is read by the page: only "on" allows rendering, and a missing tag is off', () => {
    expect(renderAllowed('on')).toBe(true);
    expect(renderAllowed(' ON ')).toBe(true);
    expect(renderAllowed('off')).toBe(false);
    expect(renderAllowed('')).toBe(false);
    expect(renderAllowed(null)).toBe(false);
    expect(renderAllowed(undefined)).toBe(false);
  });

  it("starts off in the page's source, so that an instance that says nothing offers no rendering", () => {
    const html = readFileSync(join(CLIENT_DIR, 'index.html'), 'utf8');
    expect(html).toMatch(/<meta name="hoplens-render" content="off" \/>/);
  });
});

describe('formatting', () => {
  it('shows an IDN host in Unicode with what the page bundles (no Node API in a browser)', () => {
    // xn--bcher-kva is "bücher" (RFC 3492; node's url.domainToUnicode agrees, test/core/display-url.test.ts).
    expect(displayUrl('https://xn--bcher-kva.example/alt?x=1')).toBe('https://bücher.example/alt?x=1');
    expect(displayUrl('https://example.com/')).toBe('https://example.com/');
  });

  it('quotes a curl command for any shell', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(curlCommand('http://h/api/analyze?url=a&maxHops=1')).toBe("curl -sS 'http://h/api/analyze?url=a&maxHops=1'");
  });

  it('formats durations, waits and status classes', () => {
    expect(formatDuration(42)).toBe('42 ms');
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatWait(42)).toBe('42 s');
    expect(formatWait(125)).toBe('2 min 5 s');
    expect(formatWait(7200)).toBe('2 h');
    expect(statusClass({ status: 308 })).toBe('permanent');
    expect(statusClass({ status: 303 })).toBe('temporary');
    expect(statusClass({ status: 204 })).toBe('success');
    expect(statusClass({ status: 503 })).toBe('error');
    expect(statusClass({ status: 304 })).toBe('other');
  });
});

describe('the monitors view', () => {
  it('reads its place from the path or the hash, and leaves the analyzer its addresses', () => {
    expect(monitorsRoute('/monitors', '')).toEqual({ view: 'list' });
    expect(monitorsRoute('/monitors/', '')).toEqual({ view: 'list' });
    expect(monitorsRoute('/monitors/abc-1', '')).toEqual({ view: 'monitor', id: 'abc-1' });
    expect(monitorsRoute('/', '#/monitors')).toEqual({ view: 'list' });
    expect(monitorsRoute('/', '#/monitors/a%20b')).toEqual({ view: 'monitor', id: 'a b' });
    expect(monitorsRoute('/', '')).toBeUndefined();
    expect(monitorsRoute('/', '#hop-2')).toBeUndefined();
    expect(monitorsRoute('/monitorsx', '')).toBeUndefined();
    expect(monitorsRoute('/monitors/a/b', '')).toBeUndefined();
    expect(pathOf({ view: 'monitor', id: 'a b' })).toBe('/monitors/a%20b');
    expect(pathOf({ view: 'list' })).toBe('/monitors');
  });

  it('says what a monitor expects, how often it runs, and its state (paused first)', () => {
    expect(expectationText({ failOn: 'error' })).toBe('the chain ends in 2xx with no error');
    expect(expectationText({ failOn: 'error', status: 301, target: 'https://a.example/new', maxRedirects: 1 })).toBe(
      'first hop 301, ends at https://a.example/new, at most 1 redirect',
    );
    expect([60, 600, 3600, 5400, 86_400].map(intervalText)).toEqual([
      'every 1 min',
      'every 10 min',
      'every 1 h',
      'every 1 h 30 min',
      'every 24 h',
    ]);
    expect(displayState({ paused: true, state: 'failed' })).toBe('paused');
    expect(displayState({ paused: false, state: 'errored' })).toBe('errored');
  });

  it('tells times relative to now, both ways', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(relativeTime('2026-01-01T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-01-01T11:55:00Z', now)).toBe('5 min ago');
    expect(relativeTime('2026-01-01T09:00:00Z', now)).toBe('3 h ago');
    expect(relativeTime('2025-12-30T12:00:00Z', now)).toBe('2 days ago');
    expect(relativeTime('2026-01-01T12:10:00Z', now)).toBe('in 10 min');
  });

  it('expands repeated rows into the strip, newest runs kept, oldest first, and names the counts', () => {
    const runs = [
      { outcome: 'failed' as const, repeats: 2 },
      { outcome: 'passed' as const, repeats: 5 },
      { outcome: 'errored' as const, repeats: 1 },
    ];
    expect(recentOutcomes(runs, 4)).toEqual(['passed', 'passed', 'failed', 'failed']);
    expect(recentOutcomes(runs, 30)).toHaveLength(8);
    expect(recentOutcomes(runs, 30)[0]).toBe('errored');
    expect(outcomesSummary(recentOutcomes(runs, 30))).toBe('Last 8 runs: 1 errored, 5 passed, 2 failed');
    expect(outcomesSummary([])).toBe('No runs yet');
  });

  it('says what changed from the previous row of history', () => {
    const hop = (url: string, status: number) => ({ url, status }) as Hop;
    const row = (outcome: 'passed' | 'failed' | 'errored', chain: Hop[], extra = {}) => ({
      outcome,
      chain,
      issues: [] as Issue[],
      finalUrl: chain.at(-1)?.url,
      ...extra,
    });
    const before = row('passed', [hop('https://a.example/old', 301), hop('https://a.example/new', 200)]);
    expect(changesSince(undefined, before)).toEqual(['first run recorded']);
    const temporary = row('failed', [hop('https://a.example/old', 302), hop('https://a.example/new', 200)]);
    expect(changesSince(before, temporary)).toEqual(['passed → failed', 'hop 1: 301 → 302']);
    const longer = row('passed', [
      hop('https://a.example/old', 301),
      hop('https://a.example/mid', 301),
      hop('https://a.example/end', 200),
    ]);
    expect(changesSince(before, longer)).toEqual(['now ends at https://a.example/end', '2 hops → 3 hops']);
    const errored = row('errored', [], { finalUrl: undefined, error: { code: 'TIMEOUT', message: 'slow' } });
    expect(changesSince(before, errored)).toEqual(['passed → errored', '2 hops → 0 hops', 'error TIMEOUT']);
    const found = { ...before, issues: [{ type: 'not_https', severity: 'info', message: 'x' }] as Issue[] };
    expect(changesSince(before, found)).toEqual(['findings changed']);
  });
});
