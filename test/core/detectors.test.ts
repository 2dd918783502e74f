/** Each detector as a pure function over a hand-built trace, and the invariants of detectIssues over any trace. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClientRedirect } from '../../src/core/client-redirect.js';
import { blockedDestination } from '../../src/core/detectors/blocked-destination.js';
import { cosmeticRedirects } from '../../src/core/detectors/cosmetic-redirects.js';
import { errorStatus } from '../../src/core/detectors/error-status.js';
import { httpsDowngrade } from '../../src/core/detectors/https-downgrade.js';
import { invalidLocation } from '../../src/core/detectors/invalid-location.js';
import { maxHopsReached } from '../../src/core/detectors/max-hops.js';
import { metaRefresh } from '../../src/core/detectors/meta-refresh.js';
import { missingLocation } from '../../src/core/detectors/missing-location.js';
import { mixedRedirectTypes } from '../../src/core/detectors/mixed-redirect-types.js';
import { notHttps } from '../../src/core/detectors/not-https.js';
import { redirectChain } from '../../src/core/detectors/redirect-chain.js';
import { redirectLoop } from '../../src/core/detectors/redirect-loop.js';
import { temporaryRedirect, temporaryRedirectIssue } from '../../src/core/detectors/temporary-redirect.js';
import { readPage } from '../../src/core/html/page-signals.js';
import { ISSUE_SEVERITY } from '../../src/core/issues/severity.js';
import { JUDGEMENT_DEFAULTS } from '../../src/core/policy/judgement-defaults.js';
import { countRedirects, isRedirect } from '../../src/core/portable/redirect-count.js';
import {
  DETECTORS,
  type Detector,
  type DetectorInput,
  detectIssues,
  type Hop,
  ISSUE_HELP,
  type StopReason,
} from '../../src/index.js';

const PERMANENT = new Set([301, 308]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A hop as the tracer builds it: redirects carry a Location, a redirectType and redirectVia `http`. */
function hop(url: string, status: number, next?: string, headers: Record<string, string> = {}): Hop {
  const built: Hop = { url, status, statusText: '', responseTime: 5, headers: { ...headers } };
  if (REDIRECTS.has(status)) {
    built.redirectType = PERMANENT.has(status) ? 'permanent' : 'temporary';
    built.redirectVia = 'http';
    if (next !== undefined) built.headers.location = next;
  }
  return built;
}

/** A chain through `urls`, each redirecting to the next with the given statuses, ending in `final`. */
function chainOf(urls: string[], statuses: number[], final = 200): Hop[] {
  return urls.map((url, index) =>
    index < urls.length - 1 ? hop(url, statuses[index] ?? 301, urls[index + 1]) : hop(url, final),
  );
}

const COMPLETE: StopReason = { kind: 'complete' };

function input(chain: Hop[], stop: StopReason = COMPLETE, finalBody?: string): DetectorInput {
  return finalBody === undefined ? { chain, stop } : { chain, stop, finalBody, finalSignals: readPage(finalBody) };
}

describe('https_downgrade', () => {
  it('flags an https hop that leads to http', () => {
    const chain = chainOf(['http://a.test/', 'https://a.test/', 'http://b.test/'], [301, 302]);
    expect(httpsDowngrade(input(chain))).toEqual([
      { type: 'https_downgrade', severity: 'error', message: expect.stringContaining('http://b.test/'), hop: 1 },
    ]);
  });

  it('ignores upgrades and https all the way', () => {
    expect(httpsDowngrade(input(chainOf(['http://a.test/', 'https://a.test/'], [301])))).toEqual([]);
    expect(httpsDowngrade(input(chainOf(['https://a.test/', 'https://b.test/'], [301])))).toEqual([]);
  });

  it('flags a downgrade that was not followed: blocked, a loop, or maxHops', () => {
    const last = hop('https://a.test/', 302, 'http://a.test/');
    const stops: StopReason[] = [
      { kind: 'blocked', hop: 0, url: 'http://10.0.0.1/', reason: 'private' },
      { kind: 'loop', hop: 0, loopsTo: 0, url: 'http://a.test/' },
      { kind: 'max_hops', hop: 0, url: 'http://a.test/' },
    ];
    for (const stop of stops) expect(httpsDowngrade(input([last], stop))).toMatchObject([{ hop: 0 }]);
  });

  it('flags the classic http -> https -> http loop', () => {
    const chain = [hop('http://a.test/', 301, 'https://a.test/'), hop('https://a.test/', 301, 'http://a.test/')];
    const stop: StopReason = { kind: 'loop', hop: 1, loopsTo: 0, url: 'http://a.test/' };
    expect(httpsDowngrade(input(chain, stop))).toMatchObject([{ type: 'https_downgrade', hop: 1 }]);
  });
});

