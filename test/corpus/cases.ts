/**
 * The findings corpus: realistic sites and chains, each labelled with the findings it must and must not produce and
 * the rule each label follows. Run by test/corpus/corpus.test.ts (no false positive, recall floor) and scored by
 * bench/corpus.ts (`npm run corpus`). Host names are the case's own (a host belongs to one case); docs/development.md
 * says how to add a case.
 */
import type { IssueType } from '../../src/index.js';
import type { CorpusCase, CorpusRoute, KnownMiss } from './case.js';
import { DETECTED_TYPES } from './detector-types.js';

// ---- The rules cited, in our own words, with their sources. ----

const G_REDIRECTS =
  'Google Search Central, "Redirects and Google Search": 301 and 308 are permanent redirects, 302, 303 and 307 temporary ones; a permanent redirect is what a move should use';
const G_META_REFRESH =
  'Google Search Central, "Redirects and Google Search" (meta refresh): an instant meta refresh is read as permanent, a delayed one as temporary; a server-side redirect is preferred';
const G_JS =
  'Google Search Central, "Redirects and Google Search" (JavaScript location): Google sees a JavaScript redirect only if it renders the page, which may not happen; use it only when a server redirect is impossible';
const G_SITE_MOVE =
  'Google Search Central, "Site moves with URL changes": redirect each old URL straight to its new one, avoid chains (keep them under 3, fewer than 5)';
const G_HTTP_ERRORS =
  'Google Search Central, "HTTP status codes, network and DNS errors": 4xx and 5xx pages are not indexed; Googlebot follows up to 10 redirect hops';
const G_SOFT_404 =
  'Google Search Central, "HTTP status codes, network and DNS errors" (soft 404 errors): redirecting a removed page to the home page is treated as a soft 404; answer 404 or 410, or redirect to the replacement';
const G_NOINDEX =
  'Google Search Central, "Block indexing with noindex": a noindex in a robots meta tag or an X-Robots-Tag header keeps the page out of Google Search';
const G_ROBOTS_META =
  'Google Search Central, "Robots meta tag, data-nosnippet, and X-Robots-Tag specifications": rules may name a crawler (googlebot: ...); none means noindex, nofollow; rules for other crawlers do not bind Googlebot';
const G_CANONICAL =
  'Google Search Central, "How to specify a canonical URL": rel="canonical" in the <head> or a Link header names the preferred URL; several different canonicals are ignored';
const G_LOCALIZED =
  'Google Search Central, "Tell Google about localized versions of your page": each language version lists itself among its hreflang alternates';
const G_ROBOTS_TXT =
  'Google Search Central, "Introduction to robots.txt" and "How Google interprets the robots.txt specification": the most specific matching rule wins, Allow on a tie; a 5xx robots.txt means disallow all, a 4xx allow all';
const RFC9309 =
  'RFC 9309 §2.2.2 (the longest match wins), §2.3.1.3 (4xx: unavailable, allow all) and §2.3.1.4 (5xx: unreachable, disallow all)';
const RFC9110_REDIRECTS =
  'RFC 9110 §15.4: 301 and 308 are permanent, 302, 303 and 307 temporary; a redirect names its target in Location';
const RFC9110_LOCATION =
  "RFC 9110 §10.2.2: Location is one URI reference, resolved against the request URL; a Location without a fragment inherits the request's";
const RFC9110_ERRORS = 'RFC 9110 §15.5 and §15.6: 4xx is a client error, 5xx a server error';
const RFC6797 = 'RFC 6797 §7.1 (HSTS): a host sends Strict-Transport-Security on its secure responses';
const RFC8996 = 'RFC 8996: TLS 1.0 and 1.1 are deprecated and must not be negotiated';
const HTML_REFRESH =
  'WHATWG HTML, "Shared declarative refresh steps": the first refresh whose delay and URL parse applies; a refresh without a URL reloads the page';
const HTML_PARSING =
  'WHATWG HTML §13.2 (parsing): markup inside comments, <noscript> (scripting on), <template>, <title> and <textarea> text is not an element of the document';
const HTML_BASE = 'WHATWG HTML §4.2.3 (the base element): the document base URL resolves the refresh URL and links';
const ISSUES = (type: IssueType) => `docs/issues.md#${type}`;
/** hstspreload.org's submission requirements, which the preload findings read (issue 46). */
const HSTS_PRELOAD =
  'https://hstspreload.org/ "Submission Requirements" (HTTP to HTTPS on the same host; redirects carry the header; 1 year, includeSubDomains)';
const PRELOAD = 'max-age=31536000; includeSubDomains; preload';

// ---- Building blocks. ----

const HTML_TYPE = 'text/html; charset=utf-8';
const HSTS = 'max-age=31536000; includeSubDomains';

interface PageSpec {
  status?: number;
  lang?: string;
  title?: string;
  head?: string;
  body?: string;
  headers?: Record<string, string | string[]>;
  /** Send Strict-Transport-Security (default true). */
  hsts?: boolean;
  render?: CorpusRoute['render'];
}

/** An HTML page, with HSTS unless told otherwise. */
function page(spec: PageSpec = {}): CorpusRoute {
  const lang = spec.lang === undefined ? '' : ` lang="${spec.lang}"`;
  const body =
    `<!doctype html><html${lang}><head><meta charset="utf-8"><title>${spec.title ?? 'Page'}</title>` +
    `${spec.head ?? ''}</head><body>${spec.body ?? '<h1>Welcome</h1><p>Content.</p>'}</body></html>`;
  const headers: Record<string, string | string[]> = { 'content-type': HTML_TYPE };
  if (spec.hsts !== false) headers['strict-transport-security'] = HSTS;
  const route: CorpusRoute = { status: spec.status ?? 200, headers: { ...headers, ...spec.headers }, body };
  if (spec.render !== undefined) route.render = spec.render;
  return route;
}

/** A redirect. */
function to(location: string | string[], status = 301, headers: Record<string, string | string[]> = {}): CorpusRoute {
  return { status, location, headers: { 'content-type': 'text/html', ...headers } };
}

/** A plain-text robots.txt. */
function robots(text: string, status = 200): CorpusRoute {
  return { status, headers: { 'content-type': 'text/plain' }, body: text };
}

/** Every type the detectors report but `found`: for a case whose whole outcome is known. */
function allBut(...found: IssueType[]): IssueType[] {
  return DETECTED_TYPES.filter((type) => !found.includes(type));
}

const CLOUDFLARE = { server: 'cloudflare', 'cf-ray': '8c1f2a3b4c5d6e7f-AMS', 'cf-cache-status': 'DYNAMIC' };
const WORDPRESS = { 'x-redirect-by': 'WordPress', server: 'Apache' };
const YOAST = { 'x-redirect-by': 'Yoast SEO Premium' };
const RANK_MATH = { 'x-redirect-by': 'Rank Math' };
const SHOPIFY = { server: 'cloudflare', 'x-shopid': '5512345', 'x-shardid': '123', 'x-sorting-hat-shopid': '5512345' };

// ---- The cases. ----

