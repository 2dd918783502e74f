/**
 * The detectors that judge where a chain lands, as pure functions over hand-built traces (issue 13: "Judge where a
 * redirect lands, the way Google does"). Their loopback counterparts are in test/core/destination-e2e.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { declaredCanonical } from '../../src/core/canonical.js';
import { canonicalConflict } from '../../src/core/detectors/canonical-conflict.js';
import { canonicalMismatch } from '../../src/core/detectors/canonical-mismatch.js';
import { fragmentDropped } from '../../src/core/detectors/fragment-dropped.js';
import { noindexDestination } from '../../src/core/detectors/noindex-destination.js';
import { queryDropped } from '../../src/core/detectors/query-dropped.js';
import { redirectToHomepage } from '../../src/core/detectors/redirect-to-homepage.js';
import { urlTooLong } from '../../src/core/detectors/url-too-long.js';
import { readPage } from '../../src/core/html/page-signals.js';
import { headerRobotsRules } from '../../src/core/robots/directives.js';
import { siteOf } from '../../src/core/site-of.js';
import { type DetectorInput, type Hop, JUDGEMENT_DEFAULTS, type StopReason } from '../../src/index.js';

const COMPLETE: StopReason = { kind: 'complete' };

/** A chain through `urls`: each redirects (301) to the next; the last answers `final` with `headers`. */
function chainOf(urls: string[], final = 200, headers: Record<string, string> = {}): Hop[] {
  return urls.map((url, index) => {
    const last = index === urls.length - 1;
    const hop: Hop = { url, status: last ? final : 301, statusText: '', responseTime: 1, headers: {} };
    if (last) hop.headers = { ...headers };
    else {
      hop.redirectType = 'permanent';
      hop.redirectVia = 'http';
      hop.headers.location = urls[index + 1]!;
    }
    return hop;
  });
}

/** A detector's input, with the public suffix list's `siteOf` as the analyzer gives it. */
function input(chain: Hop[], finalBody?: string, stop: StopReason = COMPLETE): DetectorInput {
  if (finalBody === undefined) return { chain, stop, siteOf };
  return { chain, stop, finalBody, finalSignals: readPage(finalBody), siteOf };
}

