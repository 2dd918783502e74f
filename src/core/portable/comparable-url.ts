/**
 * The one comparison of two URLs "as the same page": a check's expected target against a final URL
 * (src/check/expectation.ts), a page's canonical against its own URL (src/core/detectors/canonical-mismatch.ts).
 */

/** What a comparison may ignore. */
export interface UrlComparison {
  /** `/page` and `/page/` are the same URL. */
  readonly ignoreTrailingSlash: boolean;
  /** The query string is not compared. */
  readonly ignoreQuery: boolean;
}

/** The strict comparison: only what RFC 3986 §6.2.2 calls equivalent is equal. */
export const EXACT_COMPARISON: UrlComparison = Object.freeze({ ignoreTrailingSlash: false, ignoreQuery: false });

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-escapes in one canonical form (RFC 3986 §6.2.2): hex upper-case, unreserved characters decoded. */
function canonicalEscapes(text: string): string {
  // Most URLs have no escape at all: nothing to rewrite, and no regular expression to run.
  if (!text.includes('%')) return text;
  return text.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/**
 * The form two URLs are compared in. The WHATWG parser already lower-cases scheme and host and drops default ports
 * (`HTTP://Example.COM:80/` is `http://example.com/`); the fragment is dropped because it never reaches a server.
 */
export function comparableUrl(href: string, settings: UrlComparison = EXACT_COMPARISON): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  let path = canonicalEscapes(url.pathname);
  if (settings.ignoreTrailingSlash && path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const query = settings.ignoreQuery ? '' : canonicalEscapes(url.search);
  return `${url.protocol}//${url.host}${path}${query}`;
}