describe('temporary_redirect', () => {
  it.each([302, 303, 307])('flags a %i', (status) => {
    const chain = chainOf(['https://a.test/', 'https://a.test/b'], [status]);
    expect(temporaryRedirect(input(chain))).toEqual([
      { type: 'temporary_redirect', severity: 'warning', message: expect.stringContaining(String(status)), hop: 0 },
    ]);
  });

  it.each([301, 308])('does not flag a %i', (status) => {
    expect(temporaryRedirect(input(chainOf(['https://a.test/', 'https://a.test/b'], [status])))).toEqual([]);
  });

  it('flags each temporary hop in one issue per chain, pointing at the first', () => {
    const chain = chainOf(
      ['https://a.test/1', 'https://a.test/2', 'https://a.test/3', 'https://a.test/4'],
      [302, 301, 307],
    );
    expect(temporaryRedirect(input(chain)).map((issue) => issue.hop)).toEqual([0]);
    expect(temporaryRedirect(input(chain))[0]!.message).toBe(
      'Hops 1 and 3 are temporary redirects (302, 307); use 301 or 308 if the move is permanent',
    );
  });

  it('names every temporary hop, in order, with its status', () => {
    const urls = [1, 2, 3, 4, 5, 6].map((n) => `https://a.test/${n}`);
    const chain = chainOf(urls, [302, 302, 301, 308, 307]);
    expect(temporaryRedirect(input(chain))).toEqual([
      {
        type: 'temporary_redirect',
        severity: 'warning',
        message: 'Hops 1, 2 and 5 are temporary redirects (302, 302, 307); use 301 or 308 if the move is permanent',
        hop: 0,
      },
    ]);
    expect(temporaryRedirect(input(chainOf(urls.slice(0, 2), [302])))[0]!.message).toBe(
      'Hop 1 is a temporary redirect (302); use 301 or 308 if the move is permanent',
    );
  });

  it('gives a ten-hop chain of 302s one warning, not ten', () => {
    const urls = Array.from({ length: 10 }, (_, n) => `https://a.test/${n}`);
    const chain = urls.map((url, n) => hop(url, 302, `https://a.test/${n + 1}`));
    const issues = detectIssues(input(chain, { kind: 'max_hops', hop: 9, url: 'https://a.test/10' }));
    const temporary = issues.filter((issue) => issue.type === 'temporary_redirect');
    expect(temporary).toHaveLength(1);
    expect(temporary[0]!.message).toMatch(/^Hops 1, 2, 3, 4, 5, 6, 7, 8, 9 and 10 are temporary redirects/);
  });

  it('leaves out the hops it is told were asked for', () => {
    const chain = chainOf(['https://a.test/1', 'https://a.test/2', 'https://a.test/3'], [302, 307]);
    expect(temporaryRedirectIssue(chain, new Set([0]))).toMatchObject({
      message: expect.stringMatching(/^Hop 2 is/),
      hop: 1,
    });
    expect(temporaryRedirectIssue(chain, new Set([0, 1]))).toBeUndefined();
  });

  it('leaves a temporary status without Location to missing_location', () => {
    const chain = [hop('https://a.test/', 302)];
    expect(temporaryRedirect(input(chain, { kind: 'missing_location', hop: 0 }))).toEqual([]);
  });
});