describe('redirect_to_homepage', () => {
  const flagged = [
    { type: 'redirect_to_homepage', severity: 'warning', message: expect.stringMatching(/soft 404/), hop: 0 },
  ];
  // Google Search Central, "HTTP status codes, network and DNS errors" (soft 404 errors): sending a missing page's URL
  // to the home page can be read as a soft 404.
  it.each([
    ['https://a.test/old-page', 'https://a.test/'],
    ['https://a.test/old-page', 'https://a.test/index.html'],
    ['https://a.test/shop/item?id=5', 'https://a.test/index.php'],
    ['http://example.co.uk/old', 'https://www.example.co.uk/'],
  ])('flags %s -> %s', (from, to) => {
    expect(redirectToHomepage(input(chainOf([from, to])))).toEqual(flagged);
  });

  // A language root is a home page when its segment is an ISO 639-1 code (ISO 639-1:2002; the iso-639-1 package's
  // table), optionally with a region (BCP 47, RFC 5646 §2.2.4), and the page says it is in that language: its
  // <html lang> (WHATWG HTML, "the lang and xml:lang attributes") or an hreflang alternate naming itself (Google Search
  // Central, "Localized versions of your page": each language version must list itself).
  it.each([
    ['https://a.test/en/', '<html lang="en">'],
    ['https://a.test/en-us/', '<html lang="en-US">'],
    ['https://a.test/fr-CA/', '<html lang="fr-CA">'],
    ['https://a.test/pt_BR', '<html lang="pt">'],
    ['https://a.test/es-419/', '<html lang="es-419">'],
    ['https://a.test/it/', '<html lang="IT">'],
    ['https://a.test/de/', '<link rel="alternate" hreflang="de-AT" href="https://a.test/de">'],
    ['https://a.test/nl/', '<base href="/x/"><link rel="alternate" hreflang="nl" href="../nl/">'],
  ])('flags a page sent to the language root %s of a page that says so (%s)', (to, head) => {
    const chain = chainOf(['https://a.test/old-page', to]);
    expect(redirectToHomepage(input(chain, `${head}<title>Home</title>`))).toEqual(flagged);
  });

  it.each([
    ['a two-letter page that is no language', 'https://a.test/ok', '<html lang="en">'],
    ['another', 'https://a.test/go/', '<html lang="en">'],
    ['another, on a page without a language', 'https://a.test/me', '<title>Me</title>'],
    ['a language code on an English page (Burmese)', 'https://a.test/my', '<html lang="en">'],
    ['a language code on an English page (Italian)', 'https://a.test/it/', '<html lang="en-GB">'],
    ['a language root of a page that does not say', 'https://a.test/fr/', '<title>Accueil</title>'],
    ['an hreflang for another page', 'https://a.test/de/', '<link rel="alternate" hreflang="de" href="/de/x">'],
    ['an hreflang that is not an alternate', 'https://a.test/de/', '<link rel="help" hreflang="de" href="/de/">'],
    ['x-default', 'https://a.test/x-default/', '<link rel="alternate" hreflang="x-default" href="/x-default/">'],
  ])('does not flag %s (%s)', (_name, to, head) => {
    expect(redirectToHomepage(input(chainOf(['https://a.test/old-page', to]), head))).toEqual([]);
  });

  it.each([
    ['a page moved to another page', ['https://a.test/old-blog/post', 'https://a.test/blog/post']],
    ['a root sent to a language root', ['https://a.test/?lang=en', 'https://a.test/en/']],
    ['a language root getting its slash', ['https://a.test/en', 'https://a.test/en/']],
    ['an index file sent to /', ['https://a.test/index.html', 'https://a.test/']],
    ['another site', ['https://a.test/old', 'https://b.test/']],
    ['a public suffix is not a site', ['https://one.github.io/old', 'https://two.github.io/']],
    ['a longer path segment', ['https://a.test/old', 'https://a.test/english/']],
    ['no redirect at all', ['https://a.test/']],
  ])('does not flag %s', (_name, urls) => {
    expect(redirectToHomepage(input(chainOf(urls), '<html lang="en">'))).toEqual([]);
  });

  it('counts a two-letter first URL as a page unless it is a language code', () => {
    expect(redirectToHomepage(input(chainOf(['https://a.test/ok', 'https://a.test/'])))).toEqual(flagged);
    expect(redirectToHomepage(input(chainOf(['https://a.test/de', 'https://a.test/'])))).toEqual([]);
  });

  it('judges only a chain that lands on a 2xx page', () => {
    expect(redirectToHomepage(input(chainOf(['https://a.test/old', 'https://a.test/'], 404)))).toEqual([]);
    const stopped = input(chainOf(['https://a.test/old', 'https://a.test/'], 301), undefined, {
      kind: 'max_hops',
      hop: 1,
    });
    expect(redirectToHomepage(stopped)).toEqual([]);
  });
});

describe('query_dropped', () => {
  it('names the parameters lost and calls out tracking ones', () => {
    const chain = chainOf([
      'http://a.test/p?utm_source=news&id=7&gclid=x',
      'https://a.test/p?id=7&gclid=x',
      'https://a.test/q',
    ]);
    const [issue] = queryDropped(input(chain));
    expect(issue).toMatchObject({ type: 'query_dropped', severity: 'warning', hop: 0 });
    expect(issue!.message).toBe(
      'The redirects drop the query parameters utm_source, id and gclid of the submitted URL; utm_source and gclid ' +
        "are tracking parameters, so analytics loses the visit's source",
    );
  });

  it('points at the redirect that lost the first parameter', () => {
    const chain = chainOf(['http://a.test/p?id=7', 'https://a.test/p?id=7', 'https://a.test/q']);
    expect(queryDropped(input(chain))).toMatchObject([{ hop: 1, message: expect.stringMatching(/parameter id of/) }]);
    const fbclid = chainOf(['https://a.test/p?fbclid=1', 'https://a.test/q']);
    expect(queryDropped(input(fbclid))[0]!.message).toMatch(/fbclid is a tracking parameter/);
  });

  it('does not flag parameters kept, even reordered or with other values, nor a URL without a query', () => {
    expect(queryDropped(input(chainOf(['https://a.test/p?a=1&b=2', 'https://a.test/q?b=3&a=1&c=4'])))).toEqual([]);
    expect(queryDropped(input(chainOf(['https://a.test/p', 'https://a.test/q'])))).toEqual([]);
    expect(queryDropped(input(chainOf(['https://a.test/p?a=1'])))).toEqual([]);
  });
});

