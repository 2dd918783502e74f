/**
 * The variants of a URL that should all end on one canonical URL, each changing one thing from the URL as given: its
 * scheme, its host (www or the apex), a trailing slash, the letter case of its path, an index file; and the clients
 * that should all be sent to the same place: Google's smartphone and desktop crawlers, Bingbot, a current Chrome, and
 * HEAD instead of GET.
 *
 * A default port written out (`https://example.com:443/`) is requested too, but not through its URL: the URL standard
 * drops a default port when the URL is parsed (https://url.spec.whatwg.org/#concept-basic-url-parser, port state), as
 * browsers and curl do (curl's lib/http.c leaves the port out of Host when it is the scheme's default). What differs
 * is the Host a client that keeps the port sends, `Host: example.com:443`, and servers that build redirects from
 * the Host header (nginx's `$http_host`, Apache's `%{HTTP_HOST}`) then redirect to `https://example.com:443/...`, or,
 * from `http://example.com:80/`, to `https://example.com:80/`, a TLS request to the plain-HTTP port. The variant sends
 * its first hop with that Host (the core's `explicitPort`).
 *
 * Last comes `as-browser`: the http:// form of the URL followed by a returning browser (`asBrowser`), one that knows
 * the HSTS hosts the run's other rows heard over https (variant-grid.ts), so it shows what a visitor following an
 * http:// link sees: Chromium's internal 307 upgrade where the site sent HSTS, the server's redirect where it did not.
 */
import type { HttpMethod } from '../core/index.js';

/** What a variant changes: the URL (`url`) or the client (`client`). */
export type VariantKind = 'given' | 'url' | 'client';

/** One request of a variants run. */
export interface Variant {
  /** Stable id: `given`, `scheme`, `host`, `slash`, `case`, `index.html`, `index.php`, `port`, `googlebot-smartphone`... */
  readonly id: string;
  readonly kind: VariantKind;
  /** What was changed, in words. */
  readonly change: string;
  readonly url: string;
  readonly method: HttpMethod;
  /** The User-Agent, when the variant sets one (otherwise the run's own). */
  readonly userAgent?: string;
  /** Whether the first hop's Host writes out the default port (the `port` variant). */
  readonly explicitPort?: boolean;
  /** Whether a returning browser follows it, knowing the HSTS hosts of the run's other rows (the `as-browser` variant). */
  readonly asBrowser?: boolean;
}

/**
 * Crawler and browser User-Agents, as their owners publish them: Google's crawlers
 * (https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers), Bing's
 * (https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0).
 */
export const CLIENT_USER_AGENTS = Object.freeze({
  'googlebot-smartphone':
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'googlebot-desktop':
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.6778.69 Safari/537.36',
  bingbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/131.0.0.0 Safari/537.36',
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

/** The crawlers among the client variants, compared with the browser (`chrome`). */
export const CRAWLER_VARIANTS = Object.freeze(['googlebot-smartphone', 'googlebot-desktop', 'bingbot'] as const);

/**
 * The URL variants nobody links to: the path in upper case and an index file appended. A site that does not serve them
 * answers 404 or 410, which is right: Google says a 404 for a URL no one links to does not hurt a site ("404 errors
 * won't impact your site's search performance", https://support.google.com/webmasters/answer/7440203, Not found
 * (404)), and treats 410 as 404 (https://developers.google.com/search/docs/crawling-indexing/http-network-errors).
 */
export const UNLINKED_VARIANTS: readonly string[] = Object.freeze(['case', 'index.html', 'index.php']);

/** The www form of a host, or its apex: undefined for an IP literal or a single-label name. */
function otherHost(hostname: string): string | undefined {
  if (/^[\d.]+$/.test(hostname) || hostname.startsWith('[') || !hostname.includes('.')) return undefined;
  return hostname.startsWith('www.') ? hostname.slice(4) : `www.${hostname}`;
}

/** The URL variants: each one change from `given`, those that change nothing left out. */
function urlVariants(given: URL): Variant[] {
  const made: Variant[] = [];
  const add = (id: string, change: string, edit: (url: URL) => void) => {
    const url = new URL(given.href);
    edit(url);
    if (url.href !== given.href) made.push({ id, kind: 'url', change, url: url.href, method: 'GET' });
  };
  const secure = given.protocol === 'https:';
  add('scheme', secure ? 'http instead of https' : 'https instead of http', (url) => {
    url.protocol = secure ? 'http:' : 'https:';
  });
  const host = otherHost(given.hostname);
  if (host !== undefined) {
    add('host', host.startsWith('www.') ? 'www added' : 'www removed', (url) => {
      url.hostname = host;
    });
  }
  const path = given.pathname;
  if (path !== '/') {
    const slashed = path.endsWith('/');
    add('slash', slashed ? 'trailing slash removed' : 'trailing slash added', (url) => {
      url.pathname = slashed ? path.slice(0, -1) : `${path}/`;
    });
  }
  add('case', 'path in upper case', (url) => {
    url.pathname = path.toUpperCase();
  });
  for (const file of ['index.html', 'index.php']) {
    add(file, `${file} appended`, (url) => {
      url.pathname = path.endsWith('/') ? `${path}${file}` : `${path}/${file}`;
    });
  }
  const port = portVariant(given);
  if (port !== undefined) made.push(port);
  return made;
}

/**
 * The URL with its default port written out (`https://example.com:443/page`), its first hop's Host carrying it;
 * undefined when the URL names another port (nothing to write out).
 */
function portVariant(given: URL): Variant | undefined {
  if (given.port !== '') return undefined;
  const port = given.protocol === 'https:' ? 443 : 80;
  return {
    id: 'port',
    kind: 'url',
    change: `default port written out (Host: ${given.host}:${port})`,
    url: `${given.protocol}//${given.host}:${port}${given.pathname}${given.search}`,
    method: 'GET',
    explicitPort: true,
  };
}

/** The client variants of `given`: the same URL, another User-Agent or HEAD. */
function clientVariants(given: URL): Variant[] {
  const byAgent = Object.entries(CLIENT_USER_AGENTS).map(
    ([id, userAgent]): Variant => ({
      id,
      kind: 'client',
      change: `User-Agent: ${id}`,
      url: given.href,
      method: 'GET',
      userAgent,
    }),
  );
  return [...byAgent, { id: 'head', kind: 'client', change: 'HEAD instead of GET', url: given.href, method: 'HEAD' }];
}

/**
 * The http:// form of `given` in a returning browser: where HSTS matters, since a browser upgrades only plain http
 * (RFC 6797 §8.3). A client variant: what it changes is the client's memory, the http:// being where that shows.
 */
function browserVariant(given: URL): Variant {
  const url = new URL(given.href);
  url.protocol = 'http:';
  const scheme = given.protocol === 'http:' ? '' : 'http:// ';
  return {
    id: 'as-browser',
    kind: 'client',
    change: `${scheme}in a returning browser (HSTS learnt from the rows above)`,
    url: url.href,
    method: 'GET',
    asBrowser: true,
  };
}

/** Every variant of `given`, the URL as given first and the returning browser last (it learns from the others). */
export function variantsOf(given: URL): Variant[] {
  return [
    { id: 'given', kind: 'given', change: 'as given', url: given.href, method: 'GET' },
    ...urlVariants(given),
    ...clientVariants(given),
    browserVariant(given),
  ];
}