const siteMoves: CorpusCase[] = [
  {
    id: 'site-move/http-to-https',
    title: 'A site moved to HTTPS: every http:// URL answers 301 to the same https:// URL, which sends HSTS',
    start: 'http://bakery.test/menu',
    routes: { 'http://bakery.test/menu': to('https://bakery.test/menu'), 'https://bakery.test/menu': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_SITE_MOVE, G_REDIRECTS, RFC6797],
  },
  {
    id: 'site-move/http-to-https-no-hsts',
    title: 'HTTPS move without HSTS on the new pages: the first plain request stays open to interception',
    start: 'http://florist.test/',
    routes: { 'http://florist.test/': to('https://florist.test/'), 'https://florist.test/': page({ hsts: false }) },
    mustFind: ['hsts_missing'],
    mustNotFind: allBut('hsts_missing'),
    cites: [RFC6797, ISSUES('hsts_missing')],
  },
  {
    id: 'hsts/invalid-repeated-max-age',
    title: 'An https page whose Strict-Transport-Security repeats max-age: browsers ignore it',
    start: 'https://hsts-invalid.test/',
    routes: {
      'https://hsts-invalid.test/': page({
        hsts: false,
        headers: { 'strict-transport-security': 'max-age=300; max-age=31536000' },
      }),
    },
    mustFind: ['hsts_invalid'],
    mustNotFind: allBut('hsts_invalid'),
    cites: ['RFC 6797 §6.1 item 2: all directives MUST appear only once', ISSUES('hsts_invalid')],
  },
  {
    id: 'hsts/preload-apex-to-www-first',
    title: 'A site claiming preload sends http://apex straight to https://www',
    start: 'http://hsts-order.test/',
    routes: {
      'http://hsts-order.test/': to('https://www.hsts-order.test/'),
      'https://www.hsts-order.test/': page({ headers: { 'strict-transport-security': PRELOAD } }),
    },
    mustFind: ['hsts_preload_order'],
    mustNotFind: allBut('hsts_preload_order'),
    cites: [HSTS_PRELOAD, ISSUES('hsts_preload_order')],
  },
  {
    id: 'hsts/preload-same-host-first',
    title: 'A site claiming preload goes to https on the same host first, each https redirect with the header',
    start: 'http://hsts-order-ok.test/',
    routes: {
      'http://hsts-order-ok.test/': to('https://hsts-order-ok.test/'),
      'https://hsts-order-ok.test/': to('https://www.hsts-order-ok.test/', 301, {
        'strict-transport-security': PRELOAD,
      }),
      'https://www.hsts-order-ok.test/': page({ headers: { 'strict-transport-security': PRELOAD } }),
    },
    mustFind: ['redirect_chain'],
    mustNotFind: allBut('redirect_chain'),
    cites: [HSTS_PRELOAD, ISSUES('hsts_preload_order')],
  },
  {
    id: 'hsts/preload-redirect-without-header',
    title: 'A site claiming preload whose https apex redirect sends no Strict-Transport-Security',
    start: 'https://hsts-redirect.test/',
    routes: {
      'https://hsts-redirect.test/': to('https://www.hsts-redirect.test/'),
      'https://www.hsts-redirect.test/': page({ headers: { 'strict-transport-security': PRELOAD } }),
    },
    mustFind: ['hsts_redirect_without_header'],
    mustNotFind: allBut('hsts_redirect_without_header'),
    cites: [HSTS_PRELOAD, ISSUES('hsts_redirect_without_header')],
  },
  {
    id: 'hsts/preload-short-max-age',
    title: 'A header claiming preload with an eighteen-week max-age and no includeSubDomains',
    start: 'https://hsts-short.test/',
    routes: {
      'https://hsts-short.test/': page({
        hsts: false,
        headers: { 'strict-transport-security': 'max-age=10886400; preload' },
      }),
    },
    mustFind: ['hsts_preload_ineligible'],
    mustNotFind: allBut('hsts_preload_ineligible'),
    cites: [HSTS_PRELOAD, ISSUES('hsts_preload_ineligible')],
  },
  {
    id: 'site-move/http-to-https-302',
    title: 'HTTPS move done with a 302 (Apache RewriteRule [R] without =301)',
    start: 'http://plumber.test/contact',
    routes: {
      'http://plumber.test/contact': to('https://plumber.test/contact', 302, { server: 'Apache/2.4.58' }),
      'https://plumber.test/contact': page(),
    },
    mustFind: ['temporary_redirect'],
    mustNotFind: allBut('temporary_redirect'),
    cites: [G_REDIRECTS, RFC9110_REDIRECTS],
  },
  {
    id: 'site-move/https-then-www',
    title: 'http://apex to https://apex, then to https://www: two hops where one would do',
    start: 'http://dentist.test/team',
    routes: {
      'http://dentist.test/team': to('https://dentist.test/team'),
      'https://dentist.test/team': to('https://www.dentist.test/team'),
      'https://www.dentist.test/team': page(),
    },
    mustFind: ['redirect_chain'],
    mustNotFind: allBut('redirect_chain'),
    cites: [G_SITE_MOVE],
  },
  {
    id: 'site-move/www-to-apex-https',
    title: 'http://www to https://www to https://apex to the page with a trailing slash: three redirects',
    start: 'http://www.lawfirm.test/about',
    routes: {
      'http://www.lawfirm.test/about': to('https://www.lawfirm.test/about'),
      'https://www.lawfirm.test/about': to('https://lawfirm.test/about'),
      'https://lawfirm.test/about': to('https://lawfirm.test/about/'),
      'https://lawfirm.test/about/': page(),
    },
    mustFind: ['redirect_chain', 'trailing_slash_redirect'],
    mustNotFind: ['temporary_redirect', 'mixed_redirect_types', 'redirect_to_homepage', 'query_dropped', 'not_https'],
    cites: [G_SITE_MOVE, ISSUES('trailing_slash_redirect')],
  },
  {
    id: 'site-move/domain-move-path-kept',
    title: 'A rebrand: every URL of the old domain answers 301 to the same path on the new domain',
    start: 'https://oldbrand.test/products/kettle',
    routes: {
      'https://oldbrand.test/products/kettle': to('https://newbrand.test/products/kettle'),
      'https://newbrand.test/products/kettle': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_SITE_MOVE],
  },
  {
    id: 'site-move/domain-move-one-hop-from-http',
    title: 'Old domain on http sends straight to the new https domain in one hop',
    start: 'http://oldnews.test/2019/article',
    routes: {
      'http://oldnews.test/2019/article': to('https://newsroom.test/2019/article'),
      'https://newsroom.test/2019/article': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_SITE_MOVE, G_REDIRECTS],
  },
  {
    id: 'site-move/domain-move-temporary',
    title: 'Domain move done with 302s by a registrar\'s "URL forwarding"',
    start: 'https://forwarded.test/pricing',
    routes: {
      'https://forwarded.test/pricing': to('https://realsite.test/pricing', 302),
      'https://realsite.test/pricing': page(),
    },
    mustFind: ['temporary_redirect'],
    mustNotFind: ['redirect_chain', 'mixed_redirect_types', 'redirect_to_homepage', 'https_downgrade'],
    cites: [G_SITE_MOVE, G_REDIRECTS],
  },
  {
    id: 'site-move/trailing-slash-added',
    title: 'A server adds the directory slash (Apache mod_dir)',
    start: 'https://library.test/events',
    routes: {
      'https://library.test/events': to('https://library.test/events/'),
      'https://library.test/events/': page(),
    },
    mustFind: ['trailing_slash_redirect'],
    mustNotFind: allBut('trailing_slash_redirect'),
    cites: [ISSUES('trailing_slash_redirect')],
  },
  {
    id: 'site-move/trailing-slash-removed',
    title: 'A static host strips the trailing slash',
    start: 'https://gallery.test/artists/',
    routes: {
      'https://gallery.test/artists/': to('https://gallery.test/artists', 308),
      'https://gallery.test/artists': page(),
    },
    mustFind: ['trailing_slash_redirect'],
    mustNotFind: allBut('trailing_slash_redirect'),
    cites: [ISSUES('trailing_slash_redirect'), RFC9110_REDIRECTS],
  },
  {
    id: 'site-move/case-lowered',
    title: 'An IIS-era URL with capitals is lowered',
    start: 'https://council.test/Planning/Applications',
    routes: {
      'https://council.test/Planning/Applications': to('https://council.test/planning/applications'),
      'https://council.test/planning/applications': page(),
    },
    mustFind: ['case_redirect'],
    mustNotFind: allBut('case_redirect'),
    cites: [ISSUES('case_redirect')],
  },
  {
    id: 'site-move/case-then-slash',
    title: 'Lower-casing, then adding the slash: two cosmetic hops in a row',
    start: 'https://museum.test/Visit',
    routes: {
      'https://museum.test/Visit': to('https://museum.test/visit'),
      'https://museum.test/visit': to('https://museum.test/visit/'),
      'https://museum.test/visit/': page(),
    },
    mustFind: ['case_redirect', 'trailing_slash_redirect', 'redirect_chain'],
    mustNotFind: ['temporary_redirect', 'redirect_to_homepage', 'query_dropped', 'mixed_redirect_types'],
    cites: [ISSUES('case_redirect'), ISSUES('trailing_slash_redirect'), G_SITE_MOVE],
  },
  {
    id: 'site-move/renamed-page',
    title: 'A page renamed in a restructure: a real change of path, not a cosmetic one',
    start: 'https://school.test/admissions',
    routes: { 'https://school.test/admissions': to('https://school.test/apply'), 'https://school.test/apply': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_REDIRECTS, ISSUES('trailing_slash_redirect'), ISSUES('case_redirect')],
  },
  {
    id: 'site-move/slash-and-query-changed',
    title: 'The slash is added but the query is lost on the way: not only cosmetic',
    start: 'https://shoes.test/sale?size=42',
    routes: { 'https://shoes.test/sale?size=42': to('https://shoes.test/sale/'), 'https://shoes.test/sale/': page() },
    mustFind: ['query_dropped'],
    mustNotFind: ['trailing_slash_redirect', 'case_redirect', 'redirect_to_homepage'],
    cites: [ISSUES('query_dropped'), ISSUES('trailing_slash_redirect')],
  },
  {
    id: 'site-move/index-html-to-root',
    title: '/index.html answers 301 to / : the home page named two ways',
    start: 'https://bistro.test/index.html',
    routes: { 'https://bistro.test/index.html': to('https://bistro.test/'), 'https://bistro.test/': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('redirect_to_homepage')],
  },
  {
    id: 'site-move/case-in-host-only',
    title: 'A link with the host in capitals: hosts are case-insensitive, nothing to say',
    start: 'https://WWW.Pottery.TEST/classes',
    routes: { 'https://www.pottery.test/classes': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: ['RFC 3986 §3.2.2: the host is case-insensitive', ISSUES('case_redirect')],
  },
  {
    id: 'site-move/subdomain-to-path',
    title: 'blog.site moved to site/blog, permanently and in one hop',
    start: 'https://blog.cyclists.test/posts/route-42',
    routes: {
      'https://blog.cyclists.test/posts/route-42': to('https://cyclists.test/blog/posts/route-42'),
      'https://cyclists.test/blog/posts/route-42': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_SITE_MOVE],
  },
];

const languageRoots: CorpusCase[] = [
  {
    id: 'language/root-to-en-302',
    title: 'The home page picks a language with a 302 to /en/ (geo or Accept-Language)',
    start: 'https://travel.test/',
    routes: {
      'https://travel.test/': to('https://travel.test/en/', 302),
      'https://travel.test/en/': page({ lang: 'en' }),
    },
    mustFind: ['temporary_redirect'],
    mustNotFind: ['redirect_to_homepage', 'redirect_chain', 'mixed_redirect_types'],
    cites: [ISSUES('redirect_to_homepage'), G_REDIRECTS],
  },
  {
    id: 'language/root-to-de-301',
    title: 'A German site sends / to /de/ permanently',
    start: 'https://brauerei.test/',
    routes: {
      'https://brauerei.test/': to('https://brauerei.test/de/'),
      'https://brauerei.test/de/': page({ lang: 'de' }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('redirect_to_homepage')],
  },
  {
    id: 'language/language-root-slash',
    title: '/fr answers 301 to /fr/: a language root gains its slash',
    start: 'https://fromagerie.test/fr',
    routes: {
      'https://fromagerie.test/fr': to('https://fromagerie.test/fr/'),
      'https://fromagerie.test/fr/': page({ lang: 'fr' }),
    },
    mustFind: ['trailing_slash_redirect'],
    mustNotFind: ['redirect_to_homepage', 'temporary_redirect'],
    cites: [ISSUES('redirect_to_homepage'), ISSUES('trailing_slash_redirect')],
  },
  {
    id: 'language/removed-page-to-en-root',
    title: 'A discontinued product page is sent to the English home page /en/',
    start: 'https://gadgets.test/en/products/pager-3000',
    routes: {
      'https://gadgets.test/en/products/pager-3000': to('https://gadgets.test/en/'),
      'https://gadgets.test/en/': page({ lang: 'en-US' }),
    },
    mustFind: ['redirect_to_homepage'],
    mustNotFind: ['temporary_redirect', 'redirect_chain', 'error_status'],
    cites: [G_SOFT_404, ISSUES('redirect_to_homepage')],
  },
  {
    id: 'language/removed-page-to-pt-br-root',
    title: 'A removed page sent to the Brazilian Portuguese home page /pt-br',
    start: 'https://lojinha.test/pt-br/produto/antigo',
    routes: {
      'https://lojinha.test/pt-br/produto/antigo': to('https://lojinha.test/pt-br'),
      'https://lojinha.test/pt-br': page({ lang: 'pt-BR' }),
    },
    mustFind: ['redirect_to_homepage'],
    mustNotFind: ['temporary_redirect', 'redirect_chain'],
    cites: [G_SOFT_404, ISSUES('redirect_to_homepage')],
  },
  {
    id: 'language/removed-page-to-hreflang-root',
    title: 'A removed page sent to /es/, a Spanish home page that says so only by its self-referencing hreflang',
    start: 'https://viajes.test/ofertas/verano-2019',
    routes: {
      'https://viajes.test/ofertas/verano-2019': to('https://viajes.test/es/'),
      'https://viajes.test/es/': page({
        head:
          '<link rel="alternate" hreflang="es" href="https://viajes.test/es/">' +
          '<link rel="alternate" hreflang="en" href="https://viajes.test/en/">',
      }),
    },
    mustFind: ['redirect_to_homepage'],
    mustNotFind: ['temporary_redirect', 'redirect_chain'],
    cites: [G_SOFT_404, G_LOCALIZED, ISSUES('redirect_to_homepage')],
  },
  {
    id: 'language/it-department-page',
    title: "A page moved to /it: the IT department's page of an English site, not the Italian home page",
    start: 'https://university.test/services/computing',
    routes: {
      'https://university.test/services/computing': to('https://university.test/it'),
      'https://university.test/it': page({ lang: 'en' }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('redirect_to_homepage')],
  },
  {
    id: 'language/go-shortlink-page',
    title: 'A page moved to /go, a two-letter path that is no language',
    start: 'https://boardgames.test/play-online',
    routes: {
      'https://boardgames.test/play-online': to('https://boardgames.test/go'),
      'https://boardgames.test/go': page({ lang: 'en' }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('redirect_to_homepage')],
  },
  {
    id: 'language/lang-parameter-to-root',
    title: '/?lang=de answers 301 to /de/: a language choice, the submitted URL was a root already',
    start: 'https://hotel.test/?lang=de',
    routes: {
      'https://hotel.test/?lang=de': to('https://hotel.test/de/'),
      'https://hotel.test/de/': page({ lang: 'de' }),
    },
    mustFind: [],
    mustNotFind: ['redirect_to_homepage', 'temporary_redirect', 'redirect_chain'],
    cites: [ISSUES('redirect_to_homepage')],
  },
  {
    id: 'language/country-picker',
    title: '/de answers 302 to / , the international home page: a language picker, not a lost page',
    start: 'https://outdoor.test/de',
    routes: {
      'https://outdoor.test/de': to('https://outdoor.test/', 302),
      'https://outdoor.test/': page({ lang: 'en' }),
    },
    mustFind: ['temporary_redirect'],
    mustNotFind: ['redirect_to_homepage'],
    cites: [ISSUES('redirect_to_homepage'), G_REDIRECTS],
  },
  {
    id: 'language/page-into-language-folder',
    title: '/contact answers 301 to /en/contact: a site that moved its pages under language folders',
    start: 'https://agency.test/contact',
    routes: {
      'https://agency.test/contact': to('https://agency.test/en/contact'),
      'https://agency.test/en/contact': page({ lang: 'en' }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('redirect_to_homepage'), G_SITE_MOVE],
  },
];

const soft404s: CorpusCase[] = [
  {
    id: 'soft-404/removed-to-root',
    title: 'A discontinued product answers 301 to the home page',
    start: 'https://hardware.test/products/drill-x100',
    routes: {
      'https://hardware.test/products/drill-x100': to('https://hardware.test/'),
      'https://hardware.test/': page(),
    },
    mustFind: ['redirect_to_homepage'],
    mustNotFind: allBut('redirect_to_homepage'),
    cites: [G_SOFT_404],
  },
  {
    id: 'soft-404/removed-to-index-html-302',
    title: 'An old page answers 302 to /index.html',
    start: 'https://clinic.test/doctors/dr-smith',
    routes: {
      'https://clinic.test/doctors/dr-smith': to('https://clinic.test/index.html', 302),
      'https://clinic.test/index.html': page(),
    },
    mustFind: ['redirect_to_homepage', 'temporary_redirect'],
    mustNotFind: ['redirect_chain', 'error_status', 'mixed_redirect_types'],
    cites: [G_SOFT_404, G_REDIRECTS],
  },
  {
    id: 'soft-404/removed-to-www-root',
    title: 'A removed page on the bare domain is sent to the www home page (same site, another host)',
    start: 'https://garage.test/services/tyres',
    routes: {
      'https://garage.test/services/tyres': to('https://www.garage.test/'),
      'https://www.garage.test/': page(),
    },
    mustFind: ['redirect_to_homepage'],
    mustNotFind: ['redirect_chain', 'temporary_redirect'],
    cites: [G_SOFT_404, ISSUES('redirect_to_homepage')],
  },
  {
    id: 'soft-404/removed-to-index-php',
    title: 'A PHP site sends unknown pages to /index.php',
    start: 'https://forum.test/thread/12345',
    routes: {
      'https://forum.test/thread/12345': to('https://forum.test/index.php'),
      'https://forum.test/index.php': page(),
    },
    mustFind: ['redirect_to_homepage'],
    mustNotFind: ['temporary_redirect', 'error_status'],
    cites: [G_SOFT_404],
  },
  {
    id: 'soft-404/removed-410',
    title: 'A removed page answers 410 Gone: what Google asks for, and an error_status since nothing is indexed',
    start: 'https://recipes.test/old-recipe',
    routes: { 'https://recipes.test/old-recipe': page({ status: 410, title: 'Gone' }) },
    mustFind: ['error_status'],
    mustNotFind: ['redirect_to_homepage', 'redirect_chain', 'noindex_destination', 'canonical_mismatch'],
    cites: [G_HTTP_ERRORS, RFC9110_ERRORS],
  },
  {
    id: 'soft-404/redirect-to-404',
    title: 'An old URL redirects to a page that was deleted too',
    start: 'https://magazine.test/issue/12',
    routes: { 'https://magazine.test/issue/12': to('https://magazine.test/archive/12') },
    mustFind: ['error_status'],
    mustNotFind: ['redirect_to_homepage', 'redirect_chain', 'noindex_destination'],
    cites: [G_HTTP_ERRORS],
  },
  {
    id: 'soft-404/root-to-root',
    title: 'http://apex/ to https://www/: the home page moving, not a lost page',
    start: 'http://cafe.test/',
    routes: { 'http://cafe.test/': to('https://www.cafe.test/'), 'https://www.cafe.test/': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('redirect_to_homepage')],
  },
  {
    id: 'soft-404/page-to-page',
    title: 'An old category sent to its new category, not to the home page',
    start: 'https://bookshop.test/category/sci-fi',
    routes: {
      'https://bookshop.test/category/sci-fi': to('https://bookshop.test/genres/science-fiction'),
      'https://bookshop.test/genres/science-fiction': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_SOFT_404],
  },
  {
    id: 'soft-404/not-found-page-200',
    title: 'A "page not found" page answering 200: a soft 404 Google finds by its content, which hoplens does not read',
    start: 'https://crafts.test/missing-page',
    routes: {
      'https://crafts.test/missing-page': page({
        title: 'Page not found',
        body: '<h1>Sorry, this page does not exist</h1>',
      }),
    },
    mustFind: [],
    mustNotFind: ['error_status', 'redirect_to_homepage'],
    cites: [ISSUES('error_status')],
  },
  {
    id: 'soft-404/search-to-root',
    title: 'An old search URL with its query is sent to the home page',
    start: 'https://catalogue.test/search?q=lamp',
    routes: {
      'https://catalogue.test/search?q=lamp': to('https://catalogue.test/'),
      'https://catalogue.test/': page(),
    },
    mustFind: ['redirect_to_homepage', 'query_dropped'],
    mustNotFind: ['temporary_redirect', 'redirect_chain'],
    cites: [G_SOFT_404, ISSUES('query_dropped')],
  },
  {
    id: 'soft-404/root-no-redirect',
    title: 'The home page itself, answering 200: no redirect, nothing to say about soft 404s',
    start: 'https://bakehouse.test/',
    routes: { 'https://bakehouse.test/': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('redirect_to_homepage')],
  },
];

const tracking: CorpusCase[] = [
  {
    id: 'tracking/utm-dropped',
    title: 'A campaign link loses its utm_* parameters in the redirect',
    start: 'https://newsletter.test/landing?utm_source=mail&utm_medium=email&utm_campaign=spring',
    routes: {
      'https://newsletter.test/landing?utm_source=mail&utm_medium=email&utm_campaign=spring': to(
        'https://newsletter.test/offer',
      ),
      'https://newsletter.test/offer': page(),
    },
    mustFind: ['query_dropped'],
    mustNotFind: allBut('query_dropped'),
    cites: [ISSUES('query_dropped')],
  },
  {
    id: 'tracking/utm-kept',
    title: 'The same campaign link through a redirect that keeps the query',
    start: 'https://campaign.test/landing?utm_source=mail&utm_campaign=spring',
    routes: {
      'https://campaign.test/landing?utm_source=mail&utm_campaign=spring': to(
        'https://campaign.test/offer?utm_source=mail&utm_campaign=spring',
      ),
      'https://campaign.test/offer?utm_source=mail&utm_campaign=spring': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('query_dropped')],
  },
  {
    id: 'tracking/gclid-kept-param-added',
    title: 'An ad click keeps gclid and gains a ref parameter: nothing lost',
    start: 'https://adshop.test/p/42?gclid=Cj0KCQ',
    routes: {
      'https://adshop.test/p/42?gclid=Cj0KCQ': to('https://adshop.test/products/42?gclid=Cj0KCQ&ref=ad'),
      'https://adshop.test/products/42?gclid=Cj0KCQ&ref=ad': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('query_dropped')],
  },
  {
    id: 'tracking/fbclid-stripped',
    title: 'A server strips fbclid with a redirect: analytics loses the click',
    start: 'https://boutique.test/dress?fbclid=IwAR0abc',
    routes: {
      'https://boutique.test/dress?fbclid=IwAR0abc': to('https://boutique.test/dress'),
      'https://boutique.test/dress': page(),
    },
    mustFind: ['query_dropped'],
    mustNotFind: ['redirect_to_homepage', 'temporary_redirect', 'trailing_slash_redirect'],
    cites: [ISSUES('query_dropped')],
  },
  {
    id: 'tracking/content-param-dropped',
    title: 'A product id parameter is lost along with the campaign parameter',
    start: 'https://parts.test/item?id=5&utm_campaign=x',
    routes: {
      'https://parts.test/item?id=5&utm_campaign=x': to('https://parts.test/item?id=5'),
      'https://parts.test/item?id=5': page(),
    },
    mustFind: ['query_dropped'],
    mustNotFind: ['redirect_to_homepage', 'temporary_redirect'],
    cites: [ISSUES('query_dropped')],
  },
  {
    id: 'tracking/value-changed',
    title: 'A paginated URL redirects to another page number: values change, names stay',
    start: 'https://listing.test/all?page=2',
    routes: {
      'https://listing.test/all?page=2': to('https://listing.test/all?page=1'),
      'https://listing.test/all?page=1': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('query_dropped')],
  },
  {
    id: 'tracking/reordered',
    title: 'A redirect that reorders the parameters',
    start: 'https://filters.test/shop?colour=red&size=m',
    routes: {
      'https://filters.test/shop?colour=red&size=m': to('https://filters.test/store?size=m&colour=red'),
      'https://filters.test/store?size=m&colour=red': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('query_dropped')],
  },
  {
    id: 'tracking/msclkid-through-chain',
    title: 'A Bing ad click kept by the first hop and dropped by the second',
    start: 'http://bingads.test/deal?msclkid=abc123',
    routes: {
      'http://bingads.test/deal?msclkid=abc123': to('https://bingads.test/deal?msclkid=abc123'),
      'https://bingads.test/deal?msclkid=abc123': to('https://bingads.test/deals/today'),
      'https://bingads.test/deals/today': page(),
    },
    mustFind: ['query_dropped', 'redirect_chain'],
    mustNotFind: ['temporary_redirect', 'redirect_to_homepage'],
    cites: [ISSUES('query_dropped'), G_SITE_MOVE],
  },
  {
    id: 'tracking/no-query',
    title: 'No query submitted, none to lose',
    start: 'https://plain.test/a',
    routes: { 'https://plain.test/a': to('https://plain.test/b'), 'https://plain.test/b': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('query_dropped')],
  },
];

const cdnAndCms: CorpusCase[] = [
  {
    id: 'cdn/cloudflare-always-https',
    title: 'Cloudflare "Always Use HTTPS": a 301 to https on the edge, the origin sends HSTS',
    start: 'http://edge.test/docs/start',
    routes: {
      'http://edge.test/docs/start': to('https://edge.test/docs/start', 301, CLOUDFLARE),
      'https://edge.test/docs/start': page({ headers: CLOUDFLARE }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_REDIRECTS],
  },
  {
    id: 'cdn/cloudflare-forwarding-302',
    title: 'A Cloudflare forwarding rule left at its 302 default for a permanent move',
    start: 'https://promo.test/black-friday',
    routes: {
      'https://promo.test/black-friday': to('https://promo.test/sale', 302, CLOUDFLARE),
      'https://promo.test/sale': page({ headers: CLOUDFLARE }),
    },
    mustFind: ['temporary_redirect'],
    mustNotFind: allBut('temporary_redirect'),
    cites: [G_REDIRECTS],
  },
  {
    id: 'cdn/cloudflare-bulk-301-keeps-query',
    title: 'A Cloudflare bulk redirect (301, "preserve query string")',
    start: 'https://bulk.test/old/page?ref=partner',
    routes: {
      'https://bulk.test/old/page?ref=partner': to('https://bulk.test/new/page?ref=partner', 301, CLOUDFLARE),
      'https://bulk.test/new/page?ref=partner': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('query_dropped'), G_REDIRECTS],
  },
  {
    id: 'cdn/cloudflare-flexible-ssl-loop',
    title:
      'Cloudflare "Flexible SSL" with an origin forcing https: the edge asks http, the origin sends to https, forever',
    start: 'https://flexible.test/',
    routes: { 'https://flexible.test/': to('https://flexible.test/', 301, CLOUDFLARE) },
    mustFind: ['redirect_loop'],
    mustNotFind: ['https_downgrade', 'error_status', 'not_https', 'max_hops_reached'],
    cites: [ISSUES('redirect_loop')],
  },
  {
    id: 'cms/wordpress-trailing-slash',
    title: "WordPress canonical redirect adding the permalink's slash",
    start: 'https://wpblog.test/2024/05/hello-world',
    routes: {
      'https://wpblog.test/2024/05/hello-world': to('https://wpblog.test/2024/05/hello-world/', 301, WORDPRESS),
      'https://wpblog.test/2024/05/hello-world/': page({
        head: '<link rel="canonical" href="https://wpblog.test/2024/05/hello-world/">',
      }),
    },
    mustFind: ['trailing_slash_redirect'],
    mustNotFind: allBut('trailing_slash_redirect'),
    cites: [ISSUES('trailing_slash_redirect'), G_CANONICAL],
  },
  {
    id: 'cms/wordpress-old-slug',
    title: 'WordPress _wp_old_slug_redirect: a renamed post, 301 to its new slug',
    start: 'https://wpnews.test/2023/old-title/',
    routes: {
      'https://wpnews.test/2023/old-title/': to('https://wpnews.test/2023/new-title/', 301, WORDPRESS),
      'https://wpnews.test/2023/new-title/': page({
        head: '<link rel="canonical" href="https://wpnews.test/2023/new-title/">',
      }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_REDIRECTS, G_CANONICAL],
  },
  {
    id: 'cms/wordpress-attachment-to-root',
    title: 'A plugin sends deleted attachment pages to the home page',
    start: 'https://wpmedia.test/photo-123/',
    routes: {
      'https://wpmedia.test/photo-123/': to('https://wpmedia.test/', 301, WORDPRESS),
      'https://wpmedia.test/': page(),
    },
    mustFind: ['redirect_to_homepage'],
    mustNotFind: ['temporary_redirect', 'redirect_chain'],
    cites: [G_SOFT_404],
  },
  {
    id: 'cms/wordpress-p-param',
    title: "WordPress sends ?p=123 to the post's permalink (a page of its own, not the home page)",
    start: 'https://wpshort.test/?p=123',
    routes: {
      'https://wpshort.test/?p=123': to('https://wpshort.test/2024/06/summer-menu/', 301, WORDPRESS),
      'https://wpshort.test/2024/06/summer-menu/': page(),
    },
    mustFind: [],
    mustNotFind: ['redirect_to_homepage', 'temporary_redirect', 'redirect_chain', 'trailing_slash_redirect'],
    cites: [ISSUES('redirect_to_homepage')],
  },
  {
    id: 'cms/yoast-301-self-canonical',
    title: 'A Yoast redirect to a page whose canonical is itself',
    start: 'https://yoastsite.test/old-guide/',
    routes: {
      'https://yoastsite.test/old-guide/': to('https://yoastsite.test/guide/', 301, YOAST),
      'https://yoastsite.test/guide/': page({ head: '<link rel="canonical" href="https://yoastsite.test/guide/">' }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_CANONICAL, G_REDIRECTS],
  },
  {
    id: 'cms/yoast-410',
    title: 'Yoast Premium answering 410 for deleted content',
    start: 'https://yoastgone.test/discontinued/',
    routes: { 'https://yoastgone.test/discontinued/': page({ status: 410, headers: YOAST, title: 'Gone' }) },
    mustFind: ['error_status'],
    mustNotFind: ['redirect_to_homepage', 'redirect_chain', 'temporary_redirect'],
    cites: [G_HTTP_ERRORS],
  },
  {
    id: 'cms/rank-math-307',
    title: 'A Rank Math redirection saved as 307 for a permanent move',
    start: 'https://rankmath.test/services/seo-audit/',
    routes: {
      'https://rankmath.test/services/seo-audit/': to('https://rankmath.test/audit/', 307, RANK_MATH),
      'https://rankmath.test/audit/': page(),
    },
    mustFind: ['temporary_redirect'],
    mustNotFind: allBut('temporary_redirect'),
    cites: [G_REDIRECTS, RFC9110_REDIRECTS],
  },
  {
    id: 'cms/rank-math-chain',
    title: 'Rank Math rule pointing at an older Rank Math rule: 301 then 302',
    start: 'https://rankchain.test/a/',
    routes: {
      'https://rankchain.test/a/': to('https://rankchain.test/b/', 301, RANK_MATH),
      'https://rankchain.test/b/': to('https://rankchain.test/c/', 302, RANK_MATH),
      'https://rankchain.test/c/': page(),
    },
    mustFind: ['redirect_chain', 'temporary_redirect', 'mixed_redirect_types'],
    mustNotFind: ['redirect_to_homepage', 'query_dropped', 'redirect_loop'],
    cites: [G_SITE_MOVE, G_REDIRECTS, ISSUES('mixed_redirect_types')],
  },
  {
    id: 'cms/shopify-collection-canonical',
    title: 'A Shopify redirect lands on /collections/x/products/y, whose canonical is /products/y',
    start: 'https://shopify-one.test/old-product',
    routes: {
      'https://shopify-one.test/old-product': to(
        'https://shopify-one.test/collections/mugs/products/blue-mug',
        301,
        SHOPIFY,
      ),
      'https://shopify-one.test/collections/mugs/products/blue-mug': page({
        headers: SHOPIFY,
        head: '<link rel="canonical" href="https://shopify-one.test/products/blue-mug">',
      }),
    },
    mustFind: ['canonical_mismatch'],
    mustNotFind: ['redirect_to_homepage', 'temporary_redirect', 'redirect_chain', 'noindex_destination'],
    cites: [G_CANONICAL],
  },
  {
    id: 'cms/shopify-url-redirect',
    title: "A Shopify URL redirect to the product's canonical URL",
    start: 'https://shopify-two.test/pages/old-tea',
    routes: {
      'https://shopify-two.test/pages/old-tea': to('https://shopify-two.test/products/green-tea', 301, SHOPIFY),
      'https://shopify-two.test/products/green-tea': page({
        headers: SHOPIFY,
        head: '<link rel="canonical" href="https://shopify-two.test/products/green-tea">',
      }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_CANONICAL, G_REDIRECTS],
  },
  {
    id: 'cms/shopify-myshopify-to-domain',
    title: "The myshopify.com address sends to the shop's own domain, path kept",
    start: 'https://teashop.myshopify.test/collections/all',
    routes: {
      'https://teashop.myshopify.test/collections/all': to('https://teashop.test/collections/all', 301, SHOPIFY),
      'https://teashop.test/collections/all': page({ headers: SHOPIFY }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_SITE_MOVE],
  },
  {
    id: 'cms/nginx-request-uri',
    title: 'nginx `return 301 https://$host$request_uri;`: the query comes along',
    start: 'http://nginxsite.test/search?q=bikes&page=2',
    routes: {
      'http://nginxsite.test/search?q=bikes&page=2': to('https://nginxsite.test/search?q=bikes&page=2', 301, {
        server: 'nginx',
      }),
      'https://nginxsite.test/search?q=bikes&page=2': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('query_dropped'), G_REDIRECTS],
  },
  {
    id: 'cms/nginx-rewrite-drops-query',
    title: 'nginx `rewrite ^ https://$host$uri? permanent;`: the trailing ? drops the query',
    start: 'http://nginxdrop.test/search?q=bikes',
    routes: {
      'http://nginxdrop.test/search?q=bikes': to('https://nginxdrop.test/search', 301, { server: 'nginx' }),
      'https://nginxdrop.test/search': page(),
    },
    mustFind: ['query_dropped'],
    mustNotFind: ['temporary_redirect', 'redirect_to_homepage', 'https_downgrade'],
    cites: [ISSUES('query_dropped')],
  },
  {
    id: 'cms/vercel-308',
    title: 'A Vercel `permanent: true` redirect (308)',
    start: 'https://vercelapp.test/docs/v1',
    routes: {
      'https://vercelapp.test/docs/v1': to('https://vercelapp.test/docs/v2', 308, { server: 'Vercel' }),
      'https://vercelapp.test/docs/v2': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [RFC9110_REDIRECTS, G_REDIRECTS],
  },
  {
    id: 'cms/netlify-pretty-urls',
    title: 'Netlify pretty URLs: /about.html answers 301 to /about',
    start: 'https://netlifysite.test/about.html',
    routes: {
      'https://netlifysite.test/about.html': to('https://netlifysite.test/about', 301, { server: 'Netlify' }),
      'https://netlifysite.test/about': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_REDIRECTS],
  },
  {
    id: 'cms/express-default-302',
    title: 'An Express res.redirect() (302 by default) used for a permanent move, behind a 301 http->https',
    start: 'http://expressapp.test/login-old',
    routes: {
      'http://expressapp.test/login-old': to('https://expressapp.test/login-old'),
      'https://expressapp.test/login-old': to('https://expressapp.test/login', 302, { 'x-powered-by': 'Express' }),
      'https://expressapp.test/login': page(),
    },
    mustFind: ['temporary_redirect', 'mixed_redirect_types', 'redirect_chain'],
    mustNotFind: ['redirect_to_homepage', 'https_downgrade', 'redirect_loop'],
    cites: [G_REDIRECTS, ISSUES('mixed_redirect_types'), G_SITE_MOVE],
  },
];

const metaRefreshes: CorpusCase[] = [
  {
    id: 'refresh/instant-meta',
    title: 'A static host that cannot redirect: an instant meta refresh to the new page',
    start: 'https://pages.test/old.html',
    routes: {
      'https://pages.test/old.html': page({
        head: '<meta http-equiv="refresh" content="0; url=https://pages.test/new.html">',
      }),
      'https://pages.test/new.html': page(),
    },
    mustFind: ['meta_refresh'],
    mustNotFind: [
      'javascript_redirect',
      'temporary_redirect',
      'error_status',
      'mixed_redirect_types',
      'redirect_chain',
    ],
    cites: [G_META_REFRESH, HTML_REFRESH],
  },
  {
    id: 'refresh/delayed-meta',
    title: '"You will be redirected in 5 seconds"',
    start: 'https://moved.test/',
    routes: {
      'https://moved.test/': page({
        head: '<meta http-equiv="refresh" content="5;URL=\'https://moved.test/welcome\'">',
      }),
      'https://moved.test/welcome': page(),
    },
    mustFind: ['meta_refresh'],
    mustNotFind: ['javascript_redirect', 'temporary_redirect', 'error_status'],
    cites: [G_META_REFRESH, HTML_REFRESH],
  },
  {
    id: 'refresh/uppercase-http-equiv',
    title: 'An old page with HTTP-EQUIV="Refresh" in capitals and a relative URL',
    start: 'https://legacyhtml.test/index.htm',
    routes: {
      'https://legacyhtml.test/index.htm': page({ head: '<META HTTP-EQUIV="Refresh" CONTENT="0;URL=home/start.htm">' }),
      'https://legacyhtml.test/home/start.htm': page(),
    },
    mustFind: ['meta_refresh'],
    mustNotFind: ['error_status', 'javascript_redirect'],
    cites: [HTML_REFRESH],
  },
  {
    id: 'refresh/header',
    title: 'A Refresh response header (as some PHP apps send) on a 200',
    start: 'https://phpapp.test/logout.php',
    routes: {
      'https://phpapp.test/logout.php': {
        status: 200,
        headers: { 'content-type': HTML_TYPE, refresh: '0; url=/goodbye' },
        body: '',
      },
      'https://phpapp.test/goodbye': page(),
    },
    mustFind: ['meta_refresh'],
    mustNotFind: ['error_status', 'javascript_redirect', 'temporary_redirect'],
    cites: [HTML_REFRESH, G_META_REFRESH],
  },
  {
    id: 'refresh/in-noscript',
    title: 'A refresh in <noscript> as a fallback for a script that does nothing: browsers with scripting ignore it',
    start: 'https://noscript.test/',
    routes: {
      'https://noscript.test/': page({
        head: '<noscript><meta http-equiv="refresh" content="0; url=/nojs"></noscript>',
      }),
    },
    mustFind: [],
    mustNotFind: ['meta_refresh', 'error_status', 'javascript_redirect'],
    cites: [HTML_PARSING],
  },
  {
    id: 'refresh/in-comment',
    title: 'A refresh commented out during a migration',
    start: 'https://commented.test/',
    routes: { 'https://commented.test/': page({ head: '<!-- <meta http-equiv="refresh" content="0; url=/new"> -->' }) },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [HTML_PARSING],
  },
  {
    id: 'refresh/in-template',
    title: 'A refresh inside a <template> a component clones later',
    start: 'https://templated.test/',
    routes: {
      'https://templated.test/': page({ body: '<template><meta http-equiv="refresh" content="0; url=/x"></template>' }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [HTML_PARSING],
  },
  {
    id: 'refresh/in-textarea',
    title: 'A CMS help page showing the refresh tag as text in a <textarea>',
    start: 'https://helpdesk.test/howto',
    routes: {
      'https://helpdesk.test/howto': page({
        body: '<textarea><meta http-equiv="refresh" content="0; url=/x"></textarea>',
      }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [HTML_PARSING],
  },
  {
    id: 'refresh/reload-self',
    title: 'A dashboard reloading itself every 30 seconds (no URL)',
    start: 'https://dashboard.test/status',
    routes: { 'https://dashboard.test/status': page({ head: '<meta http-equiv="refresh" content="30">' }) },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [HTML_REFRESH],
  },
  {
    id: 'refresh/reload-own-url',
    title: 'A scoreboard that refreshes to its own URL',
    start: 'https://scores.test/live',
    routes: {
      'https://scores.test/live': page({
        head: '<meta http-equiv="refresh" content="60; url=https://scores.test/live">',
      }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [HTML_REFRESH, ISSUES('meta_refresh')],
  },
  {
    id: 'refresh/on-404',
    title: 'A 404 page whose meta refresh sends visitors home after 10 s: reported, not followed',
    start: 'https://lost.test/nowhere',
    routes: {
      'https://lost.test/nowhere': page({ status: 404, head: '<meta http-equiv="refresh" content="10; url=/">' }),
    },
    mustFind: ['meta_refresh', 'error_status'],
    mustNotFind: ['redirect_to_homepage', 'javascript_redirect', 'noindex_destination'],
    cites: [ISSUES('meta_refresh'), G_HTTP_ERRORS],
  },
  {
    id: 'refresh/base-href',
    title: 'A relative refresh URL resolved against <base href>',
    start: 'https://basesite.test/landing/page.html',
    routes: {
      'https://basesite.test/landing/page.html': page({
        head: '<base href="https://basesite.test/v2/"><meta http-equiv="refresh" content="0; url=start.html">',
      }),
      'https://basesite.test/v2/start.html': page(),
    },
    mustFind: ['meta_refresh'],
    mustNotFind: ['error_status'],
    cites: [HTML_BASE, HTML_REFRESH],
  },
  {
    id: 'refresh/bad-then-good',
    title: 'A refresh whose content does not parse, followed by one that does: the second applies',
    start: 'https://tworefresh.test/',
    routes: {
      'https://tworefresh.test/': page({
        head: '<meta http-equiv="refresh" content="soon; url=/wrong"><meta http-equiv="refresh" content="0; url=/right">',
      }),
      'https://tworefresh.test/right': page(),
    },
    mustFind: ['meta_refresh'],
    mustNotFind: ['error_status'],
    cites: [HTML_REFRESH],
  },
  {
    id: 'refresh/in-body',
    title: 'A meta refresh a page builder put in the body: the parser still inserts it, browsers follow it',
    start: 'https://builder.test/promo',
    routes: {
      'https://builder.test/promo': page({ body: '<div><meta http-equiv="refresh" content="0; url=/offer"></div>' }),
      'https://builder.test/offer': page(),
    },
    mustFind: ['meta_refresh'],
    mustNotFind: ['error_status'],
    cites: [HTML_REFRESH, 'WHATWG HTML, "Pragma directives": the refresh runs when the meta element is inserted'],
  },
  {
    id: 'refresh/report-only',
    title: 'A meta refresh reported without being followed (clientRedirects: report)',
    start: 'https://reportonly.test/',
    options: { clientRedirects: 'report' },
    routes: { 'https://reportonly.test/': page({ head: '<meta http-equiv="refresh" content="0; url=/next">' }) },
    mustFind: ['meta_refresh'],
    mustNotFind: ['error_status', 'redirect_chain'],
    cites: [ISSUES('meta_refresh')],
  },
  {
    id: 'refresh/after-301',
    title: 'A 301 to a page that meta-refreshes on: two redirects of two kinds',
    start: 'https://doublehop.test/old',
    routes: {
      'https://doublehop.test/old': to('https://doublehop.test/interim'),
      'https://doublehop.test/interim': page({ head: '<meta http-equiv="refresh" content="0; url=/final">' }),
      'https://doublehop.test/final': page(),
    },
    mustFind: ['meta_refresh', 'redirect_chain'],
    mustNotFind: ['mixed_redirect_types', 'temporary_redirect', 'error_status'],
    cites: [G_META_REFRESH, G_SITE_MOVE, ISSUES('mixed_redirect_types')],
  },
  {
    id: 'refresh/302-then-instant-refresh',
    title: 'A 302 then an instant meta refresh: the refresh is not an HTTP redirect, so not "mixed types"',
    start: 'https://mixrefresh.test/go',
    routes: {
      'https://mixrefresh.test/go': to('https://mixrefresh.test/bounce', 302),
      'https://mixrefresh.test/bounce': page({ head: '<meta http-equiv="refresh" content="0; url=/end">' }),
      'https://mixrefresh.test/end': page(),
    },
    mustFind: ['meta_refresh', 'temporary_redirect', 'redirect_chain'],
    mustNotFind: ['mixed_redirect_types'],
    cites: [ISSUES('mixed_redirect_types'), G_META_REFRESH],
  },
];

const javascript: CorpusCase[] = [
  {
    id: 'js/location-href',
    title: 'An SPA shell sending old routes on with window.location.href',
    start: 'https://spa.test/old-route',
    routes: { 'https://spa.test/old-route': page({ body: "<script>window.location.href = '/new-route';</script>" }) },
    mustFind: ['javascript_redirect'],
    mustNotFind: ['meta_refresh', 'error_status', 'temporary_redirect'],
    cites: [G_JS],
  },
  {
    id: 'js/location-replace',
    title: 'location.replace() to another domain',
    start: 'https://jsmove.test/',
    routes: { 'https://jsmove.test/': page({ head: '<script>location.replace("https://jsdest.test/")</script>' }) },
    mustFind: ['javascript_redirect'],
    mustNotFind: ['meta_refresh', 'error_status'],
    cites: [G_JS],
  },
  {
    id: 'js/set-timeout',
    title: 'A countdown page: setTimeout then location = ...',
    start: 'https://countdown.test/launch',
    routes: {
      'https://countdown.test/launch': page({
        body: "<p>Redirecting...</p><script>setTimeout(function () { document.location = 'https://countdown.test/live'; }, 3000);</script>",
      }),
    },
    mustFind: ['javascript_redirect'],
    mustNotFind: ['meta_refresh', 'error_status'],
    cites: [G_JS],
  },
  {
    id: 'js/json-ld-not-redirect',
    title: 'Structured data that mentions a URL: not a redirect',
    start: 'https://jsonld.test/product',
    routes: {
      'https://jsonld.test/product': page({
        head: '<script type="application/ld+json">{"@type":"Product","url":"https://jsonld.test/product","offers":{"url":"/buy"}}</script>',
      }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_JS],
  },
  {
    id: 'js/reads-location',
    title: 'Analytics that reads location and compares it: no navigation',
    start: 'https://analytics.test/',
    routes: {
      'https://analytics.test/': page({
        body: "<script>var here = window.location.href; if (location.href == '/x') { console.log(here); }</script>",
      }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_JS],
  },
  {
    id: 'js/iframe-location',
    title: 'A script that navigates an iframe (contentWindow.location), not the page',
    start: 'https://widget.test/embed',
    routes: {
      'https://widget.test/embed': page({
        body: "<iframe id=\"preview\"></iframe><script>document.getElementById('preview').contentWindow.location.href = '/preview/1';</script>",
      }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_JS, ISSUES('javascript_redirect')],
  },
  {
    id: 'js/in-comment',
    title: 'A redirect script commented out',
    start: 'https://jscomment.test/',
    routes: { 'https://jscomment.test/': page({ body: "<!-- <script>location.href = '/gone';</script> -->" }) },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [HTML_PARSING, G_JS],
  },
  {
    id: 'js/on-404',
    title: 'A 404 page whose script sends visitors home: the page is an error page, not a redirect',
    start: 'https://js404.test/missing',
    routes: { 'https://js404.test/missing': page({ status: 404, body: "<script>location.href = '/';</script>" }) },
    mustFind: ['error_status'],
    mustNotFind: ['javascript_redirect', 'redirect_to_homepage'],
    cites: [ISSUES('javascript_redirect'), G_HTTP_ERRORS],
  },
  {
    id: 'js/rendered-navigation',
    title: 'Rendering: a script that builds its target at run time sends the page to /fr/',
    start: 'https://rendered.test/',
    options: { render: true },
    routes: {
      'https://rendered.test/': page({
        lang: 'en',
        body: "<script>var l = navigator.language.slice(0, 2); location.href = '/' + l + '/';</script>",
        render: { navigatedTo: 'https://rendered.test/fr/' },
      }),
      'https://rendered.test/fr/': page({ lang: 'fr' }),
    },
    mustFind: ['javascript_redirect'],
    mustNotFind: ['render_incomplete', 'meta_refresh', 'error_status', 'redirect_to_homepage'],
    cites: [G_JS, ISSUES('javascript_redirect')],
  },
  {
    id: 'js/rendered-stays',
    title: 'Rendering: a page whose scripts do not navigate',
    start: 'https://staysput.test/',
    options: { render: true },
    routes: { 'https://staysput.test/': page({ body: '<script>document.title = "Hi";</script>', render: {} }) },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('javascript_redirect'), ISSUES('render_incomplete')],
  },
];

const renders: CorpusCase[] = [
  {
    id: 'render/timeout',
    title: "Rendering: a page that keeps the browser busy past the render's time",
    start: 'https://slowspa.test/',
    options: { render: true },
    routes: {
      'https://slowspa.test/': page({
        render: { incomplete: { reason: 'timeout', detail: 'still loading after 13 s' } },
      }),
    },
    mustFind: ['render_incomplete'],
    mustNotFind: ['javascript_redirect', 'error_status'],
    cites: [ISSUES('render_incomplete')],
  },
  {
    id: 'render/form-post',
    title: 'Rendering: a page that auto-submits a login form by POST (never sent)',
    start: 'https://autopost.test/sso',
    options: { render: true },
    routes: {
      'https://autopost.test/sso': page({
        body: '<form method="post" action="/login"></form><script>document.forms[0].submit()</script>',
        render: { incomplete: { reason: 'form_post', detail: 'POST https://autopost.test/login' } },
      }),
    },
    mustFind: ['render_incomplete'],
    mustNotFind: ['javascript_redirect'],
    cites: [ISSUES('render_incomplete')],
  },
  {
    id: 'render/request-limit',
    title: 'Rendering: a page that makes hundreds of requests',
    start: 'https://chatty.test/',
    options: { render: true },
    routes: {
      'https://chatty.test/': page({
        render: { incomplete: { reason: 'request_limit', detail: 'the 101st request' } },
      }),
    },
    mustFind: ['render_incomplete'],
    mustNotFind: ['javascript_redirect'],
    cites: [ISSUES('render_incomplete')],
  },
  {
    id: 'render/not-asked',
    title: 'The same busy page without rendering: nothing was asked of a browser, so nothing is incomplete',
    start: 'https://norender.test/',
    routes: {
      'https://norender.test/': page({ render: { incomplete: { reason: 'timeout', detail: 'never asked' } } }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('render_incomplete')],
  },
  {
    id: 'render/error-page-not-rendered',
    title: 'Rendering asked for, but the chain ends on a 500: only a 2xx page is rendered',
    start: 'https://render500.test/',
    options: { render: true },
    routes: {
      'https://render500.test/': page({
        status: 500,
        render: { incomplete: { reason: 'timeout', detail: 'never asked' } },
      }),
    },
    mustFind: ['error_status'],
    mustNotFind: ['render_incomplete', 'javascript_redirect'],
    cites: [ISSUES('render_incomplete'), G_HTTP_ERRORS],
  },
];

const loops: CorpusCase[] = [
  {
    id: 'loop/two-pages',
    title: 'Two redirect rules that point at each other',
    start: 'https://looping.test/a',
    routes: {
      'https://looping.test/a': to('https://looping.test/b'),
      'https://looping.test/b': to('https://looping.test/a'),
    },
    mustFind: ['redirect_loop'],
    mustNotFind: ['max_hops_reached', 'error_status', 'not_https', 'hsts_missing', 'redirect_to_homepage'],
    cites: [ISSUES('redirect_loop')],
  },
  {
    id: 'loop/https-http',
    title: 'The classic: the origin sends https to http, the proxy sends http to https',
    start: 'https://proxied.test/',
    routes: {
      'https://proxied.test/': to('http://proxied.test/'),
      'http://proxied.test/': to('https://proxied.test/'),
    },
    mustFind: ['redirect_loop', 'https_downgrade'],
    mustNotFind: ['max_hops_reached', 'not_https', 'error_status'],
    cites: [ISSUES('redirect_loop'), ISSUES('https_downgrade')],
  },
  {
    id: 'loop/www-apex',
    title: 'www sends to the apex and the apex to www',
    start: 'https://www.pingpong.test/',
    routes: {
      'https://www.pingpong.test/': to('https://pingpong.test/'),
      'https://pingpong.test/': to('https://www.pingpong.test/'),
    },
    mustFind: ['redirect_loop'],
    mustNotFind: ['max_hops_reached', 'redirect_to_homepage', 'https_downgrade'],
    cites: [ISSUES('redirect_loop')],
  },
  {
    id: 'loop/slash-flip-flop',
    title: 'One rule adds the trailing slash, another removes it',
    start: 'https://flipflop.test/shop',
    routes: {
      'https://flipflop.test/shop': to('https://flipflop.test/shop/'),
      'https://flipflop.test/shop/': to('https://flipflop.test/shop'),
    },
    mustFind: ['redirect_loop', 'trailing_slash_redirect'],
    mustNotFind: ['max_hops_reached', 'case_redirect'],
    cites: [ISSUES('redirect_loop'), ISSUES('trailing_slash_redirect')],
  },
  {
    id: 'loop/meta-refresh',
    title: 'Two pages that meta-refresh to each other',
    start: 'https://refreshloop.test/one',
    routes: {
      'https://refreshloop.test/one': page({ head: '<meta http-equiv="refresh" content="0; url=/two">' }),
      'https://refreshloop.test/two': page({ head: '<meta http-equiv="refresh" content="0; url=/one">' }),
    },
    mustFind: ['redirect_loop', 'meta_refresh'],
    mustNotFind: ['max_hops_reached', 'error_status'],
    cites: [ISSUES('redirect_loop'), HTML_REFRESH],
  },
  {
    id: 'loop/query-differs',
    title: 'A redirect that removes a session parameter: a different URL, not a loop',
    start: 'https://session.test/cart?sid=42',
    routes: {
      'https://session.test/cart?sid=42': to('https://session.test/cart'),
      'https://session.test/cart': page(),
    },
    mustFind: ['query_dropped'],
    mustNotFind: ['redirect_loop', 'max_hops_reached'],
    cites: [ISSUES('redirect_loop'), ISSUES('query_dropped')],
  },
];

/** `/hop/0 -> /hop/1 -> ... -> /hop/n` on `host`, each `status`, ending on a page. */
function hops(host: string, redirects: number, status = 301): Record<string, CorpusRoute> {
  const routes: Record<string, CorpusRoute> = {};
  for (let i = 0; i < redirects; i++) routes[`https://${host}/hop/${i}`] = to(`https://${host}/hop/${i + 1}`, status);
  routes[`https://${host}/hop/${redirects}`] = page();
  return routes;
}

const longChains: CorpusCase[] = [
  {
    id: 'chain/one-redirect',
    title: 'One redirect: what a move should be',
    start: 'https://onehop.test/hop/0',
    routes: hops('onehop.test', 1),
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_SITE_MOVE],
  },
  {
    id: 'chain/three-redirects',
    title: 'Three migrations stacked: 3 redirects',
    start: 'https://threehops.test/hop/0',
    routes: hops('threehops.test', 3),
    mustFind: ['redirect_chain'],
    mustNotFind: ['max_hops_reached', 'redirect_loop', 'url_too_long', 'temporary_redirect'],
    cites: [G_SITE_MOVE],
  },
  {
    id: 'chain/five-redirects',
    title: 'Five redirects: past Google\'s "fewer than 5"',
    start: 'https://fivehops.test/hop/0',
    routes: hops('fivehops.test', 5),
    mustFind: ['redirect_chain'],
    mustNotFind: ['max_hops_reached', 'redirect_loop', 'url_too_long'],
    cites: [G_SITE_MOVE, G_HTTP_ERRORS],
  },
  {
    id: 'chain/eleven-redirects',
    title: 'Eleven redirects: more than Googlebot follows, more than maxHops',
    start: 'https://elevenhops.test/hop/0',
    routes: hops('elevenhops.test', 11),
    mustFind: ['max_hops_reached', 'redirect_chain'],
    mustNotFind: ['redirect_loop', 'error_status', 'not_https', 'hsts_missing'],
    cites: [G_HTTP_ERRORS, ISSUES('max_hops_reached')],
  },
  {
    id: 'chain/max-hops-option',
    title: 'A chain of 4 redirects checked with maxHops 3',
    start: 'https://shortleash.test/hop/0',
    options: { maxHops: 3 },
    routes: hops('shortleash.test', 4),
    mustFind: ['max_hops_reached'],
    mustNotFind: ['redirect_loop', 'error_status', 'not_https'],
    cites: [ISSUES('max_hops_reached')],
  },
  {
    id: 'chain/exactly-max-hops',
    title: 'A chain of 2 redirects checked with maxHops 3: it ends on its page in time',
    start: 'https://justenough.test/hop/0',
    options: { maxHops: 3 },
    routes: hops('justenough.test', 2),
    mustFind: ['redirect_chain'],
    mustNotFind: ['max_hops_reached'],
    cites: [ISSUES('max_hops_reached')],
  },
  {
    id: 'chain/temporary-chain',
    title: 'Two 302s in a row: temporary, but not mixed',
    start: 'https://tempchain.test/hop/0',
    routes: hops('tempchain.test', 2, 302),
    mustFind: ['redirect_chain', 'temporary_redirect'],
    mustNotFind: ['mixed_redirect_types'],
    cites: [G_REDIRECTS, ISSUES('mixed_redirect_types')],
  },
];

const growing: Record<string, CorpusRoute> = {};
for (let i = 0, path = '/a'; i < 4; i++, path += '/a')
  growing[`https://appender.test${path}`] = to(`https://appender.test${path}/a`);
growing['https://appender.test/a/a/a/a/a'] = page();
const LONG_QUERY = `ids=${'1234567890,'.repeat(190)}`;

const urlLength: CorpusCase[] = [
  {
    id: 'url-length/growing',
    title: 'A rewrite rule that appends to its own output: /a, /a/a, /a/a/a...',
    start: 'https://appender.test/a',
    routes: growing,
    mustFind: ['url_too_long', 'redirect_chain'],
    mustNotFind: ['redirect_loop'],
    cites: [ISSUES('url_too_long')],
  },
  {
    id: 'url-length/over-2000',
    title: 'A redirect to a URL of over 2,000 characters (a filter state in the query)',
    start: 'https://filterstate.test/saved',
    routes: {
      'https://filterstate.test/saved': to(`https://filterstate.test/results?${LONG_QUERY}`),
      [`https://filterstate.test/results?${LONG_QUERY}`]: page(),
    },
    mustFind: ['url_too_long'],
    mustNotFind: ['redirect_chain', 'redirect_loop'],
    cites: [ISSUES('url_too_long'), G_HTTP_ERRORS],
  },
  {
    id: 'url-length/long-but-under',
    title: 'A redirect to a long URL still under 2,000 characters',
    start: 'https://longish.test/saved',
    routes: {
      'https://longish.test/saved': to(`https://longish.test/results?ids=${'1234567890,'.repeat(150)}`),
      [`https://longish.test/results?ids=${'1234567890,'.repeat(150)}`]: page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('url_too_long')],
  },
  {
    id: 'url-length/two-growing',
    title: 'Two redirects that each lengthen the URL: a normal move, not a runaway rule',
    start: 'https://deeper.test/a',
    routes: {
      'https://deeper.test/a': to('https://deeper.test/en/a'),
      'https://deeper.test/en/a': to('https://deeper.test/en/a/'),
      'https://deeper.test/en/a/': page(),
    },
    mustFind: ['redirect_chain'],
    mustNotFind: ['url_too_long'],
    cites: [ISSUES('url_too_long')],
  },
];

const permanence: CorpusCase[] = [
  {
    id: 'permanence/302',
    title: 'A 302 for a page that moved for good',
    start: 'https://temp302.test/old',
    routes: { 'https://temp302.test/old': to('https://temp302.test/new', 302), 'https://temp302.test/new': page() },
    mustFind: ['temporary_redirect'],
    mustNotFind: allBut('temporary_redirect'),
    cites: [G_REDIRECTS, RFC9110_REDIRECTS],
  },
  {
    id: 'permanence/303',
    title: 'A 303 See Other answering a GET',
    start: 'https://temp303.test/old',
    routes: { 'https://temp303.test/old': to('https://temp303.test/new', 303), 'https://temp303.test/new': page() },
    mustFind: ['temporary_redirect'],
    mustNotFind: allBut('temporary_redirect'),
    cites: [G_REDIRECTS, RFC9110_REDIRECTS],
  },
  {
    id: 'permanence/307',
    title: "A 307 from a framework's default redirect",
    start: 'https://temp307.test/old',
    routes: { 'https://temp307.test/old': to('https://temp307.test/new', 307), 'https://temp307.test/new': page() },
    mustFind: ['temporary_redirect'],
    mustNotFind: allBut('temporary_redirect'),
    cites: [G_REDIRECTS, RFC9110_REDIRECTS],
  },
  {
    id: 'permanence/301',
    title: 'A plain 301',
    start: 'https://perm301.test/old',
    routes: { 'https://perm301.test/old': to('https://perm301.test/new'), 'https://perm301.test/new': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_REDIRECTS, RFC9110_REDIRECTS],
  },
  {
    id: 'permanence/308',
    title: 'A plain 308',
    start: 'https://perm308.test/old',
    routes: { 'https://perm308.test/old': to('https://perm308.test/new', 308), 'https://perm308.test/new': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_REDIRECTS, RFC9110_REDIRECTS],
  },
  {
    id: 'permanence/301-then-302',
    title: 'A permanent http->https hop, then a temporary one from the app',
    start: 'http://mixed.test/account',
    routes: {
      'http://mixed.test/account': to('https://mixed.test/account'),
      'https://mixed.test/account': to('https://mixed.test/account/overview', 302),
      'https://mixed.test/account/overview': page(),
    },
    mustFind: ['mixed_redirect_types', 'temporary_redirect', 'redirect_chain'],
    mustNotFind: ['https_downgrade', 'redirect_loop', 'redirect_to_homepage'],
    cites: [ISSUES('mixed_redirect_types'), G_REDIRECTS],
  },
  {
    id: 'permanence/two-301',
    title: 'Two 301s: not mixed',
    start: 'https://twoperm.test/a',
    routes: {
      'https://twoperm.test/a': to('https://twoperm.test/b'),
      'https://twoperm.test/b': to('https://twoperm.test/c', 308),
      'https://twoperm.test/c': page(),
    },
    mustFind: ['redirect_chain'],
    mustNotFind: ['mixed_redirect_types', 'temporary_redirect'],
    cites: [ISSUES('mixed_redirect_types')],
  },
  {
    id: 'permanence/302-307',
    title: 'A 302 then a 307: all temporary, not mixed',
    start: 'https://twotemp.test/a',
    routes: {
      'https://twotemp.test/a': to('https://twotemp.test/b', 302),
      'https://twotemp.test/b': to('https://twotemp.test/c', 307),
      'https://twotemp.test/c': page(),
    },
    mustFind: ['temporary_redirect', 'redirect_chain'],
    mustNotFind: ['mixed_redirect_types'],
    cites: [ISSUES('mixed_redirect_types'), G_REDIRECTS],
  },
  {
    id: 'permanence/head-request',
    title: 'A 302 checked with HEAD: permanence does not depend on the method',
    start: 'https://headcheck.test/old',
    options: { method: 'HEAD' },
    routes: {
      'https://headcheck.test/old': to('https://headcheck.test/new', 302),
      'https://headcheck.test/new': page(),
    },
    mustFind: ['temporary_redirect'],
    mustNotFind: ['mixed_redirect_types', 'redirect_chain'],
    cites: [RFC9110_REDIRECTS],
  },
];

const downgrades: CorpusCase[] = [
  {
    id: 'downgrade/https-to-http',
    title: 'A secure page redirects to a plain-HTTP page on a legacy host',
    start: 'https://secure.test/pay',
    routes: { 'https://secure.test/pay': to('http://legacy-pay.test/pay'), 'http://legacy-pay.test/pay': page() },
    mustFind: ['https_downgrade', 'not_https'],
    mustNotFind: ['redirect_loop', 'hsts_missing', 'error_status'],
    cites: [ISSUES('https_downgrade'), ISSUES('not_https')],
  },
  {
    id: 'downgrade/through-http',
    title: 'https to http to https: the middle hop travels in clear text',
    start: 'https://detour.test/login',
    routes: {
      'https://detour.test/login': to('http://sso.detour.test/login'),
      'http://sso.detour.test/login': to('https://sso.detour.test/login'),
      'https://sso.detour.test/login': page(),
    },
    mustFind: ['https_downgrade', 'redirect_chain'],
    mustNotFind: ['not_https', 'redirect_loop'],
    cites: [ISSUES('https_downgrade')],
  },
  {
    id: 'downgrade/meta-refresh-to-http',
    title: 'An https page meta-refreshes to an http URL',
    start: 'https://refreshdown.test/',
    routes: {
      'https://refreshdown.test/': page({ head: '<meta http-equiv="refresh" content="0; url=http://plainold.test/">' }),
      'http://plainold.test/': page(),
    },
    mustFind: ['https_downgrade', 'meta_refresh', 'not_https'],
    mustNotFind: ['redirect_loop'],
    cites: [ISSUES('https_downgrade'), G_META_REFRESH],
  },
  {
    id: 'downgrade/http-site',
    title: 'A site that never moved to HTTPS',
    start: 'http://oldschool.test/',
    routes: { 'http://oldschool.test/': page() },
    mustFind: ['not_https'],
    mustNotFind: ['https_downgrade', 'hsts_missing', 'redirect_chain'],
    cites: [ISSUES('not_https')],
  },
  {
    id: 'downgrade/http-to-http',
    title: 'An http site redirecting within itself: never secure, never downgraded',
    start: 'http://plainmove.test/a',
    routes: { 'http://plainmove.test/a': to('http://plainmove.test/b'), 'http://plainmove.test/b': page() },
    mustFind: ['not_https'],
    mustNotFind: ['https_downgrade', 'hsts_missing'],
    cites: [ISSUES('not_https'), ISSUES('https_downgrade')],
  },
];

const canonicals: CorpusCase[] = [
  {
    id: 'canonical/other-page',
    title: 'A redirect lands on a page whose canonical is another page',
    start: 'https://canon-a.test/old',
    routes: {
      'https://canon-a.test/old': to('https://canon-a.test/print/article'),
      'https://canon-a.test/print/article': page({
        head: '<link rel="canonical" href="https://canon-a.test/article">',
      }),
    },
    mustFind: ['canonical_mismatch'],
    mustNotFind: ['noindex_destination', 'redirect_to_homepage', 'temporary_redirect'],
    cites: [G_CANONICAL],
  },
  {
    id: 'canonical/self',
    title: 'A page that names itself as canonical',
    start: 'https://canon-b.test/article',
    routes: {
      'https://canon-b.test/article': page({ head: '<link rel="canonical" href="https://canon-b.test/article">' }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_CANONICAL],
  },
  {
    id: 'canonical/self-relative',
    title: 'A relative canonical that resolves to the page itself',
    start: 'https://canon-c.test/guides/start',
    routes: { 'https://canon-c.test/guides/start': page({ head: '<link rel="canonical" href="/guides/start">' }) },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_CANONICAL],
  },
  {
    id: 'canonical/host-case-and-fragment',
    title: 'A canonical written with a capitalised host and a fragment: the same page',
    start: 'https://canon-d.test/faq',
    routes: {
      'https://canon-d.test/faq': page({ head: '<link rel="canonical" href="https://Canon-D.TEST/faq#top">' }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_CANONICAL, ISSUES('canonical_mismatch')],
  },
  {
    id: 'canonical/trailing-slash',
    title: 'A canonical that differs by its trailing slash: another URL',
    start: 'https://canon-e.test/pricing',
    routes: {
      'https://canon-e.test/pricing': page({ head: '<link rel="canonical" href="https://canon-e.test/pricing/">' }),
    },
    mustFind: ['canonical_mismatch'],
    mustNotFind: ['noindex_destination', 'trailing_slash_redirect'],
    cites: [ISSUES('canonical_mismatch')],
  },
  {
    id: 'canonical/link-header',
    title: 'A PDF whose Link header names the HTML page as canonical',
    start: 'https://canon-f.test/whitepaper.pdf',
    routes: {
      'https://canon-f.test/whitepaper.pdf': {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          link: '<https://canon-f.test/whitepaper>; rel="canonical"',
          'strict-transport-security': HSTS,
        },
        body: '%PDF-1.4',
      },
    },
    mustFind: ['canonical_mismatch'],
    mustNotFind: ['noindex_destination', 'error_status'],
    cites: [G_CANONICAL, 'RFC 8288 (Web Linking): the Link header'],
  },
  {
    id: 'canonical/on-404',
    title: "A 404 template that still carries the site's canonical: no page to judge",
    start: 'https://canon-g.test/missing',
    routes: {
      'https://canon-g.test/missing': page({
        status: 404,
        head: '<link rel="canonical" href="https://canon-g.test/">',
      }),
    },
    mustFind: ['error_status'],
    mustNotFind: ['canonical_mismatch'],
    cites: [ISSUES('canonical_mismatch'), G_HTTP_ERRORS],
  },
  {
    id: 'canonical/in-body',
    title: "A rel=canonical link in the body (a widget's markup): Google reads canonicals in the <head> only",
    start: 'https://canon-h.test/page',
    routes: {
      'https://canon-h.test/page': page({
        body: '<div class="share"><link rel="canonical" href="https://canon-h.test/other"></div>',
      }),
    },
    mustFind: [],
    mustNotFind: ['canonical_mismatch'],
    cites: [G_CANONICAL],
  },
  {
    id: 'canonical/two-different',
    title: 'Two different canonicals (a theme and an SEO plugin each add one): Google ignores both',
    start: 'https://canon-i.test/post',
    routes: {
      'https://canon-i.test/post': page({
        head: '<link rel="canonical" href="https://canon-i.test/post-a"><link rel="canonical" href="https://canon-i.test/post-b">',
      }),
    },
    mustFind: ['canonical_conflict'],
    mustNotFind: ['canonical_mismatch'],
    cites: [G_CANONICAL, ISSUES('canonical_conflict')],
  },
  {
    id: 'canonical/html-and-header-disagree',
    title: 'The template names one canonical and the CDN adds a Link header naming another: Google ignores both',
    start: 'https://canon-clash.test/old',
    routes: {
      'https://canon-clash.test/old': to('https://canon-clash.test/guide'),
      'https://canon-clash.test/guide': page({
        headers: { link: '<https://canon-clash.test/guide-v2>; rel="canonical"' },
        head: '<link rel="canonical" href="https://canon-clash.test/guide">',
      }),
    },
    mustFind: ['canonical_conflict'],
    mustNotFind: ['canonical_mismatch', 'noindex_destination', 'redirect_to_homepage'],
    cites: [G_CANONICAL, ISSUES('canonical_conflict')],
  },
  {
    id: 'canonical/comment',
    title: 'A canonical commented out in the template',
    start: 'https://canon-j.test/page',
    routes: {
      'https://canon-j.test/page': page({ head: '<!-- <link rel="canonical" href="https://canon-j.test/other"> -->' }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [HTML_PARSING, G_CANONICAL],
  },
];

const noindex: CorpusCase[] = [
  {
    id: 'noindex/meta-robots',
    title: 'A redirect to a staging-copied page that still says noindex',
    start: 'https://noindex-a.test/launch',
    routes: {
      'https://noindex-a.test/launch': to('https://noindex-a.test/product'),
      'https://noindex-a.test/product': page({ head: '<meta name="robots" content="noindex, nofollow">' }),
    },
    mustFind: ['noindex_destination'],
    mustNotFind: ['canonical_mismatch', 'robots_blocked_destination', 'error_status'],
    cites: [G_NOINDEX],
  },
  {
    id: 'noindex/x-robots-tag',
    title: 'An X-Robots-Tag: noindex header on the destination',
    start: 'https://noindex-b.test/go',
    routes: {
      'https://noindex-b.test/go': to('https://noindex-b.test/thanks'),
      'https://noindex-b.test/thanks': page({ headers: { 'x-robots-tag': 'noindex' } }),
    },
    mustFind: ['noindex_destination'],
    mustNotFind: ['robots_blocked_destination', 'error_status'],
    cites: [G_NOINDEX, G_ROBOTS_META],
  },
  {
    id: 'noindex/x-robots-googlebot',
    title: 'X-Robots-Tag: googlebot: noindex',
    start: 'https://noindex-c.test/',
    routes: { 'https://noindex-c.test/': page({ headers: { 'x-robots-tag': 'googlebot: noindex' } }) },
    mustFind: ['noindex_destination'],
    mustNotFind: ['robots_blocked_destination'],
    cites: [G_ROBOTS_META],
  },
  {
    id: 'noindex/x-robots-bingbot',
    title: 'X-Robots-Tag: bingbot: noindex binds Bing only',
    start: 'https://noindex-d.test/',
    routes: { 'https://noindex-d.test/': page({ headers: { 'x-robots-tag': 'bingbot: noindex' } }) },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_ROBOTS_META],
  },
  {
    id: 'noindex/meta-googlebot',
    title: '<meta name="googlebot" content="noindex">',
    start: 'https://noindex-e.test/',
    routes: { 'https://noindex-e.test/': page({ head: '<meta name="googlebot" content="noindex">' }) },
    mustFind: ['noindex_destination'],
    mustNotFind: ['canonical_mismatch'],
    cites: [G_ROBOTS_META],
  },
  {
    id: 'noindex/meta-none',
    title: '<meta name="robots" content="none">, which means noindex, nofollow',
    start: 'https://noindex-f.test/',
    routes: { 'https://noindex-f.test/': page({ head: '<meta name="ROBOTS" content="NONE">' }) },
    mustFind: ['noindex_destination'],
    mustNotFind: [],
    cites: [G_ROBOTS_META],
  },
  {
    id: 'noindex/index-follow',
    title: '<meta name="robots" content="index, follow">',
    start: 'https://noindex-g.test/',
    routes: { 'https://noindex-g.test/': page({ head: '<meta name="robots" content="index, follow">' }) },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_ROBOTS_META],
  },
  {
    id: 'noindex/nofollow-only',
    title: '<meta name="robots" content="nofollow">: indexed, links not followed',
    start: 'https://noindex-h.test/',
    routes: { 'https://noindex-h.test/': page({ head: '<meta name="robots" content="nofollow, max-snippet:50">' }) },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_ROBOTS_META],
  },
  {
    id: 'noindex/meta-bingbot',
    title: '<meta name="bingbot" content="noindex">: Bing only',
    start: 'https://noindex-i.test/',
    routes: { 'https://noindex-i.test/': page({ head: '<meta name="bingbot" content="noindex">' }) },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_ROBOTS_META],
  },
  {
    id: 'noindex/in-comment',
    title: 'A noindex left commented out after launch',
    start: 'https://noindex-j.test/',
    routes: { 'https://noindex-j.test/': page({ head: '<!-- <meta name="robots" content="noindex"> -->' }) },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [HTML_PARSING, G_NOINDEX],
  },
  {
    id: 'noindex/on-404',
    title: 'A 404 page with noindex: an error page, not a noindexed destination',
    start: 'https://noindex-k.test/gone',
    routes: { 'https://noindex-k.test/gone': page({ status: 404, head: '<meta name="robots" content="noindex">' }) },
    mustFind: ['error_status'],
    mustNotFind: ['noindex_destination'],
    cites: [ISSUES('noindex_destination'), G_HTTP_ERRORS],
  },
  {
    id: 'noindex/x-robots-none',
    title: 'X-Robots-Tag: none on a file download page',
    start: 'https://noindex-l.test/download',
    routes: { 'https://noindex-l.test/download': page({ headers: { 'x-robots-tag': 'none' } }) },
    mustFind: ['noindex_destination'],
    mustNotFind: [],
    cites: [G_ROBOTS_META],
  },
  {
    id: 'noindex/x-robots-lines',
    title: 'Two X-Robots-Tag lines: "otherbot: nofollow", then a bare "noindex" that binds every crawler',
    start: 'https://noindex-m.test/',
    routes: { 'https://noindex-m.test/': page({ headers: { 'x-robots-tag': ['otherbot: nofollow', 'noindex'] } }) },
    mustFind: ['noindex_destination'],
    mustNotFind: [],
    cites: [G_ROBOTS_META],
  },
  {
    id: 'noindex/unavailable-after-past',
    title: 'X-Robots-Tag: unavailable_after with a date long past: out of search, as a noindex',
    start: 'https://noindex-n.test/event-2019',
    routes: {
      'https://noindex-n.test/event-2019': page({ headers: { 'x-robots-tag': 'unavailable_after: 2019-06-30' } }),
    },
    mustFind: ['noindex_destination'],
    mustNotFind: [],
    cites: [G_ROBOTS_META],
  },
];

const robotsTxt: CorpusCase[] = [
  {
    id: 'robots/disallowed-destination',
    title: 'A redirect into a folder robots.txt disallows for every crawler',
    start: 'https://robots-a.test/promo',
    routes: {
      'https://robots-a.test/robots.txt': robots('User-agent: *\nDisallow: /private/\n'),
      'https://robots-a.test/promo': to('https://robots-a.test/private/offer'),
      'https://robots-a.test/private/offer': page(),
    },
    mustFind: ['robots_blocked_destination'],
    mustNotFind: ['noindex_destination', 'error_status'],
    cites: [G_ROBOTS_TXT, RFC9309],
  },
  {
    id: 'robots/allowed-destination',
    title: 'The same robots.txt, a destination outside the disallowed folder',
    start: 'https://robots-b.test/promo',
    routes: {
      'https://robots-b.test/robots.txt': robots('User-agent: *\nDisallow: /private/\n'),
      'https://robots-b.test/promo': to('https://robots-b.test/public/offer'),
      'https://robots-b.test/public/offer': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_ROBOTS_TXT, RFC9309],
  },
  {
    id: 'robots/allow-more-specific',
    title: 'Disallow: /shop/ with Allow: /shop/products/: the longer rule wins',
    start: 'https://robots-c.test/p/1',
    routes: {
      'https://robots-c.test/robots.txt': robots('User-agent: *\nDisallow: /shop/\nAllow: /shop/products/\n'),
      'https://robots-c.test/p/1': to('https://robots-c.test/shop/products/1'),
      'https://robots-c.test/shop/products/1': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_ROBOTS_TXT, RFC9309],
  },
  {
    id: 'robots/server-error',
    title: 'robots.txt answering 503: crawlers assume everything is disallowed',
    start: 'https://robots-d.test/page',
    routes: {
      'https://robots-d.test/robots.txt': robots('Service unavailable', 503),
      'https://robots-d.test/page': page(),
    },
    mustFind: ['robots_blocked_destination'],
    mustNotFind: ['error_status', 'noindex_destination'],
    cites: [G_ROBOTS_TXT, RFC9309],
  },
  {
    id: 'robots/not-found',
    title: 'No robots.txt (404): everything may be crawled',
    start: 'https://robots-e.test/page',
    routes: { 'https://robots-e.test/page': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_ROBOTS_TXT, RFC9309],
  },
  {
    id: 'robots/other-host',
    title: 'A redirect to another host whose robots.txt disallows everything',
    start: 'https://robots-f.test/out',
    routes: {
      'https://robots-f.test/out': to('https://staging.robots-f.test/out'),
      'https://staging.robots-f.test/robots.txt': robots('User-agent: *\nDisallow: /\n'),
      'https://staging.robots-f.test/out': page(),
    },
    mustFind: ['robots_blocked_destination'],
    mustNotFind: ['error_status'],
    cites: [G_ROBOTS_TXT, 'RFC 9309 §2.3: a robots.txt applies to its own host'],
  },
  {
    id: 'robots/blocked-but-404',
    title: 'A disallowed destination that is a 404 anyway: the error is what matters',
    start: 'https://robots-g.test/promo',
    routes: {
      'https://robots-g.test/robots.txt': robots('User-agent: *\nDisallow: /private/\n'),
      'https://robots-g.test/promo': to('https://robots-g.test/private/gone'),
    },
    mustFind: ['error_status'],
    mustNotFind: ['robots_blocked_destination'],
    cites: [ISSUES('robots_blocked_destination'), G_HTTP_ERRORS],
  },
  {
    id: 'robots/googlebot-group',
    title: 'A robots.txt that shuts out Googlebot alone: the question users ask is whether Google may crawl it',
    start: 'https://robots-h.test/page',
    routes: {
      'https://robots-h.test/robots.txt': robots('User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /\n'),
      'https://robots-h.test/page': page(),
    },
    mustFind: ['robots_blocked_destination'],
    mustNotFind: [],
    cites: [G_ROBOTS_TXT],
  },
  {
    id: 'robots/other-bot-group',
    title: 'A robots.txt that shuts out one scraper: not Google, not anyone else',
    start: 'https://robots-i.test/page',
    routes: {
      'https://robots-i.test/robots.txt': robots('User-agent: BadScraper\nDisallow: /\n'),
      'https://robots-i.test/page': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_ROBOTS_TXT, RFC9309],
  },
  {
    id: 'robots/off',
    title: 'A disallowed destination checked with robots: false',
    start: 'https://robots-j.test/page',
    options: { robots: false },
    routes: {
      'https://robots-j.test/robots.txt': robots('User-agent: *\nDisallow: /\n'),
      'https://robots-j.test/page': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('robots_blocked_destination')],
  },
];

const CF_CHALLENGE =
  'https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response';

/** Where the services' for-sale and parking pages are documented: each lander's source is in the labelled corpus. */
const PARKED_CORPUS = 'test/fixtures/parked-domains/parked.json';

const errorEnds: CorpusCase[] = [
  {
    id: 'error/expired-domain-forwarded-to-hugedomains',
    title: "A migration target whose domain lapsed: its page's script now sends visitors to HugeDomains' for-sale page",
    start: 'https://parked-a.test/old',
    routes: {
      'https://parked-a.test/old': to('https://parked-a.test/', 302),
      'https://parked-a.test/': page({
        title: 'parked-a.test',
        body: '<script>window.location.replace("https://www.hugedomains.com/domain_profile.cfm?d=parked-a.test")</script>',
      }),
    },
    mustFind: ['parked_domain', 'javascript_redirect'],
    mustNotFind: ['error_status', 'bot_wall'],
    cites: [PARKED_CORPUS, ISSUES('parked_domain')],
  },
  {
    id: 'error/parked-sedo-lander',
    title: "A page that is now Sedo's parking lander (its script from img.sedoparking.com), status 200",
    start: 'https://parked-b.test/',
    routes: {
      'https://parked-b.test/': page({
        title: 'parked-b.test - parked-b Resources and Information.',
        body: '<div id="related"></div><script src="https://img.sedoparking.com/templates/brick/84/js/min.js"></script>',
      }),
    },
    mustFind: ['parked_domain'],
    mustNotFind: ['error_status', 'bot_wall', 'redirect_chain'],
    cites: [PARKED_CORPUS, ISSUES('parked_domain')],
  },
  {
    id: 'error/parking-garage-page-is-not-parked',
    title: 'A car park\'s booking page that says "parked" and "for sale" of other things: not a parked domain',
    start: 'https://parked-c.test/',
    routes: {
      'https://parked-c.test/': page({
        title: 'parked-c.test | Airport parking, booked in a minute',
        body: '<h1>parked-c.test</h1><p>Your car is parked by our valets. Season tickets for sale at the desk.</p>',
      }),
    },
    mustFind: [],
    mustNotFind: ['parked_domain'],
    cites: ['test/fixtures/parked-domains/ordinary.json', ISSUES('parked_domain')],
  },
  {
    id: 'error/redirect-to-cloudflare-challenge',
    title: 'A moved page now behind a Cloudflare managed challenge: a bot wall, not a broken page',
    start: 'https://errors-wall.test/old',
    routes: {
      'https://errors-wall.test/old': to('https://errors-wall.test/new'),
      'https://errors-wall.test/new': page({
        status: 403,
        title: 'Just a moment...',
        headers: { ...CLOUDFLARE, 'cf-mitigated': 'challenge' },
        body: '<script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script>',
      }),
    },
    mustFind: ['bot_wall'],
    mustNotFind: allBut('bot_wall'),
    cites: [CF_CHALLENGE, ISSUES('bot_wall')],
  },
  {
    id: 'error/redirect-to-plain-403-through-cloudflare',
    title: "An origin's own 403 through Cloudflare: Cloudflare's headers, no wall's signal, still a broken page",
    start: 'https://errors-wall2.test/old',
    routes: {
      'https://errors-wall2.test/old': to('https://errors-wall2.test/new'),
      'https://errors-wall2.test/new': page({ status: 403, title: '403 Forbidden', headers: CLOUDFLARE }),
    },
    mustFind: ['error_status'],
    mustNotFind: ['bot_wall'],
    cites: [G_HTTP_ERRORS, ISSUES('bot_wall')],
  },
  {
    id: 'error/redirect-to-404',
    title: 'A migration map pointing at a URL that was never created',
    start: 'https://errors-a.test/old-about',
    routes: { 'https://errors-a.test/old-about': to('https://errors-a.test/about-us') },
    mustFind: ['error_status'],
    mustNotFind: ['redirect_to_homepage', 'noindex_destination', 'canonical_mismatch', 'robots_blocked_destination'],
    cites: [G_HTTP_ERRORS, RFC9110_ERRORS],
  },
  {
    id: 'error/redirect-to-503',
    title: 'A redirect to a page in maintenance (503)',
    start: 'https://errors-b.test/shop',
    routes: {
      'https://errors-b.test/shop': to('https://errors-b.test/store'),
      'https://errors-b.test/store': page({ status: 503, headers: { 'retry-after': '3600' } }),
    },
    mustFind: ['error_status'],
    mustNotFind: ['redirect_to_homepage', 'noindex_destination'],
    cites: [G_HTTP_ERRORS, RFC9110_ERRORS],
  },
  {
    id: 'error/redirect-to-403',
    title: 'A redirect into a members area that refuses the request',
    start: 'https://errors-c.test/report',
    routes: {
      'https://errors-c.test/report': to('https://errors-c.test/members/report'),
      'https://errors-c.test/members/report': page({ status: 403 }),
    },
    mustFind: ['error_status'],
    mustNotFind: ['redirect_to_homepage'],
    cites: [G_HTTP_ERRORS, RFC9110_ERRORS],
  },
  {
    id: 'error/500-no-redirect',
    title: 'A page that fails with 500 at once',
    start: 'https://errors-d.test/',
    routes: { 'https://errors-d.test/': page({ status: 500 }) },
    mustFind: ['error_status'],
    mustNotFind: ['redirect_chain', 'redirect_to_homepage', 'temporary_redirect'],
    cites: [G_HTTP_ERRORS],
  },
  {
    id: 'error/200',
    title: 'A page that answers 200',
    start: 'https://errors-e.test/fine',
    routes: { 'https://errors-e.test/fine': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_HTTP_ERRORS],
  },
  {
    id: 'error/204',
    title: 'A 204 No Content at the end: not an error',
    start: 'https://errors-f.test/ping',
    routes: { 'https://errors-f.test/ping': { status: 204, headers: { 'strict-transport-security': HSTS } } },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [RFC9110_ERRORS],
  },
];

const badLocations: CorpusCase[] = [
  {
    id: 'location/301-without-location',
    title: 'A 301 whose Location the proxy stripped',
    start: 'https://loc-a.test/old',
    routes: { 'https://loc-a.test/old': { status: 301, headers: { 'content-type': 'text/html' } } },
    mustFind: ['missing_location'],
    mustNotFind: ['error_status', 'invalid_location', 'not_https', 'hsts_missing'],
    cites: [RFC9110_LOCATION, ISSUES('missing_location')],
  },
  {
    id: 'location/302-without-location',
    title: 'A 302 from an app that forgot to set the header',
    start: 'https://loc-b.test/login',
    routes: {
      'https://loc-b.test/login': { status: 302, headers: { 'content-type': 'text/html' }, body: 'Redirecting' },
    },
    mustFind: ['missing_location'],
    mustNotFind: ['invalid_location', 'error_status'],
    cites: [RFC9110_LOCATION, ISSUES('missing_location')],
  },
  {
    id: 'location/javascript-scheme',
    title: 'A Location with a javascript: URL',
    start: 'https://loc-c.test/x',
    routes: { 'https://loc-c.test/x': to('javascript:alert(1)') },
    mustFind: ['invalid_location'],
    mustNotFind: ['missing_location', 'error_status'],
    cites: [ISSUES('invalid_location')],
  },
  {
    id: 'location/unparsable',
    title: 'A Location that is no URL (a port that is not a number)',
    start: 'https://loc-d.test/x',
    routes: { 'https://loc-d.test/x': to('https://loc-d.test:port/y') },
    mustFind: ['invalid_location'],
    mustNotFind: ['missing_location', 'error_status'],
    cites: [RFC9110_LOCATION, ISSUES('invalid_location')],
  },
  {
    id: 'location/two-different',
    title: 'Two Location headers with different targets (app and proxy both redirect)',
    start: 'https://loc-e.test/x',
    routes: { 'https://loc-e.test/x': to(['https://loc-e.test/a', 'https://loc-e.test/b']) },
    mustFind: ['invalid_location'],
    mustNotFind: ['missing_location', 'redirect_loop'],
    cites: [RFC9110_LOCATION, ISSUES('invalid_location')],
  },
  {
    id: 'location/two-identical',
    title: 'The same Location header twice: one target, followed',
    start: 'https://loc-f.test/x',
    routes: {
      'https://loc-f.test/x': to(['https://loc-f.test/y', 'https://loc-f.test/y']),
      'https://loc-f.test/y': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('invalid_location')],
  },
  {
    id: 'location/relative',
    title: 'A relative Location (../new): resolved against the request URL',
    start: 'https://loc-g.test/docs/v1/page',
    routes: { 'https://loc-g.test/docs/v1/page': to('../v2/page'), 'https://loc-g.test/docs/v2/page': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [RFC9110_LOCATION],
  },
  {
    id: 'location/ftp',
    title: 'A Location to an ftp:// file server',
    start: 'https://loc-h.test/files',
    routes: { 'https://loc-h.test/files': to('ftp://files.loc-h.test/pub/') },
    mustFind: ['invalid_location'],
    mustNotFind: ['missing_location', 'error_status', 'blocked_destination'],
    cites: [ISSUES('invalid_location')],
  },
  {
    id: 'location/scheme-relative',
    title: 'A scheme-relative Location (//cdn.host/path)',
    start: 'https://loc-i.test/asset',
    routes: { 'https://loc-i.test/asset': to('//cdn.loc-i.test/asset'), 'https://cdn.loc-i.test/asset': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [RFC9110_LOCATION],
  },
];

const blocked: CorpusCase[] = [
  {
    id: 'blocked/metadata',
    title: 'An open redirect pointed at the cloud metadata address',
    start: 'https://blocked-a.test/out?to=meta',
    routes: { 'https://blocked-a.test/out?to=meta': to('http://169.254.169.254/latest/meta-data/', 302) },
    mustFind: ['blocked_destination'],
    mustNotFind: ['error_status', 'invalid_location', 'missing_location'],
    cites: [ISSUES('blocked_destination')],
  },
  {
    id: 'blocked/private-ip',
    title: 'A redirect to an intranet address (10.0.0.5)',
    start: 'https://blocked-b.test/admin',
    routes: { 'https://blocked-b.test/admin': to('http://10.0.0.5/admin') },
    mustFind: ['blocked_destination'],
    mustNotFind: ['error_status', 'invalid_location'],
    cites: [ISSUES('blocked_destination')],
  },
  {
    id: 'blocked/private-dns',
    title: 'A redirect to a name that resolves to a private address',
    start: 'https://blocked-c.test/wiki',
    dns: { 'wiki.corp.blocked-c.test': '192.168.10.20' },
    routes: { 'https://blocked-c.test/wiki': to('https://wiki.corp.blocked-c.test/') },
    mustFind: ['blocked_destination'],
    mustNotFind: ['error_status', 'invalid_location'],
    cites: [ISSUES('blocked_destination')],
  },
  {
    id: 'blocked/public',
    title: 'An open redirect to a public page: nothing blocked',
    start: 'https://blocked-d.test/out?to=partner',
    routes: {
      'https://blocked-d.test/out?to=partner': to('https://partner.test/?ref=us'),
      'https://partner.test/?ref=us': page(),
    },
    mustFind: ['query_dropped'],
    mustNotFind: ['blocked_destination', 'error_status'],
    cites: [ISSUES('blocked_destination'), ISSUES('query_dropped')],
  },
];

const fragments: CorpusCase[] = [
  {
    id: 'fragment/location-replaces',
    title: 'A docs link to #install redirected to a page with its own #overview',
    start: 'https://docs-a.test/setup#install',
    routes: {
      'https://docs-a.test/setup': to('https://docs-a.test/guide#overview'),
      'https://docs-a.test/guide': page(),
    },
    mustFind: ['fragment_dropped'],
    mustNotFind: ['error_status', 'query_dropped'],
    cites: [RFC9110_LOCATION, ISSUES('fragment_dropped')],
  },
  {
    id: 'fragment/inherited',
    title: 'The same link through a Location without a fragment: the browser keeps #install',
    start: 'https://docs-b.test/setup#install',
    routes: { 'https://docs-b.test/setup': to('https://docs-b.test/guide'), 'https://docs-b.test/guide': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [RFC9110_LOCATION, ISSUES('fragment_dropped')],
  },
  {
    id: 'fragment/refresh-drops',
    title: 'A #section link to a page that meta-refreshes to a URL without it',
    start: 'https://docs-c.test/old#faq',
    routes: {
      'https://docs-c.test/old': page({ head: '<meta http-equiv="refresh" content="0; url=/new">' }),
      'https://docs-c.test/new': page(),
    },
    mustFind: ['fragment_dropped', 'meta_refresh'],
    mustNotFind: ['error_status'],
    cites: [ISSUES('fragment_dropped'), HTML_REFRESH],
  },
  {
    id: 'fragment/same-fragment',
    title: 'A Location that repeats the submitted fragment',
    start: 'https://docs-d.test/setup#install',
    routes: {
      'https://docs-d.test/setup': to('https://docs-d.test/guide#install'),
      'https://docs-d.test/guide': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('fragment_dropped')],
  },
];

const certificates: CorpusCase[] = [
  {
    id: 'tls/expiring',
    title: 'A certificate that expires in 10 days (a failed auto-renewal)',
    start: 'https://renewal.test/',
    tls: 'expiring',
    routes: { 'https://renewal.test/': page() },
    mustFind: ['certificate_expiring'],
    mustNotFind: ['tls_invalid', 'tls_outdated', 'error_status'],
    cites: [ISSUES('certificate_expiring')],
  },
  {
    id: 'tls/expiring-after-upgrade',
    title: 'http to https on a host whose certificate expires in 10 days',
    start: 'http://renewal-two.test/shop',
    tls: 'expiring',
    routes: {
      'http://renewal-two.test/shop': to('https://renewal-two.test/shop'),
      'https://renewal-two.test/shop': page(),
    },
    mustFind: ['certificate_expiring'],
    mustNotFind: ['tls_invalid', 'tls_outdated', 'https_downgrade', 'temporary_redirect'],
    cites: [ISSUES('certificate_expiring')],
  },
  {
    id: 'tls/outdated',
    title: 'An old appliance that speaks only TLS 1.0 and 1.1',
    start: 'https://appliance.test/',
    tls: 'legacy',
    routes: { 'https://appliance.test/': page() },
    mustFind: ['tls_outdated'],
    mustNotFind: ['tls_invalid', 'certificate_expiring', 'error_status'],
    cites: [RFC8996, ISSUES('tls_outdated')],
  },
  {
    id: 'tls/self-signed-reported',
    title: 'A self-signed certificate checked with tls: report (--insecure)',
    start: 'https://selfsigned.test/',
    tls: 'untrusted',
    options: { tls: 'report' },
    routes: { 'https://selfsigned.test/': page() },
    mustFind: ['tls_invalid'],
    mustNotFind: ['tls_outdated', 'error_status'],
    cites: [ISSUES('tls_invalid')],
  },
  {
    id: 'tls/valid-reported',
    title: 'A valid certificate checked with tls: report: nothing to report',
    start: 'https://goodcert.test/',
    options: { tls: 'report' },
    routes: { 'https://goodcert.test/': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('tls_invalid'), ISSUES('certificate_expiring')],
  },
];

const appendedQuery: Record<string, CorpusRoute> = {};
for (let i = 1, query = '?x'; i <= 4; i++, query += '&x') {
  appendedQuery[`https://querygrow.test/r${query}`] = to(`https://querygrow.test/r${query}&x`, 302);
}
appendedQuery['https://querygrow.test/r?x&x&x&x&x'] = page();

const moreDetectors: CorpusCase[] = [
  {
    id: 'tls/outdated-after-upgrade',
    title: 'http to https on an old appliance that speaks only TLS 1.0 and 1.1',
    start: 'http://nas-box.test/login',
    tls: 'legacy',
    routes: { 'http://nas-box.test/login': to('https://nas-box.test/login'), 'https://nas-box.test/login': page() },
    mustFind: ['tls_outdated'],
    mustNotFind: ['tls_invalid', 'certificate_expiring', 'https_downgrade', 'error_status'],
    cites: [RFC8996, ISSUES('tls_outdated')],
  },
  {
    id: 'tls/self-signed-after-upgrade',
    title: 'http to https on a self-signed certificate, checked with tls: report',
    start: 'http://homelab.test/',
    tls: 'untrusted',
    options: { tls: 'report' },
    routes: { 'http://homelab.test/': to('https://homelab.test/'), 'https://homelab.test/': page() },
    mustFind: ['tls_invalid'],
    mustNotFind: ['tls_outdated', 'https_downgrade', 'error_status'],
    cites: [ISSUES('tls_invalid')],
  },
  {
    id: 'tls/self-signed-verified',
    title: 'A self-signed certificate checked as browsers check it: the analysis fails with TLS_ERROR, not an issue',
    start: 'https://selfsigned-two.test/',
    tls: 'untrusted',
    error: 'TLS_ERROR',
    routes: { 'https://selfsigned-two.test/': page() },
    mustFind: [],
    mustNotFind: ['tls_invalid', 'certificate_expiring', 'tls_outdated'],
    cites: [ISSUES('tls_invalid'), 'docs/issues.md#error-codes (TLS_ERROR)'],
  },
  {
    id: 'hsts/https-404-without-hsts',
    title: 'An https error page without HSTS',
    start: 'https://nohsts-a.test/missing',
    routes: { 'https://nohsts-a.test/missing': page({ status: 404, hsts: false }) },
    mustFind: ['hsts_missing', 'error_status'],
    mustNotFind: ['not_https'],
    cites: [RFC6797, ISSUES('hsts_missing')],
  },
  {
    id: 'hsts/only-on-redirect-host',
    title: 'The apex sends HSTS on its redirect, the www host that serves the page does not',
    start: 'https://nohsts-b.test/shop',
    routes: {
      'https://nohsts-b.test/shop': to('https://www.nohsts-b.test/shop', 301, { 'strict-transport-security': HSTS }),
      'https://www.nohsts-b.test/shop': page({ hsts: false }),
    },
    mustFind: ['hsts_missing'],
    mustNotFind: ['not_https', 'redirect_chain'],
    cites: [RFC6797, ISSUES('hsts_missing')],
  },
  {
    id: 'hsts/cdn-page-without-hsts',
    title: 'A CDN-served https page without HSTS after the http upgrade',
    start: 'http://nohsts-c.test/',
    routes: {
      'http://nohsts-c.test/': to('https://nohsts-c.test/', 301, CLOUDFLARE),
      'https://nohsts-c.test/': page({ hsts: false, headers: CLOUDFLARE }),
    },
    mustFind: ['hsts_missing'],
    mustNotFind: allBut('hsts_missing'),
    cites: [RFC6797, ISSUES('hsts_missing')],
  },
  {
    id: 'case/path-lowered-308',
    title: 'A framework lower-cases /Products/Shoes with a 308',
    start: 'https://caseshop.test/Products/Shoes',
    routes: {
      'https://caseshop.test/Products/Shoes': to('https://caseshop.test/products/shoes', 308),
      'https://caseshop.test/products/shoes': page(),
    },
    mustFind: ['case_redirect'],
    mustNotFind: allBut('case_redirect'),
    cites: [ISSUES('case_redirect')],
  },
  {
    id: 'case/query-kept',
    title: '/FAQ?section=2 lowered to /faq?section=2, query kept',
    start: 'https://casefaq.test/FAQ?section=2',
    routes: {
      'https://casefaq.test/FAQ?section=2': to('https://casefaq.test/faq?section=2'),
      'https://casefaq.test/faq?section=2': page(),
    },
    mustFind: ['case_redirect'],
    mustNotFind: allBut('case_redirect'),
    cites: [ISSUES('case_redirect')],
  },
  {
    id: 'case/singular-to-plural',
    title: '/product to /products: a change of word, not of case or slash',
    start: 'https://plural.test/product',
    routes: {
      'https://plural.test/product': to('https://plural.test/products'),
      'https://plural.test/products': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('case_redirect'), ISSUES('trailing_slash_redirect')],
  },
  {
    id: 'fragment/302-replaces',
    title: 'A #reviews link sent by a 302 to a page with #top',
    start: 'https://docs-e.test/item#reviews',
    routes: {
      'https://docs-e.test/item': to('https://docs-e.test/item/42#top', 302),
      'https://docs-e.test/item/42': page(),
    },
    mustFind: ['fragment_dropped', 'temporary_redirect'],
    mustNotFind: ['error_status'],
    cites: [RFC9110_LOCATION, ISSUES('fragment_dropped')],
  },
  {
    id: 'fragment/refresh-keeps',
    title: 'A #faq link to a page whose refresh names #faq itself',
    start: 'https://docs-f.test/old#faq',
    routes: {
      'https://docs-f.test/old': page({ head: '<meta http-equiv="refresh" content="0; url=/new#faq">' }),
      'https://docs-f.test/new': page(),
    },
    mustFind: ['meta_refresh'],
    mustNotFind: ['fragment_dropped', 'error_status'],
    cites: [ISSUES('fragment_dropped')],
  },
  {
    id: 'fragment/none-submitted',
    title: 'No fragment submitted, a Location with one: nothing lost',
    start: 'https://docs-g.test/setup',
    routes: {
      'https://docs-g.test/setup': to('https://docs-g.test/guide#install'),
      'https://docs-g.test/guide': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('fragment_dropped')],
  },
  {
    id: 'location/308-without-location',
    title: 'A 308 without a Location',
    start: 'https://loc-j.test/api/v1',
    routes: {
      'https://loc-j.test/api/v1': { status: 308, headers: { 'content-type': 'application/json' }, body: '{}' },
    },
    mustFind: ['missing_location'],
    mustNotFind: ['error_status', 'invalid_location', 'redirect_loop'],
    cites: [RFC9110_LOCATION, ISSUES('missing_location')],
  },
  {
    id: 'location/300-multiple-choices',
    title: 'A 300 Multiple Choices without a Location: not a redirect status that needs one',
    start: 'https://loc-k.test/doc',
    routes: {
      'https://loc-k.test/doc': {
        status: 300,
        headers: { 'content-type': HTML_TYPE, 'strict-transport-security': HSTS },
        body: '<a href="/doc.en">en</a>',
      },
    },
    mustFind: [],
    mustNotFind: ['missing_location', 'invalid_location', 'error_status'],
    cites: ['RFC 9110 §15.4.1: 300 may carry a Location, and need not', ISSUES('missing_location')],
  },
  {
    id: 'chain/session-counter',
    title: 'An app that redirects to a fresh session URL on every request: /s/1, /s/2... past maxHops',
    start: 'https://sessions.test/hop/0',
    routes: hops('sessions.test', 15, 302),
    mustFind: ['max_hops_reached', 'redirect_chain', 'temporary_redirect'],
    mustNotFind: ['redirect_loop', 'error_status'],
    cites: [ISSUES('max_hops_reached'), G_HTTP_ERRORS],
  },
  {
    id: 'chain/max-hops-five',
    title: 'Six redirects checked with maxHops 5',
    start: 'https://sixhops.test/hop/0',
    options: { maxHops: 5 },
    routes: hops('sixhops.test', 6),
    mustFind: ['max_hops_reached', 'redirect_chain'],
    mustNotFind: ['redirect_loop', 'error_status'],
    cites: [ISSUES('max_hops_reached')],
  },
  {
    id: 'blocked/link-local-v6',
    title: 'A redirect to an IPv6 link-local address',
    start: 'https://blocked-e.test/router',
    routes: { 'https://blocked-e.test/router': to('http://[fe80::1]/admin') },
    mustFind: ['blocked_destination'],
    mustNotFind: ['error_status', 'invalid_location'],
    cites: [ISSUES('blocked_destination')],
  },
  {
    id: 'blocked/mapped-private',
    title: 'A redirect to an IPv4-mapped IPv6 form of a private address',
    start: 'https://blocked-f.test/x',
    routes: { 'https://blocked-f.test/x': to('http://[::ffff:10.0.0.1]/') },
    mustFind: ['blocked_destination'],
    mustNotFind: ['error_status', 'invalid_location'],
    cites: [ISSUES('blocked_destination')],
  },
  {
    id: 'url-length/query-appended',
    title: 'A tracking redirect that appends its parameter again on every hop',
    start: 'https://querygrow.test/r?x',
    routes: appendedQuery,
    mustFind: ['url_too_long', 'temporary_redirect', 'redirect_chain'],
    mustNotFind: ['redirect_loop', 'query_dropped'],
    cites: [ISSUES('url_too_long')],
  },
  {
    id: 'permanence/307-then-308',
    title: "An app's 307, then a 308 from the CDN: two intents in one chain",
    start: 'https://twointents.test/a',
    routes: {
      'https://twointents.test/a': to('https://twointents.test/b', 307),
      'https://twointents.test/b': to('https://twointents.test/c', 308),
      'https://twointents.test/c': page(),
    },
    mustFind: ['mixed_redirect_types', 'temporary_redirect', 'redirect_chain'],
    mustNotFind: ['redirect_loop'],
    cites: [ISSUES('mixed_redirect_types'), G_REDIRECTS],
  },
  {
    id: 'downgrade/http-302',
    title: 'An http site with a 302 inside it',
    start: 'http://plaintemp.test/a',
    routes: { 'http://plaintemp.test/a': to('http://plaintemp.test/b', 302), 'http://plaintemp.test/b': page() },
    mustFind: ['not_https', 'temporary_redirect'],
    mustNotFind: ['https_downgrade', 'hsts_missing', 'mixed_redirect_types'],
    cites: [ISSUES('not_https'), G_REDIRECTS],
  },
  {
    id: 'render/byte-limit',
    title: 'Rendering: a page that downloads a huge video',
    start: 'https://heavy.test/',
    options: { render: true },
    routes: {
      'https://heavy.test/': page({ render: { incomplete: { reason: 'byte_limit', detail: '20 MiB received' } } }),
    },
    mustFind: ['render_incomplete'],
    mustNotFind: ['javascript_redirect'],
    cites: [ISSUES('render_incomplete')],
  },
  {
    id: 'render/memory-limit',
    title: 'Rendering: a page whose script leaks memory',
    start: 'https://leaky.test/',
    options: { render: true },
    routes: { 'https://leaky.test/': page({ render: { incomplete: { reason: 'memory_limit', detail: '600 MB' } } }) },
    mustFind: ['render_incomplete'],
    mustNotFind: ['javascript_redirect'],
    cites: [ISSUES('render_incomplete')],
  },
  {
    id: 'render/queue',
    title: 'Rendering: no render slot free in time on a busy instance',
    start: 'https://busy.test/',
    options: { render: true },
    routes: { 'https://busy.test/': page({ render: { incomplete: { reason: 'queue', detail: 'waited 13 s' } } }) },
    mustFind: ['render_incomplete'],
    mustNotFind: ['javascript_redirect'],
    cites: [ISSUES('render_incomplete')],
  },
  {
    id: 'js/frame-busting',
    title: 'Frame-busting: window.top.location moves the whole page',
    start: 'https://framebust.test/',
    routes: {
      'https://framebust.test/': page({
        head: "<script>if (window.top !== window.self) { window.top.location.href = 'https://framebust.test/'; } else { window.top.location.href = 'https://framebust.test/home'; }</script>",
      }),
    },
    mustFind: ['javascript_redirect'],
    mustNotFind: ['meta_refresh', 'error_status'],
    cites: [G_JS, ISSUES('javascript_redirect')],
  },
  {
    id: 'js/frames-index',
    title: 'A script that navigates frames[0], not the page',
    start: 'https://framesindex.test/',
    routes: {
      'https://framesindex.test/': page({ body: "<iframe></iframe><script>frames[0].location = '/inner';</script>" }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_JS, ISSUES('javascript_redirect')],
  },
  {
    id: 'js/template-literal',
    title: 'location.href set from a template literal without substitutions',
    start: 'https://tplredirect.test/',
    routes: { 'https://tplredirect.test/': page({ body: '<script>location.href = `/welcome`;</script>' }) },
    mustFind: ['javascript_redirect'],
    mustNotFind: ['meta_refresh'],
    cites: [G_JS, ISSUES('javascript_redirect')],
  },
  {
    id: 'noindex/on-redirect-hop',
    title: "A redirect answer carrying X-Robots-Tag: noindex: only the destination page's rules count",
    start: 'https://noindex-o.test/short',
    routes: {
      'https://noindex-o.test/short': to('https://noindex-o.test/article', 301, { 'x-robots-tag': 'noindex' }),
      'https://noindex-o.test/article': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('noindex_destination'), G_NOINDEX],
  },
  {
    id: 'robots/wildcard-pdf',
    title: 'Disallow: /*.pdf$ and a redirect to a PDF',
    start: 'https://robots-k.test/brochure',
    routes: {
      'https://robots-k.test/robots.txt': robots('User-agent: *\nDisallow: /*.pdf$\n'),
      'https://robots-k.test/brochure': to('https://robots-k.test/files/brochure.pdf'),
      'https://robots-k.test/files/brochure.pdf': {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'strict-transport-security': HSTS },
        body: '%PDF-1.4',
      },
    },
    mustFind: ['robots_blocked_destination'],
    mustNotFind: ['error_status'],
    cites: [G_ROBOTS_TXT, 'RFC 9309 §2.2.3: * and $ in paths'],
  },
  {
    id: 'robots/empty-disallow',
    title: 'Disallow: (empty): everything allowed',
    start: 'https://robots-l.test/page',
    routes: {
      'https://robots-l.test/robots.txt': robots('User-agent: *\nDisallow:\n'),
      'https://robots-l.test/page': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_ROBOTS_TXT, RFC9309],
  },
  {
    id: 'robots/server-error-500',
    title: 'robots.txt answering 500 after a redirect to a new host',
    start: 'https://robots-m.test/moved',
    routes: {
      'https://robots-m.test/moved': to('https://new.robots-m.test/moved'),
      'https://new.robots-m.test/robots.txt': robots('error', 500),
      'https://new.robots-m.test/moved': page(),
    },
    mustFind: ['robots_blocked_destination'],
    mustNotFind: ['error_status'],
    cites: [G_ROBOTS_TXT, RFC9309],
  },
];

const edgeCases: CorpusCase[] = [
  {
    id: 'soft-404/blog-subdomain-to-www-root',
    title: "A retired blog subdomain sends every post to the main site's home page",
    start: 'https://blog.retired.test/2018/hello',
    routes: {
      'https://blog.retired.test/2018/hello': to('https://www.retired.test/'),
      'https://www.retired.test/': page(),
    },
    mustFind: ['redirect_to_homepage'],
    mustNotFind: ['temporary_redirect', 'redirect_chain', 'error_status'],
    cites: [G_SOFT_404, ISSUES('redirect_to_homepage')],
  },
  {
    id: 'soft-404/plugin-404-to-home-302',
    title: 'An SEO plugin\'s "redirect all 404s to the home page" with a 302',
    start: 'https://all404.test/no-such-page',
    routes: {
      'https://all404.test/no-such-page': to('https://all404.test/', 302, RANK_MATH),
      'https://all404.test/': page(),
    },
    mustFind: ['redirect_to_homepage', 'temporary_redirect'],
    mustNotFind: ['error_status', 'redirect_chain'],
    cites: [G_SOFT_404, G_REDIRECTS],
  },
  {
    id: 'soft-404/root-with-query',
    title: 'A removed page sent to the home page with a tracking query: still the home page',
    start: 'https://rootquery.test/old-offer',
    routes: {
      'https://rootquery.test/old-offer': to('https://rootquery.test/?from=old-offer'),
      'https://rootquery.test/?from=old-offer': page(),
    },
    mustFind: ['redirect_to_homepage'],
    mustNotFind: ['query_dropped', 'temporary_redirect'],
    cites: [G_SOFT_404],
  },
  {
    id: 'soft-404/root-down',
    title: 'A removed page sent to a home page that answers 503: the error, not a soft 404',
    start: 'https://rootdown.test/old',
    routes: {
      'https://rootdown.test/old': to('https://rootdown.test/'),
      'https://rootdown.test/': page({ status: 503 }),
    },
    mustFind: ['error_status'],
    mustNotFind: ['redirect_to_homepage'],
    cites: [ISSUES('redirect_to_homepage'), G_HTTP_ERRORS],
  },
  {
    id: 'language/en-us-root',
    title: 'A removed page sent to /en-us/ on a page in English',
    start: 'https://enus.test/support/old-article',
    routes: {
      'https://enus.test/support/old-article': to('https://enus.test/en-us/'),
      'https://enus.test/en-us/': page({ lang: 'en' }),
    },
    mustFind: ['redirect_to_homepage'],
    mustNotFind: ['temporary_redirect'],
    cites: [G_SOFT_404, ISSUES('redirect_to_homepage')],
  },
  {
    id: 'language/es-419-root',
    title: 'A removed page sent to /es-419/, the Latin American Spanish home page',
    start: 'https://latam.test/promo/2020',
    routes: {
      'https://latam.test/promo/2020': to('https://latam.test/es-419/'),
      'https://latam.test/es-419/': page({ lang: 'es-419' }),
    },
    mustFind: ['redirect_to_homepage'],
    mustNotFind: ['temporary_redirect'],
    cites: [G_SOFT_404, ISSUES('redirect_to_homepage')],
  },
  {
    id: 'language/uppercase-root',
    title: 'A removed page sent to /DE/ on a German page',
    start: 'https://grossbuchstaben.test/alt/seite',
    routes: {
      'https://grossbuchstaben.test/alt/seite': to('https://grossbuchstaben.test/DE/'),
      'https://grossbuchstaben.test/DE/': page({ lang: 'de-DE' }),
    },
    mustFind: ['redirect_to_homepage'],
    mustNotFind: ['temporary_redirect', 'case_redirect'],
    cites: [G_SOFT_404, ISSUES('redirect_to_homepage')],
  },
  {
    id: 'language/not-a-code',
    title: 'A page moved to /zz/: no such language, a page like any other',
    start: 'https://notacode.test/old',
    routes: {
      'https://notacode.test/old': to('https://notacode.test/zz/'),
      'https://notacode.test/zz/': page({ lang: 'en' }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('redirect_to_homepage')],
  },
  {
    id: 'language/shopify-market-path',
    title: 'Shopify Markets: /products/x to /en-ca/products/x, the same product in a market folder',
    start: 'https://markets.test/products/maple-syrup',
    routes: {
      'https://markets.test/products/maple-syrup': to('https://markets.test/en-ca/products/maple-syrup', 302, SHOPIFY),
      'https://markets.test/en-ca/products/maple-syrup': page({ lang: 'en-CA' }),
    },
    mustFind: ['temporary_redirect'],
    mustNotFind: ['redirect_to_homepage', 'redirect_chain'],
    cites: [ISSUES('redirect_to_homepage'), G_REDIRECTS],
  },
  {
    id: 'tracking/valueless-param',
    title: 'A ?preview flag without a value, dropped by the redirect',
    start: 'https://flags.test/post?preview',
    routes: {
      'https://flags.test/post?preview': to('https://flags.test/posts/1'),
      'https://flags.test/posts/1': page(),
    },
    mustFind: ['query_dropped'],
    mustNotFind: ['redirect_to_homepage'],
    cites: [ISSUES('query_dropped')],
  },
  {
    id: 'tracking/empty-query',
    title: 'A bare ? with nothing after it: no parameter to lose',
    start: 'https://emptyquery.test/page?',
    routes: {
      'https://emptyquery.test/page?': to('https://emptyquery.test/page/'),
      'https://emptyquery.test/page/': page(),
    },
    mustFind: [],
    mustNotFind: ['query_dropped', 'redirect_to_homepage', 'temporary_redirect'],
    cites: [ISSUES('query_dropped')],
  },
  {
    id: 'site-move/https-and-slash-in-one-hop',
    title: 'http://x/a to https://x/a/ in one hop: a scheme change as well, so not only a slash',
    start: 'http://onehopslash.test/team',
    routes: {
      'http://onehopslash.test/team': to('https://onehopslash.test/team/'),
      'https://onehopslash.test/team/': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('trailing_slash_redirect')],
  },
  {
    id: 'refresh/empty-url',
    title: 'A refresh with an empty URL: a reload, not a redirect',
    start: 'https://emptyrefresh.test/',
    routes: { 'https://emptyrefresh.test/': page({ head: '<meta http-equiv="refresh" content="0; url=">' }) },
    mustFind: [],
    mustNotFind: ['meta_refresh', 'error_status'],
    cites: [HTML_REFRESH],
  },
  {
    id: 'refresh/javascript-url',
    title: 'A refresh to a javascript: URL, which is no redirect to another page',
    start: 'https://jsrefresh.test/',
    routes: {
      'https://jsrefresh.test/': page({ head: '<meta http-equiv="refresh" content="0; url=javascript:void(0)">' }),
    },
    mustFind: [],
    mustNotFind: ['meta_refresh', 'error_status', 'invalid_location'],
    cites: [HTML_REFRESH, ISSUES('meta_refresh')],
  },
  {
    id: 'refresh/text-plain-meta',
    title: 'A text/plain file that shows a meta refresh tag as text',
    start: 'https://plaintext.test/snippet.txt',
    routes: {
      'https://plaintext.test/snippet.txt': {
        status: 200,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'strict-transport-security': HSTS },
        body: '<meta http-equiv="refresh" content="0; url=/elsewhere">',
      },
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: ['WHATWG MIME Sniffing and HTML: a text/plain document is not parsed as HTML', HTML_REFRESH],
  },
  {
    id: 'refresh/header-on-text-plain',
    title: 'A Refresh header on a text/plain response: browsers apply the header whatever the document type',
    start: 'https://plainrefresh.test/status.txt',
    routes: {
      'https://plainrefresh.test/status.txt': {
        status: 200,
        headers: { 'content-type': 'text/plain', refresh: '0; url=/status.html', 'strict-transport-security': HSTS },
        body: 'moved',
      },
      'https://plainrefresh.test/status.html': page(),
    },
    mustFind: ['meta_refresh'],
    mustNotFind: ['error_status'],
    cites: [
      'WHATWG HTML, "Initialize the document object": a Refresh header runs the shared declarative refresh steps for any document',
      HTML_REFRESH,
    ],
  },
  {
    id: 'noindex/googlebot-news',
    title: 'X-Robots-Tag: googlebot-news: noindex binds Google News only',
    start: 'https://noindex-p.test/',
    routes: { 'https://noindex-p.test/': page({ headers: { 'x-robots-tag': 'googlebot-news: noindex' } }) },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_ROBOTS_META],
  },
  {
    id: 'noindex/uppercase-header',
    title: 'X-Robots-Tag: NOINDEX in capitals',
    start: 'https://noindex-q.test/',
    routes: { 'https://noindex-q.test/': page({ headers: { 'x-robots-tag': 'NOINDEX' } }) },
    mustFind: ['noindex_destination'],
    mustNotFind: [],
    cites: [G_ROBOTS_META],
  },
  {
    id: 'noindex/valued-rule-first',
    title: 'X-Robots-Tag: max-snippet: 20, noindex (a valued rule first, not a crawler name)',
    start: 'https://noindex-r.test/',
    routes: { 'https://noindex-r.test/': page({ headers: { 'x-robots-tag': 'max-snippet: 20, noindex' } }) },
    mustFind: ['noindex_destination'],
    mustNotFind: [],
    cites: [G_ROBOTS_META],
  },
  {
    id: 'noindex/head-request',
    title: 'A noindex header on a destination checked with HEAD',
    start: 'https://noindex-s.test/old',
    options: { method: 'HEAD' },
    routes: {
      'https://noindex-s.test/old': to('https://noindex-s.test/new'),
      'https://noindex-s.test/new': page({ headers: { 'x-robots-tag': 'noindex' } }),
    },
    mustFind: ['noindex_destination'],
    mustNotFind: ['error_status'],
    cites: [G_NOINDEX, ISSUES('noindex_destination')],
  },
  {
    id: 'canonical/http-version',
    title: 'An https page whose canonical names its http:// version (a template never updated after the HTTPS move)',
    start: 'https://canon-k.test/guide',
    routes: { 'https://canon-k.test/guide': page({ head: '<link rel="canonical" href="http://canon-k.test/guide">' }) },
    mustFind: ['canonical_mismatch'],
    mustNotFind: ['noindex_destination', 'not_https'],
    cites: [G_CANONICAL],
  },
  {
    id: 'canonical/rel-case',
    title: 'rel="Canonical" with a capital: rel keywords are case-insensitive',
    start: 'https://canon-l.test/a',
    routes: { 'https://canon-l.test/a': page({ head: '<link rel="Canonical" href="https://canon-l.test/b">' }) },
    mustFind: ['canonical_mismatch'],
    mustNotFind: [],
    cites: [G_CANONICAL, 'WHATWG HTML §4.6.7: link types are ASCII case-insensitive'],
  },
  {
    id: 'canonical/percent-escapes',
    title: 'A canonical written with a raw é for a page requested as %C3%A9: the same URL',
    start: 'https://canon-m.test/caf%C3%A9',
    routes: {
      'https://canon-m.test/caf%C3%A9': page({ head: '<link rel="canonical" href="https://canon-m.test/café">' }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_CANONICAL, 'RFC 3986 §6.2.2: percent-encoding normalisation', ISSUES('canonical_mismatch')],
  },
  {
    id: 'canonical/link-header-self',
    title: 'A Link header naming the page itself as canonical',
    start: 'https://canon-n.test/doc',
    routes: {
      'https://canon-n.test/doc': page({ headers: { link: '<https://canon-n.test/doc>; rel="canonical"' } }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_CANONICAL],
  },
  {
    id: 'downgrade/to-blocked-http',
    title: 'An https page redirecting to a plain-http intranet address: downgrade and blocked, not followed',
    start: 'https://intranet-link.test/hr',
    routes: { 'https://intranet-link.test/hr': to('http://10.1.2.3/hr') },
    mustFind: ['https_downgrade', 'blocked_destination'],
    mustNotFind: ['not_https', 'error_status'],
    cites: [ISSUES('https_downgrade'), ISSUES('blocked_destination')],
  },
  {
    id: 'url-length/submitted-too-long',
    title: 'A submitted URL of over 2,000 characters that answers 200',
    start: `https://longstart.test/search?${LONG_QUERY}`,
    routes: { [`https://longstart.test/search?${LONG_QUERY}`]: page() },
    mustFind: ['url_too_long'],
    mustNotFind: ['redirect_chain', 'error_status'],
    cites: [ISSUES('url_too_long')],
  },
  {
    id: 'error/410-after-redirect',
    title: 'A redirect to a page removed on purpose (410)',
    start: 'https://errors-g.test/old-sale',
    routes: {
      'https://errors-g.test/old-sale': to('https://errors-g.test/sale-2019'),
      'https://errors-g.test/sale-2019': page({ status: 410 }),
    },
    mustFind: ['error_status'],
    mustNotFind: ['redirect_to_homepage', 'noindex_destination'],
    cites: [G_HTTP_ERRORS],
  },
  {
    id: 'error/429',
    title: 'A rate-limited answer (429) at the end of a chain',
    start: 'https://errors-h.test/api',
    routes: {
      'https://errors-h.test/api': to('https://errors-h.test/api/v2'),
      'https://errors-h.test/api/v2': page({ status: 429, headers: { 'retry-after': '60' } }),
    },
    mustFind: ['error_status'],
    mustNotFind: ['redirect_to_homepage'],
    cites: [G_HTTP_ERRORS, RFC9110_ERRORS],
  },
];

const probes: CorpusCase[] = [
  {
    id: 'url-length/move-chain-grows',
    title:
      'http to https to www to the trailing slash: every URL a little longer, but no rule appending to its own URL',
    start: 'http://grower.test/shop',
    routes: {
      'http://grower.test/shop': to('https://grower.test/shop'),
      'https://grower.test/shop': to('https://www.grower.test/shop'),
      'https://www.grower.test/shop': to('https://www.grower.test/shop/'),
      'https://www.grower.test/shop/': page(),
    },
    mustFind: ['redirect_chain', 'trailing_slash_redirect'],
    mustNotFind: ['url_too_long', 'redirect_loop', 'max_hops_reached', 'temporary_redirect'],
    cites: [ISSUES('url_too_long'), G_SITE_MOVE],
  },
  {
    id: 'url-length/runaway-after-upgrade',
    title: 'http to https, then a rule that appends /x to its own URL, again and again',
    start: 'http://runaway.test/p',
    routes: {
      'http://runaway.test/p': to('https://runaway.test/p'),
      'https://runaway.test/p': to('https://runaway.test/p/x'),
      'https://runaway.test/p/x': to('https://runaway.test/p/x/x'),
      'https://runaway.test/p/x/x': to('https://runaway.test/p/x/x/x'),
      'https://runaway.test/p/x/x/x': page(),
    },
    mustFind: ['url_too_long', 'redirect_chain'],
    mustNotFind: ['redirect_loop'],
    cites: [ISSUES('url_too_long')],
  },
  {
    id: 'url-length/prepended-language',
    title: 'A rule that prepends /en to its own URL: /en/x, /en/en/x, /en/en/en/x',
    start: 'https://prepend.test/x',
    routes: {
      'https://prepend.test/x': to('https://prepend.test/en/x'),
      'https://prepend.test/en/x': to('https://prepend.test/en/en/x'),
      'https://prepend.test/en/en/x': to('https://prepend.test/en/en/en/x'),
      'https://prepend.test/en/en/en/x': page(),
    },
    mustFind: ['url_too_long', 'redirect_chain'],
    mustNotFind: ['redirect_loop'],
    cites: [ISSUES('url_too_long')],
  },
  {
    id: 'js/fragment-only',
    title: 'A script that scrolls with location.href = "#reviews": the page stays',
    start: 'https://hashnav.test/product',
    routes: {
      'https://hashnav.test/product': page({
        body: "<script>if (window.innerWidth < 600) { location.href = '#reviews'; }</script>",
      }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_JS, 'WHATWG HTML §7.4.2.3.3 (fragment navigations): a change of fragment only scrolls the same document'],
  },
  {
    id: 'js/mailto',
    title: 'A contact button script that opens the mail client with location.href = "mailto:..."',
    start: 'https://mailbutton.test/contact',
    routes: {
      'https://mailbutton.test/contact': page({
        body: "<script>function mail() { window.location.href = 'mailto:info@mailbutton.test'; }</script>",
      }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_JS, ISSUES('javascript_redirect')],
  },
  {
    id: 'js/reload-same-url',
    title: 'A script that reloads the page by assigning its own URL',
    start: 'https://selfreload.test/board',
    routes: {
      'https://selfreload.test/board': page({
        body: "<script>setInterval(function () { location.href = '/board'; }, 60000);</script>",
      }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_JS, HTML_REFRESH],
  },
  {
    id: 'soft-404/default-aspx-to-root',
    title: 'An old IIS home page address, /default.aspx, sent to /: the home page under its new name',
    start: 'https://iisold.test/default.aspx',
    routes: { 'https://iisold.test/default.aspx': to('https://iisold.test/'), 'https://iisold.test/': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_SOFT_404, ISSUES('redirect_to_homepage')],
  },
  {
    id: 'soft-404/index-jsp-to-root',
    title: "A Java site's /index.jsp sent to /",
    start: 'https://javaold.test/index.jsp',
    routes: { 'https://javaold.test/index.jsp': to('https://javaold.test/'), 'https://javaold.test/': page() },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_SOFT_404, ISSUES('redirect_to_homepage')],
  },
  {
    id: 'soft-404/removed-to-default-aspx',
    title: 'An IIS site sends a removed page to /Default.aspx, its home page',
    start: 'https://iisnew.test/products/old-widget.aspx',
    routes: {
      'https://iisnew.test/products/old-widget.aspx': to('https://iisnew.test/Default.aspx', 302),
      'https://iisnew.test/Default.aspx': page(),
    },
    mustFind: ['redirect_to_homepage', 'temporary_redirect'],
    mustNotFind: ['error_status', 'case_redirect'],
    cites: [G_SOFT_404, ISSUES('redirect_to_homepage')],
  },
  {
    id: 'js/onclick-attribute',
    title: 'A button whose onclick attribute sets location: it runs on a click, never on its own',
    start: 'https://clickonly.test/cart',
    routes: {
      'https://clickonly.test/cart': page({ body: '<button onclick="location.href=\'/checkout\'">Checkout</button>' }),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [G_JS, ISSUES('javascript_redirect')],
  },
  {
    id: 'js/click-handler-function',
    title: 'An inline script defining a click handler that sets location: nothing navigates until a visitor clicks',
    start: 'https://clickhandler.test/cart',
    routes: {
      'https://clickhandler.test/cart': page({
        body: '<button id="pay">Pay</button><script>document.getElementById("pay").addEventListener("click", function () { window.location.href = "/checkout"; });</script>',
      }),
    },
    mustFind: [],
    mustNotFind: ['javascript_redirect'],
    cites: [G_JS, 'WHATWG HTML §8.1.8 (events): an event listener runs when its event fires'],
  },
  {
    id: 'refresh/no-content-type',
    title: 'A page sent without a Content-Type whose body is HTML with a meta refresh: browsers sniff it as HTML',
    start: 'https://sniffed.test/old',
    routes: {
      'https://sniffed.test/old': {
        status: 200,
        headers: { 'strict-transport-security': HSTS },
        body: '<!DOCTYPE html><html><head><meta http-equiv="refresh" content="0; url=/new"></head><body></body></html>',
      },
      'https://sniffed.test/new': page(),
    },
    mustFind: ['meta_refresh'],
    mustNotFind: ['error_status'],
    cites: [
      'WHATWG MIME Sniffing §7.1: a resource without a Content-Type that starts with <!DOCTYPE HTML is sniffed as text/html',
      HTML_REFRESH,
    ],
  },
  {
    id: 'noindex/after-large-inline-script',
    title: 'A noindex meta tag after a 70 KB inline script in the head (a bundled app shell)',
    start: 'https://bigshell.test/app',
    routes: {
      'https://bigshell.test/app': page({
        head: `<script>var state = ${JSON.stringify('x'.repeat(70 * 1024))};</script><meta name="robots" content="noindex">`,
      }),
    },
    mustFind: ['noindex_destination'],
    mustNotFind: ['error_status'],
    cites: [G_NOINDEX, 'Google Search Central, "Googlebot": Googlebot reads the first 15 MB of an HTML file'],
  },
  {
    id: 'loop/fragment-only',
    title: 'A redirect to the same URL with a #fragment: the same resource, a loop',
    start: 'https://hashloop.test/page',
    routes: { 'https://hashloop.test/page': to('https://hashloop.test/page#top') },
    mustFind: ['redirect_loop'],
    mustNotFind: ['max_hops_reached', 'error_status'],
    cites: [ISSUES('redirect_loop'), RFC9110_LOCATION],
  },
  {
    id: 'site-move/case-and-slash-in-one-hop',
    title: '/About to /about/ in one hop: two changes at once, neither "only"',
    start: 'https://twochanges.test/About',
    routes: {
      'https://twochanges.test/About': to('https://twochanges.test/about/'),
      'https://twochanges.test/about/': page(),
    },
    mustFind: [],
    mustNotFind: allBut(),
    cites: [ISSUES('trailing_slash_redirect'), ISSUES('case_redirect')],
  },
];

export const CASES: readonly CorpusCase[] = Object.freeze([
  ...siteMoves,
  ...languageRoots,
  ...soft404s,
  ...tracking,
  ...cdnAndCms,
  ...metaRefreshes,
  ...javascript,
  ...renders,
  ...loops,
  ...longChains,
  ...urlLength,
  ...permanence,
  ...downgrades,
  ...canonicals,
  ...noindex,
  ...robotsTxt,
  ...errorEnds,
  ...badLocations,
  ...blocked,
  ...fragments,
  ...certificates,
  ...moreDetectors,
  ...edgeCases,
  ...probes,
]);

/**
 * Cases hoplens gets wrong today, each with why. The test checks that each still fails: once one passes, take it off
 * this list.
 */
export const KNOWN_MISSES: readonly KnownMiss[] = Object.freeze([
  {
    id: 'js/click-handler-function',
    reason:
      'without rendering, any literal location change in an inline script is reported, even inside a click handler that runs only when a visitor clicks: telling the two apart needs the script run (render: true) or parsed, not a pattern. The documented rule (docs/issues.md#javascript_redirect) says this; no one is on it',
  },
]);
