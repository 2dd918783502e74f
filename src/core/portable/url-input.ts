/**
 * A scheme at the start of what a person typed (`https:`, `ftp:`, `mailto:`), as opposed to a host and port
 * (`localhost:8080/x`, `example.com:8080`), which the URL parser would otherwise read as the scheme `localhost:`.
 */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HOST_AND_PORT = /^[^/:?#]+:\d+(?:[/?#]|$)/;
/** How a host starts: a letter or digit (of any script: an IDN), or the `[` of an IPv6 address. */
const HOST_START = /^[\p{L}\p{N}[]/u;

/**
 * What a person typed, made into the URL to analyse: trimmed, and `https://` put in front of a bare host such as
 * `example.com/path`, `www.example.com` or `localhost:8080/x` (leading slashes of `//example.com` dropped), when it
 * starts as a host does. Anything with a scheme (`http://`, `ftp://`, `mailto:`) is left alone, for `parseTargetUrl`
 * (src/core/parse-url.ts) to judge.
 *
 * The one rule of the web page's URL field and of the command line (arguments, list and CSV rows). It imports
 * nothing, so that the browser page can bundle it without the rest of the core.
 */
export function normalizeUrlInput(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || (SCHEME.test(trimmed) && !HOST_AND_PORT.test(trimmed))) return trimmed;
  const host = trimmed.replace(/^\/+/, '');
  // Not a host (a spreadsheet's `=HYPERLINK(...)`, a quote, a parenthesis): left as typed, refused as not a URL rather
  // than made `https://=hyperlink(...` and looked up in DNS (issue 44).
  return HOST_START.test(host) ? `https://${host}` : trimmed;
}