describe('fragment_dropped', () => {
  // RFC 9110 §10.2.2: a Location without a fragment inherits the request's; one with its own replaces it.
  it('flags a fragment replaced by a Location of its own', () => {
    const chain = chainOf(['https://a.test/p#intro', 'https://a.test/q#intro', 'https://a.test/r#top']);
    expect(fragmentDropped(input(chain))).toEqual([
      {
        type: 'fragment_dropped',
        severity: 'info',
        message: "The submitted URL's fragment #intro is lost: the redirect of hop 2 replaces it with #top",
        hop: 1,
      },
    ]);
  });

  it('does not flag a fragment carried to the end, or a URL without one', () => {
    expect(fragmentDropped(input(chainOf(['https://a.test/p#intro', 'https://a.test/q#intro'])))).toEqual([]);
    expect(fragmentDropped(input(chainOf(['https://a.test/p', 'https://a.test/q#top'])))).toEqual([]);
  });
});

describe('url_too_long', () => {
  it('flags a hop over 2,000 characters, or over a threshold given', () => {
    const long = `https://a.test/${'x'.repeat(2000)}`;
    expect(urlTooLong(input(chainOf(['https://a.test/', long])))).toEqual([
      { type: 'url_too_long', severity: 'error', message: expect.stringMatching(/hop 2 is 2,015 characters/), hop: 1 },
    ]);
    const short = `https://a.test/${'x'.repeat(1985)}`;
    expect(urlTooLong(input(chainOf(['https://a.test/', short])))).toEqual([]);
    const thresholds = { ...JUDGEMENT_DEFAULTS, maxUrlLength: 100 };
    const medium = `https://a.test/${'x'.repeat(100)}`;
    expect(urlTooLong({ ...input(chainOf([medium])), thresholds })).toMatchObject([{ hop: 0 }]);
  });

  it('flags URLs that grow at every hop of 3 or more redirects, not of 2', () => {
    const urls = ['https://a.test/a', 'https://a.test/a/a', 'https://a.test/a/a/a', 'https://a.test/a/a/a/a'];
    expect(urlTooLong(input(chainOf(urls)))).toMatchObject([{ hop: 0, message: expect.stringMatching(/grows/) }]);
    expect(urlTooLong(input(chainOf(urls.slice(0, 3))))).toEqual([]);
    const notEveryHop = ['https://a.test/a', 'https://a.test/a/a', 'https://a.test/b', 'https://a.test/b/b/b'];
    expect(urlTooLong(input(chainOf(notEveryHop)))).toEqual([]);
  });
});

