/**
 * The chain mix the detector cost table (detector-cost.ts) is measured on: ten finished traces of the kinds a site
 * migration audit meets, in about the proportions it meets them (most chains are a few permanent redirects to an HTML
 * page; some drop a query, land on a home page or an error, loop or carry a fragment). Written out rather than traced,
 * so the table measures the detectors alone; the pages are read by the analyzer's own HTML reader.
 */

import { readPage } from '../../dist/core/html/page-signals.js';
import type { DetectorInput, Hop, StopReason } from '../../dist/index.js';

const TLS = {
  protocol: 'TLSv1.3',
  cipher: 'TLS_AES_128_GCM_SHA256',
  subject: 'CN=example.com',
  issuer: 'CN=Test CA',
  altNames: ['example.com', 'www.example.com'],
  validFrom: '2026-09-01T00:00:00.000Z',
  validTo: '2027-03-01T00:00:00.000Z',
  daysLeft: 95,
};

function hop(url: string, status: number, location?: string, extra: Partial<Hop> = {}): Hop {
  const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
  if (location !== undefined) headers.location = location;
  const redirect = location === undefined ? {} : { redirectVia: 'http' as const };
  const type = status === 301 || status === 308 ? 'permanent' : 'temporary';
  return {
    url,
    status,
    statusText: '',
    responseTime: 3,
    headers,
    ...(location === undefined ? {} : { redirectType: type }),
    ...redirect,
    ...(url.startsWith('https:') ? { tls: TLS, httpVersion: '2' as const } : {}),
    ...extra,
  };
}

/** A redirect chain through `urls`, each hop answering `status` to the next, the last answering `final`. */
function chainOf(urls: string[], status: number, final: number, finalHeaders: Record<string, string> = {}): Hop[] {
  return urls.map((url, index) => {
    const next = urls[index + 1];
    if (next !== undefined) return hop(url, status, next);
    const last = hop(url, final);
    Object.assign(last.headers, finalHeaders);
    return last;
  });
}

/** An ordinary article page's head: a self canonical, robots meta, hreflang, a few scripts. */
function articlePage(url: string, canonical = url): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Article</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="index, follow, max-image-preview:large">
<meta name="description" content="A page about things.">
<link rel="canonical" href="${canonical}">
<link rel="alternate" hreflang="en" href="${url}"><link rel="alternate" hreflang="de" href="${url}?lang=de">
<link rel="stylesheet" href="/site.css"><script>window.dataLayer = window.dataLayer || [];</script>
<script>function track(){ return document.title; }</script></head>
<body><header><nav><a href="/">Home</a></nav></header><main><h1>Article</h1><p>${'Text. '.repeat(200)}</p></main></body></html>`;
}

const COMPLETE: StopReason = { kind: 'complete' };

interface Shape {
  chain: Hop[];
  stop?: StopReason;
  page?: string;
  /** How many of the mix's analyses have this shape. */
  weight: number;
}

const SHAPES: Shape[] = [
  {
    // http -> https -> www -> new path: the commonest migration chain.
    chain: chainOf(
      [
        'http://example.com/old/page',
        'https://example.com/old/page',
        'https://www.example.com/old/page',
        'https://www.example.com/new/page/',
      ],
      301,
      200,
      { 'strict-transport-security': 'max-age=31536000' },
    ),
    page: articlePage('https://www.example.com/new/page/'),
    weight: 3,
  },
  {
    // One permanent redirect to a page without HSTS.
    chain: chainOf(['https://example.org/a', 'https://example.org/b'], 301, 200),
    page: articlePage('https://example.org/b'),
    weight: 2,
  },
  {
    // A trailing slash added, then a page whose canonical names another URL.
    chain: chainOf(['https://example.org/docs', 'https://example.org/docs/'], 301, 200),
    page: articlePage('https://example.org/docs/', 'https://example.org/documentation/'),
    weight: 1,
  },
  {
    // A campaign URL whose query is dropped by a temporary redirect.
    chain: chainOf(
      ['https://shop.example/p?id=3&utm_source=news&gclid=x1', 'https://shop.example/product/3'],
      302,
      200,
    ),
    page: articlePage('https://shop.example/product/3'),
    weight: 1,
  },
  {
    // A removed page sent to the home page.
    chain: chainOf(['https://blog.example/2019/old-post', 'https://blog.example/'], 301, 200),
    page: articlePage('https://blog.example/'),
    weight: 1,
  },
  {
    // A moved page that no longer exists.
    chain: chainOf(['https://a.example/old', 'https://a.example/gone'], 301, 404),
    weight: 1,
  },
  {
    // A fragment lost by a Location that carries one of its own.
    chain: chainOf(['https://c.example/a#section-2', 'https://c.example/b#top'], 308, 200),
    page: articlePage('https://c.example/b'),
    weight: 1,
  },
  {
    // An http <-> https loop.
    chain: chainOf(['http://loop.example/', 'https://loop.example/'], 301, 301),
    stop: { kind: 'loop', hop: 1, loopsTo: 0, url: 'http://loop.example/' },
    weight: 1,
  },
  {
    // A page that does not redirect.
    chain: chainOf(['https://www.example.com/'], 301, 200),
    page: articlePage('https://www.example.com/'),
    weight: 3,
  },
  {
    // Permanent and temporary redirects mixed, 5 of them.
    chain: [
      hop('http://mix.example/x', 301, 'https://mix.example/x'),
      hop('https://mix.example/x', 302, 'https://mix.example/en/x'),
      hop('https://mix.example/en/x', 301, 'https://mix.example/en/x/'),
      hop('https://mix.example/en/x/', 307, 'https://www.mix.example/en/x/'),
      hop('https://www.mix.example/en/x/', 301, 'https://www.mix.example/en/y/'),
      hop('https://www.mix.example/en/y/', 200),
    ],
    page: articlePage('https://www.mix.example/en/y/'),
    weight: 1,
  },
];

/**
 * The mix, as the detectors receive it from the analyzer (every key present, absent facts undefined); `now` is fixed so
 * that repeated runs judge alike.
 */
export function detectorChainMix(): DetectorInput[] {
  const inputs: DetectorInput[] = [];
  for (const shape of SHAPES) {
    const finalSignals = shape.page === undefined ? undefined : readPage(shape.page);
    const input: DetectorInput = {
      chain: shape.chain,
      stop: shape.stop ?? COMPLETE,
      finalBody: shape.page,
      finalSignals,
      clientRedirects: [],
      certificateProblems: undefined,
      robots: undefined,
      crawler: 'Googlebot',
      now: Date.parse('2026-11-26T00:00:00Z'),
      thresholds: undefined,
      siteOf: undefined,
      renderIncomplete: undefined,
    };
    for (let i = 0; i < shape.weight; i++) inputs.push(input);
  }
  return inputs;
}