describe('redirect_chain', () => {
  const urls = ['https://a.test/1', 'https://a.test/2', 'https://a.test/3', 'https://a.test/4'];

  it('does not flag a single redirect', () => {
    expect(redirectChain(input(chainOf(urls.slice(0, 2), [301])))).toEqual([]);
  });

  it('flags two or more redirects followed', () => {
    expect(redirectChain(input(chainOf(urls.slice(0, 3), [301, 301])))).toEqual([
      { type: 'redirect_chain', severity: 'warning', message: expect.stringContaining('2 redirects') },
    ]);
    expect(redirectChain(input(chainOf(urls, [301, 302, 308])))[0]!.message).toContain('3 redirects');
  });

  it('counts every redirect answered, followed or not (docs/issues.md, "How redirects are counted")', () => {
    // Two redirect responses; the second was a loop back, or the hop limit: still two redirects.
    const chain = [hop(urls[0]!, 301, urls[1]), hop(urls[1]!, 301, urls[0])];
    for (const stop of [
      { kind: 'loop', hop: 1, loopsTo: 0, url: urls[0]! },
      { kind: 'max_hops', hop: 1 },
    ] satisfies StopReason[]) {
      expect(redirectChain(input(chain, stop))).toEqual([
        { type: 'redirect_chain', severity: 'warning', message: expect.stringMatching(/^2 redirects in a row/) },
      ]);
    }
  });

  it('says "10 redirects" for a chain whose ten hops all redirected', () => {
    const chain = Array.from({ length: 10 }, (_, n) => hop(`https://a.test/${n}`, 301, `https://a.test/${n + 1}`));
    const [issue] = redirectChain(input(chain, { kind: 'max_hops', hop: 9, url: 'https://a.test/10' }));
    expect(issue!.message).toMatch(/^10 redirects in a row/);
    expect(countRedirects(chain)).toBe(10);
  });

  it("is an error from 5 redirects, naming Googlebot's limit of 10 (Search Central: 'Site moves with URL changes')", () => {
    const chainOfLength = (redirects: number) =>
      Array.from({ length: redirects + 1 }, (_, n) =>
        n < redirects ? hop(`https://a.test/${n}`, 301, `https://a.test/${n + 1}`) : hop(`https://a.test/${n}`, 200),
      );
    expect(redirectChain(input(chainOfLength(4)))).toMatchObject([{ severity: 'warning' }]);
    const [five] = redirectChain(input(chainOfLength(5)));
    expect(five).toMatchObject({ type: 'redirect_chain', severity: 'error' });
    expect(five!.message).toMatch(/^5 redirects in a row; .*Googlebot gives up after 10/);
  });

  it('takes its thresholds from the input, for a policy to override', () => {
    const chain = chainOf(urls, [301, 301, 301]);
    const strict = { ...JUDGEMENT_DEFAULTS, chainWarning: 3, chainError: 3 };
    expect(redirectChain({ ...input(chain), thresholds: strict })).toMatchObject([{ severity: 'error' }]);
    const lenient = { ...JUDGEMENT_DEFAULTS, chainWarning: 4, chainError: 6 };
    expect(redirectChain({ ...input(chain), thresholds: lenient })).toEqual([]);
  });

  it('does not count a redirect status without a Location', () => {
    const chain = [hop(urls[0]!, 301, urls[1]), hop(urls[1]!, 302, urls[2]), hop(urls[2]!, 301)];
    expect(countRedirects(chain)).toBe(2);
    expect(isRedirect(chain[2]!)).toBe(false);
  });
});

