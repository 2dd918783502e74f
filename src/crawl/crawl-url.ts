/**
 * The URLs a crawl keeps: an http(s) URL without its fragment (a fragment is not sent, so `/a#x` and `/a#y` are one
 * page), and the scope a crawl follows links within: the start URL's host, its site (the registrable domain under
 * the public suffix list, as src/core/site-of.ts reads it) or its path prefix.
 */
import { getDomain } from 'tldts';

export const CRAWL_SCOPES = ['host', 'site', 'prefix'] as const;
export type CrawlScope = (typeof CRAWL_SCOPES)[number];

/** `href` resolved against `base` as an http(s) URL without its fragment, or undefined for another scheme or garbage. */
export function crawlUrl(href: string, base?: URL | string): URL | undefined {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  return url;
}

/** The registrable domain of a host name, or the host itself (an IP address, localhost). */
export function siteOfHost(hostname: string): string {
  return getDomain(hostname, { allowPrivateDomains: true }) ?? hostname;
}

/** The directory of a URL's path: `/docs/guide` → `/docs/`, `/docs/` → `/docs/`. */
function directoryOf(url: URL): string {
  return url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1);
}

/** Whether a URL is within the crawl: on a start URL's host, site or path prefix. */
export class ScopeRule {
  private readonly hosts = new Set<string>();
  private readonly sites = new Set<string>();
  private readonly prefixes: string[] = [];

  constructor(
    readonly scope: CrawlScope,
    starts: readonly URL[],
  ) {
    for (const start of starts) {
      this.hosts.add(start.host);
      this.sites.add(siteOfHost(start.hostname));
      this.prefixes.push(start.origin + directoryOf(start));
    }
  }

  includes(url: URL): boolean {
    if (this.scope === 'host') return this.hosts.has(url.host);
    if (this.scope === 'site') return this.sites.has(siteOfHost(url.hostname));
    const href = url.href;
    return this.prefixes.some((prefix) => href.startsWith(prefix));
  }
}
