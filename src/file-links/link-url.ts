/**
 * The URL a link in a file points at, or undefined when it has none to check: only http(s) URLs are followed. A
 * relative link (`/docs/x`, `../x`, `//host/x`) has an origin only when the file has a URL (`--base`), against which
 * it is resolved as a browser resolves it against the page's URL.
 */
export function linkUrl(target: string, pageUrl: URL | undefined): URL | undefined {
  const trimmed = target.trim();
  // A fragment alone points into the file itself, not at a resource to follow.
  if (trimmed === '' || trimmed.startsWith('#')) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    if (pageUrl === undefined) return undefined;
    try {
      url = new URL(trimmed, pageUrl);
    } catch {
      return undefined;
    }
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}

/** Whether a target was written relative (no scheme): such a link stays relative when rewritten on its origin. */
export function isRelative(target: string): boolean {
  return !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(target.trim());
}

/** The URL as analysed: without its fragment, which is never sent (RFC 9110 4.2.4 and 7.1). */
export function requestUrl(url: URL): string {
  const copy = new URL(url);
  copy.hash = '';
  return copy.href;
}