describe('mixed_redirect_types', () => {
  it('flags permanent and temporary redirects in one chain', () => {
    const chain = chainOf(['https://a.test/1', 'https://a.test/2', 'https://a.test/3'], [301, 302]);
    expect(mixedRedirectTypes(input(chain))).toEqual([
      { type: 'mixed_redirect_types', severity: 'info', message: expect.any(String) },
    ]);
  });

  it('does not flag a chain of one kind', () => {
    const urls = ['https://a.test/1', 'https://a.test/2', 'https://a.test/3'];
    expect(mixedRedirectTypes(input(chainOf(urls, [301, 308])))).toEqual([]);
    expect(mixedRedirectTypes(input(chainOf(urls, [302, 307])))).toEqual([]);
  });

  it('looks at HTTP redirects only: a delayed refresh after a 301 is meta_refresh business', () => {
    const chain = chainOf(['https://a.test/1', 'https://a.test/2', 'https://a.test/3'], [301]);
    chain[1] = { ...chain[1]!, redirectType: 'temporary', redirectVia: 'meta-refresh', refreshDelay: 5 };
    expect(mixedRedirectTypes(input(chain))).toEqual([]);
  });
});

describe('not_https', () => {
  it('flags a chain ending on http', () => {
    const chain = chainOf(['https://a.test/', 'http://a.test/'], [301]);
    expect(notHttps(input(chain))).toEqual([
      { type: 'not_https', severity: 'info', message: expect.stringContaining('http://a.test/'), hop: 1 },
    ]);
  });

  it('does not flag a chain ending on https, whatever came before', () => {
    expect(notHttps(input(chainOf(['http://a.test/', 'https://a.test/'], [301])))).toEqual([]);
  });

  it('says nothing about a chain that never reaches a page', () => {
    const last = hop('http://a.test/', 302, 'http://a.test/next');
    const stops: StopReason[] = [
      { kind: 'loop', hop: 0, loopsTo: 0, url: 'http://a.test/' },
      { kind: 'max_hops', hop: 0, url: 'http://a.test/next' },
      { kind: 'invalid_location', hop: 0, reason: 'not http', location: 'ftp://a.test/' },
      { kind: 'blocked', hop: 0, url: 'http://10.0.0.1/', reason: 'a private address' },
    ];
    for (const stop of stops) expect(notHttps(input([last], stop)), stop.kind).toEqual([]);
    const missing = hop('http://a.test/', 302);
    expect(notHttps(input([missing], { kind: 'missing_location', hop: 0 }))).toEqual([]);
  });
});

/** One detector reports both cosmetic kinds; each describe block looks at its own. */
const trailingSlashRedirect = (given: DetectorInput) =>
  cosmeticRedirects(given).filter((issue) => issue.type === 'trailing_slash_redirect');
const caseRedirect = (given: DetectorInput) =>
  cosmeticRedirects(given).filter((issue) => issue.type === 'case_redirect');

describe('trailing_slash_redirect', () => {
  it.each([
    ['https://a.test/docs', 'https://a.test/docs/', 'adds'],
    ['https://a.test/docs/', 'https://a.test/docs', 'removes'],
    ['https://a.test/docs?x=1', 'https://a.test/docs/?x=1', 'adds'],
  ])('flags %s -> %s', (from, to, verb) => {
    expect(trailingSlashRedirect(input(chainOf([from, to], [301])))).toEqual([
      { type: 'trailing_slash_redirect', severity: 'info', message: expect.stringContaining(verb), hop: 0 },
    ]);
  });

  it.each([
    ['https://a.test/docs', 'https://a.test/other/'],
    ['https://a.test/docs', 'https://b.test/docs/'],
    ['http://a.test/docs', 'https://a.test/docs/'],
    ['https://a.test/docs?x=1', 'https://a.test/docs/?x=2'],
    ['https://a.test/docs', 'https://a.test/docs//'],
  ])('does not flag %s -> %s, which changes more', (from, to) => {
    expect(trailingSlashRedirect(input(chainOf([from, to], [301])))).toEqual([]);
  });
});