describe('noindex_destination', () => {
  const urls = ['https://a.test/old', 'https://a.test/new'];

  // Google Search Central, "Robots meta tag, data-nosnippet, and X-Robots-Tag specifications": rules are
  // comma-separated and case-insensitive, for every crawler or, after "name:", for one.
  it.each(['noindex', 'NoIndex, nofollow', 'googlebot: noindex', 'max-snippet: 20, noindex'])(
    'flags X-Robots-Tag: %s',
    (value) => {
      const chain = chainOf(urls, 200, { 'x-robots-tag': value });
      expect(noindexDestination(input(chain))).toEqual([
        {
          type: 'noindex_destination',
          severity: 'error',
          message: 'The destination https://a.test/new says noindex (an X-Robots-Tag header): Google will not index it',
          hop: 1,
        },
      ]);
    },
  );

  it.each([
    'nofollow',
    'otherbot: noindex',
    'googlebot: nofollow, otherbot: noindex, nofollow',
    'unavailable_after: 1 Jan 2030',
  ])('does not flag X-Robots-Tag: %s', (value) => {
    expect(noindexDestination(input(chainOf(urls, 200, { 'x-robots-tag': value })))).toEqual([]);
  });

  it('reads none as noindex, nofollow', () => {
    const [issue] = noindexDestination(input(chainOf(urls, 200, { 'x-robots-tag': 'none' })));
    expect(issue!.message).toContain('says none (noindex, nofollow) (an X-Robots-Tag header)');
  });

  // Google's X-Robots-Tag specification: a user agent prefix governs the rules of its own header line only.
  it('reads each X-Robots-Tag line on its own: a crawler named on one line does not own the next', () => {
    expect(headerRobotsRules('otherbot: nofollow\nnoindex')).toEqual(['noindex']);
    expect(
      noindexDestination(input(chainOf(urls, 200, { 'x-robots-tag': 'otherbot: nofollow\nnoindex' }))),
    ).toHaveLength(1);
    // Within one line a name still holds for the rules after it.
    expect(headerRobotsRules('otherbot: nofollow, noindex')).toEqual([]);
  });

  it('reads the rules for the crawler judged for: googlebot by default, another with crawler', () => {
    const chain = chainOf(urls, 200, { 'x-robots-tag': 'googlebot: noindex\nbingbot: nofollow' });
    expect(noindexDestination(input(chain))).toHaveLength(1);
    expect(noindexDestination({ ...input(chain), crawler: 'bingbot' })).toEqual([]);
    const forBing = chainOf(urls, 200, { 'x-robots-tag': 'BingBot: noindex' });
    expect(noindexDestination({ ...input(forBing), crawler: 'bingbot' })[0]!.message).toContain(
      'bingbot will not index it',
    );
    expect(noindexDestination(input(forBing))).toEqual([]);
  });

  it('reads the robots meta of the crawler judged for: <meta name="bingbot"> for bingbot, not for Googlebot', () => {
    const tagged = input(chainOf(urls), '<head><meta name="bingbot" content="noindex"></head>');
    expect(noindexDestination(tagged)).toEqual([]);
    expect(noindexDestination({ ...tagged, crawler: 'bingbot' })).toHaveLength(1);
    const both = input(chainOf(urls), '<head><meta name="robots" content="noindex"></head>');
    expect(noindexDestination({ ...both, crawler: 'bingbot' })).toHaveLength(1);
  });

  // Google's robots meta specification: unavailable_after takes RFC 822, RFC 850 and ISO 8601 dates; after it, the
  // page is no longer shown in search.
  it.each([
    ['X-Robots-Tag', 'unavailable_after: 25 Jun 2010 15:00:00 PST', undefined],
    ['X-Robots-Tag', 'googlebot: unavailable_after: Wednesday, 03-Nov-21 15:00:00 GMT', undefined],
    ['X-Robots-Tag', 'unavailable_after: Wed, 03 Nov 2021 15:00:00 GMT, nofollow', undefined],
    ['meta', undefined, '<meta name="robots" content="unavailable_after: 2021-11-03">'],
  ])('flags an unavailable_after date already past (%s %s%s)', (_where, header, meta) => {
    const chain = chainOf(urls, 200, header === undefined ? {} : { 'x-robots-tag': header });
    const now = Date.parse('2026-01-01T00:00:00Z');
    const [issue] = noindexDestination({
      ...input(chain, meta === undefined ? undefined : `<head>${meta}</head>`),
      now,
    });
    expect(issue!.message).toMatch(/says unavailable_after: .*, a date now past/);
  });

  it('does not flag an unavailable_after date still ahead, or one that is no date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    for (const value of ['unavailable_after: 1 Jan 2030', 'unavailable_after: 12', 'unavailable_after: soon']) {
      expect(noindexDestination({ ...input(chainOf(urls, 200, { 'x-robots-tag': value })), now })).toEqual([]);
    }
    // The clock decides: the same date is past a year later.
    const later = Date.parse('2031-01-01T00:00:00Z');
    expect(
      noindexDestination({
        ...input(chainOf(urls, 200, { 'x-robots-tag': 'unavailable_after: 1 Jan 2030' })),
        now: later,
      }),
    ).toHaveLength(1);
  });

  it('reads the rules for every crawler and for googlebot out of joined headers', () => {
    expect(headerRobotsRules('googlebot: nofollow, otherbot: noindex, noarchive, googlebot: noindex')).toEqual([
      'nofollow',
      'noindex',
    ]);
    expect(headerRobotsRules('unavailable_after: 25 Jun 2010 15:00:00 PST, noindex')).toEqual([
      'unavailable_after: 25 jun 2010 15:00:00 pst',
      'noindex',
    ]);
  });

  it.each([
    '<meta name="robots" content="noindex">',
    '<META NAME="Robots" CONTENT="NoIndex, follow">',
    "<meta content='none' name=googlebot>",
  ])('flags %s', (tag) => {
    const [issue] = noindexDestination(input(chainOf(urls), `<head>${tag}</head>`));
    expect(issue).toMatchObject({ type: 'noindex_destination', hop: 1 });
    expect(issue!.message).toMatch(/<meta name="(robots|Robots|googlebot)"/);
  });

  it.each([
    ['another crawler', '<meta name="googlebot-news" content="noindex">'],
    ['index rules', '<meta name="robots" content="index, follow">'],
    ['a comment', '<!-- <meta name="robots" content="noindex"> -->'],
    ['a script', '<script>x = \'<meta name="robots" content="noindex">\'</script>'],
  ])('does not flag %s', (_name, tag) => {
    expect(noindexDestination(input(chainOf(urls), `<head>${tag}</head>`))).toEqual([]);
  });

  it('judges only a final 2xx page', () => {
    const missing = chainOf(urls, 404, { 'x-robots-tag': 'noindex' });
    expect(noindexDestination(input(missing, '<meta name="robots" content="noindex">'))).toEqual([]);
  });
});