describe('case_redirect', () => {
  it('flags a hop that only changes letter case', () => {
    expect(caseRedirect(input(chainOf(['https://a.test/About-Us', 'https://a.test/about-us'], [301])))).toEqual([
      { type: 'case_redirect', severity: 'info', message: expect.any(String), hop: 0 },
    ]);
  });

  it.each([
    ['https://a.test/about', 'https://a.test/contact'],
    ['https://a.test/About', 'https://b.test/about'],
    ['https://a.test/About?q=A', 'https://a.test/about?q=a'],
    ['https://a.test/About', 'https://a.test/about/'],
  ])('does not flag %s -> %s, which changes more', (from, to) => {
    expect(caseRedirect(input(chainOf([from, to], [301])))).toEqual([]);
  });
});

describe('meta_refresh', () => {
  const chain = [
    hop('https://a.test/', 301, 'https://a.test/b'),
    hop('https://a.test/b', 200, undefined, { refresh: '0; url=https://c.test/' }),
    hop('https://c.test/', 404),
  ];
  const redirect = (over: Partial<ClientRedirect> = {}): ClientRedirect => ({
    hop: 1,
    via: 'refresh-header',
    delay: 0,
    target: 'https://c.test/',
    followed: true,
    ...over,
  });

  it('names each client-redirect hop and what Google makes of it: permanent at 0 s', () => {
    expect(metaRefresh({ ...input(chain), clientRedirects: [redirect()] })).toEqual([
      { type: 'meta_refresh', severity: 'warning', message: expect.stringContaining('Refresh header'), hop: 1 },
    ]);
    expect(metaRefresh({ ...input(chain), clientRedirects: [redirect()] })[0]!.message).toMatch(/permanent/);
  });

  it('calls a delayed refresh temporary', () => {
    const [issue] = metaRefresh({ ...input(chain), clientRedirects: [redirect({ via: 'meta-refresh', delay: 5 })] });
    expect(issue!.message).toMatch(/meta refresh/);
    expect(issue!.message).toMatch(/after 5 s/);
    expect(issue!.message).toMatch(/temporary/);
  });

  it('says when a refresh was not followed, and why', () => {
    const errorPage = [hop('https://a.test/', 404, undefined)];
    const onError = metaRefresh({ ...input(errorPage), clientRedirects: [redirect({ hop: 0, followed: false })] });
    expect(onError[0]!.message).toMatch(/404 page: not followed/);
    const reported = metaRefresh({ ...input(chain), clientRedirects: [redirect({ followed: false })] });
    expect(reported[0]!.message).toMatch(/only reported/);
  });

  it('does nothing without a client redirect', () => {
    expect(metaRefresh(input(chain))).toEqual([]);
  });
});

describe('error_status', () => {
  it.each([400, 404, 410, 500, 503])('flags a chain ending with %i', (status) => {
    const chain = chainOf(['https://a.test/', 'https://a.test/gone'], [301], status);
    expect(errorStatus(input(chain))).toEqual([
      { type: 'error_status', severity: 'error', message: expect.stringContaining(String(status)), hop: 1 },
    ]);
  });

  it('says when redirects led to the error, in words for the kind of error', () => {
    const via = (status: number, statusText: string) => {
      const chain = chainOf(['https://a.test/', 'https://a.test/gone'], [301], status);
      chain[1]!.statusText = statusText;
      return errorStatus(input(chain))[0]!.message;
    };
    expect(via(404, 'Not Found')).toBe('The chain redirects to a page that does not exist (404 Not Found)');
    expect(via(410, 'Gone')).toBe('The chain redirects to a page that does not exist (410 Gone)');
    expect(via(503, 'Service Unavailable')).toMatch(/redirects to a page that fails with a server error \(503/);
    expect(via(403, 'Forbidden')).toMatch(/redirects to a page that refuses the request \(403/);
    const alone = [hop('https://a.test/', 404)];
    alone[0]!.statusText = 'Not Found';
    expect(errorStatus(input(alone))[0]!.message).toBe('The chain ends with 404 Not Found');
  });

  it.each([200, 204, 304, 399])('does not flag a chain ending with %i', (status) => {
    expect(errorStatus(input([hop('https://a.test/', status)]))).toEqual([]);
  });
});

describe('stop findings', () => {
  const chain = [hop('https://a.test/', 301, 'https://a.test/'), hop('https://a.test/b', 302, '/x')];

  it('redirect_loop names the hop and where it loops to', () => {
    const stop: StopReason = { kind: 'loop', hop: 1, loopsTo: 0, url: 'https://a.test/' };
    expect(redirectLoop(input(chain, stop))).toEqual([
      { type: 'redirect_loop', severity: 'error', message: expect.any(String), hop: 1, loopsTo: 0 },
    ]);
  });

  it('max_hops_reached names the last hop', () => {
    expect(maxHopsReached(input(chain, { kind: 'max_hops', hop: 1 }))).toEqual([
      { type: 'max_hops_reached', severity: 'error', message: expect.stringContaining('2 hops'), hop: 1 },
    ]);
  });

  it('missing_location names the hop and its status', () => {
    expect(missingLocation(input(chain, { kind: 'missing_location', hop: 1 }))).toEqual([
      { type: 'missing_location', severity: 'error', message: expect.stringContaining('302'), hop: 1 },
    ]);
  });

  it('invalid_location names the hop, the reason and the value', () => {
    const stop: StopReason = {
      kind: 'invalid_location',
      hop: 1,
      reason: 'the Location uses the ftp: scheme',
      location: 'ftp://x/',
    };
    expect(invalidLocation(input(chain, stop))).toEqual([
      { type: 'invalid_location', severity: 'error', message: expect.stringContaining('ftp://x/'), hop: 1 },
    ]);
  });

  it('blocked_destination names the hop and the reason', () => {
    const stop: StopReason = { kind: 'blocked', hop: 1, url: 'http://10.0.0.1/', reason: '10.0.0.1 is private' };
    expect(blockedDestination(input(chain, stop))).toEqual([
      { type: 'blocked_destination', severity: 'error', message: expect.stringContaining('10.0.0.1'), hop: 1 },
    ]);
  });

  it('each says nothing about a chain that stopped for another reason', () => {
    for (const detect of [redirectLoop, maxHopsReached, missingLocation, invalidLocation, blockedDestination]) {
      expect(detect(input(chain, COMPLETE))).toEqual([]);
    }
  });
});

describe('detectIssues', () => {
  it("attaches each finding's help page, to a detector's frozen finding too, most severe first", () => {
    const frozen: Detector = () => [Object.freeze({ type: 'not_https', severity: 'info', message: 'plain' } as const)];
    const fresh: Detector = () => [{ type: 'redirect_loop', severity: 'error', message: 'loop', hop: 1 }];
    const issues = detectIssues(input(chainOf(['https://a.test/'], [], 200)), [frozen, fresh]);
    expect(issues.map((issue) => [issue.type, issue.help])).toEqual([
      ['redirect_loop', ISSUE_HELP.redirect_loop],
      ['not_https', ISSUE_HELP.not_https],
    ]);
  });

  const status = fc.constantFrom(301, 302, 303, 307, 308);
  const path = fc.stringMatching(/^\/[a-zA-Z]{0,3}\/?$/);
  const scheme = fc.constantFrom('http', 'https');
  const arbitraryChain = fc
    .record({
      hops: fc.array(fc.record({ scheme, path, status }), { minLength: 0, maxLength: 8 }),
      final: fc.record({ scheme, path, status: fc.constantFrom(200, 204, 301, 404, 500) }),
      refresh: fc.boolean(),
    })
    .map(({ hops, final, refresh }) => {
      const urls = [...hops, final].map((entry) => `${entry.scheme}://a.test${entry.path}`);
      const chain = chainOf(
        urls,
        hops.map((entry) => entry.status),
        final.status,
      );
      if (refresh) chain[chain.length - 1]!.headers.refresh = '0';
      return chain;
    });

  it('orders issues by severity, then by hop, and points only at hops that exist', () => {
    const rank = { error: 0, warning: 1, info: 2 } as const;
    fc.assert(
      fc.property(arbitraryChain, (chain) => {
        const issues = detectIssues(input(chain));
        for (let index = 1; index < issues.length; index++) {
          const [before, after] = [issues[index - 1]!, issues[index]!];
          expect(rank[before.severity]).toBeLessThanOrEqual(rank[after.severity]);
          if (before.severity === after.severity) expect(before.hop ?? -1).toBeLessThanOrEqual(after.hop ?? -1);
        }
        for (const issue of issues) {
          // Every finding has a severity the API's document lists for its kind.
          expect(ISSUE_SEVERITY[issue.type]).toContain(issue.severity);
          if (issue.hop !== undefined) expect(issue.hop).toBeGreaterThanOrEqual(0);
          if (issue.hop !== undefined) expect(issue.hop).toBeLessThan(chain.length);
          expect(issue.message.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('reports redirect_chain exactly when two or more redirects were followed', () => {
    fc.assert(
      fc.property(arbitraryChain, (chain) => {
        const found = detectIssues(input(chain)).some((issue) => issue.type === 'redirect_chain');
        expect(found).toBe(chain.length - 1 >= 2);
      }),
    );
  });

  it('reports mixed_redirect_types exactly when both kinds appear', () => {
    fc.assert(
      fc.property(arbitraryChain, (chain) => {
        const kinds = new Set(chain.map((entry) => entry.redirectType).filter(Boolean));
        const found = detectIssues(input(chain)).some((issue) => issue.type === 'mixed_redirect_types');
        expect(found).toBe(kinds.size === 2);
      }),
    );
  });

  it('runs every detector, each of which is pure', () => {
    // One detector reports both cosmetic kinds (trailing slash, letter case); javascript_redirect and tls_invalid are
    // new, and so are the six that judge the destination (test/core/destination.test.ts), certificate_expiring,
    // tls_outdated and hsts_missing (hop-anatomy.test.ts, tls.test.ts), robots_blocked_destination,
    // render_incomplete (test/render/bounds.test.ts, same-origin.test.ts, contention.test.ts), canonical_conflict,
    // bot_wall (test/core/walls/) and the four HSTS ones of issue 46 (test/core/hsts/).
    expect(DETECTORS).toHaveLength(33);
    const urls = ['https://a.test/A', 'https://a.test/a', 'http://a.test/a', 'http://a.test/a/'];
    const chain = chainOf(urls, [302, 301, 301], 404);
    const frozen = Object.freeze(
      chain.map((entry) => Object.freeze({ ...entry, headers: Object.freeze({ ...entry.headers }) })),
    );
    const first = detectIssues({ chain: frozen, stop: COMPLETE });
    expect(detectIssues({ chain: frozen, stop: COMPLETE })).toEqual(first);
    expect(first.map((issue) => issue.type).sort()).toEqual(
      [
        'case_redirect',
        'error_status',
        'https_downgrade',
        'mixed_redirect_types',
        'not_https',
        'redirect_chain',
        'temporary_redirect',
        'trailing_slash_redirect',
      ].sort(),
    );
  });

  it('reports tls_invalid once per hop made over a certificate that did not verify, naming the problem', () => {
    const chain = chainOf(['https://a.test/', 'https://b.test/'], [301], 200);
    const problem = { hop: 1, reason: 'expired', words: 'certificate expired on 2026-01-02', raw: 'CERT_HAS_EXPIRED' };
    const issues = detectIssues({ chain, stop: COMPLETE, certificateProblems: [problem] } as DetectorInput);
    expect(issues.filter((issue) => issue.type === 'tls_invalid')).toEqual([
      {
        type: 'tls_invalid',
        severity: 'error',
        message: 'The certificate of https://b.test/ is not valid: certificate expired on 2026-01-02',
        hop: 1,
        help: 'docs/issues.md#tls_invalid',
      },
    ]);
    expect(detectIssues({ chain, stop: COMPLETE }).map((issue) => issue.type)).not.toContain('tls_invalid');
  });
});