describe('canonical_mismatch and the declared canonical', () => {
  const page = (head: string) => `<!doctype html><html><head>${head}</head><body></body></html>`;
  const landing = (headers: Record<string, string> = {}) =>
    chainOf(['https://a.test/old', 'https://a.test/new'], 200, headers);

  it('reads <link rel="canonical">, whatever the case and the other rel tokens, resolved against the page', () => {
    expect(declaredCanonical(input(landing(), page('<link rel="canonical" href="/other">')))).toBe(
      'https://a.test/other',
    );
    expect(declaredCanonical(input(landing(), page('<LINK REL="alternate Canonical" HREF="b?x=1&amp;y=2">')))).toBe(
      'https://a.test/b?x=1&y=2',
    );
    // A relative canonical resolves against the document's base URL (HTML §2.4.1).
    const based = page('<base href="https://cdn.a.test/dir/"><link rel=canonical href="page">');
    expect(declaredCanonical(input(landing(), based))).toBe('https://cdn.a.test/dir/page');
  });

  it('reads a Link header with rel="canonical" (RFC 8288), one URL with an HTML link that agrees', () => {
    const header = { link: '<https://a.test/style.css>; rel=preload, </canon>; rel="canonical"' };
    expect(declaredCanonical(input(landing(header)))).toBe('https://a.test/canon');
    expect(declaredCanonical(input(landing(header), page('<link rel="canonical" href="/canon">')))).toBe(
      'https://a.test/canon',
    );
    expect(declaredCanonical(input(landing({ link: '</x>; rel="alternate"' })))).toBeUndefined();
  });

  // Google Search Central, "How to specify a canonical URL": rel="canonical" is read in the <head> only.
  it('reads a canonical link only in the head the parser builds: body content ends it', () => {
    const inBody = '<!doctype html><html><head><title>t</title></head><body><link rel="canonical" href="/x"></body>';
    expect(declaredCanonical(input(landing(), inBody))).toBeUndefined();
    // A <div> has no place in a head: the parser closes the head there, and the link after it is in the body.
    const afterDiv = '<!doctype html><head><title>t</title><div>banner</div><link rel="canonical" href="/x">';
    expect(declaredCanonical(input(landing(), afterDiv))).toBeUndefined();
    expect(canonicalMismatch(input(landing(), afterDiv))).toEqual([]);
    // Without an explicit <head>, a link before any body content is still in the implied head.
    expect(declaredCanonical(input(landing(), '<title>t</title><link rel="canonical" href="/x"><p>text</p>'))).toBe(
      'https://a.test/x',
    );
  });

  // Google Search Central, "How to specify a canonical URL": several different canonicals for one page are ignored.
  it('ignores different canonicals, reporting canonical_conflict instead of canonical_mismatch', () => {
    const header = { link: '</from-header>; rel="canonical"' };
    const mixed = input(landing(header), page('<link rel="canonical" href="/from-html">'));
    expect(declaredCanonical(mixed)).toBeUndefined();
    expect(canonicalMismatch(mixed)).toEqual([]);
    expect(canonicalConflict(mixed)).toEqual([
      {
        type: 'canonical_conflict',
        severity: 'warning',
        message: expect.stringContaining(
          '2 different canonical URLs (https://a.test/from-html, https://a.test/from-header)',
        ),
        hop: 1,
      },
    ]);
    const twoLinks = input(landing(), page('<link rel="canonical" href="/a"><link rel="canonical" href="/b">'));
    expect(canonicalConflict(twoLinks)).toHaveLength(1);
    expect(canonicalMismatch(twoLinks)).toEqual([]);
  });

  it('reads declarations naming one URL in different spellings as that one URL, without a conflict', () => {
    const same = input(
      landing({ link: '<HTTPS://A.TEST:443/other>; rel=canonical' }),
      page('<link rel="canonical" href="/other"><link rel="canonical" href="https://a.test/%6Fther">'),
    );
    expect(canonicalConflict(same)).toEqual([]);
    expect(declaredCanonical(same)).toBe('https://a.test/other');
    expect(canonicalMismatch(same)).toHaveLength(1);
  });

  it('has none for a commented-out link, a non-http href, or a page that is not 2xx', () => {
    expect(declaredCanonical(input(landing(), page('<!-- <link rel="canonical" href="/x"> -->')))).toBeUndefined();
    expect(declaredCanonical(input(landing(), page('<link rel="canonical" href="javascript:x">')))).toBeUndefined();
    const missing = chainOf(['https://a.test/old', 'https://a.test/new'], 404);
    expect(declaredCanonical(input(missing, page('<link rel="canonical" href="/x">')))).toBeUndefined();
  });

  it('flags a canonical naming another URL', () => {
    expect(canonicalMismatch(input(landing(), page('<link rel="canonical" href="https://a.test/other">')))).toEqual([
      {
        type: 'canonical_mismatch',
        severity: 'warning',
        message: expect.stringContaining('https://a.test/new declares https://a.test/other as its canonical URL'),
        hop: 1,
      },
    ]);
    // Query and trailing slash count: they name another URL.
    expect(canonicalMismatch(input(landing(), page('<link rel="canonical" href="/new/">')))).toHaveLength(1);
    expect(canonicalMismatch(input(landing(), page('<link rel="canonical" href="/new?a=1">')))).toHaveLength(1);
  });

  it.each([
    'HTTPS://A.TEST/new',
    'https://a.test:443/new',
    'https://a.test/%6Eew',
    'https://a.test/new#section',
    '/new',
  ])('does not flag %s, the same URL', (href) => {
    expect(canonicalMismatch(input(landing(), page(`<link rel="canonical" href="${href}">`)))).toEqual([]);
  });
});
