/**
 * A document's base URL (WHATWG HTML, "Document base URL" and "set the frozen base URL"): its first `<base href>`
 * parsed against the page's URL, or the page's URL when there is none, it does not parse, or it is a `data:` or
 * `javascript:` URL.
 */
export function documentBaseUrl(baseHref: string | undefined, pageUrl: string | URL): URL {
  const fallback = new URL(pageUrl);
  if (baseHref === undefined) return fallback;
  try {
    const base = new URL(baseHref, fallback);
    return base.protocol === 'data:' || base.protocol === 'javascript:' ? fallback : base;
  } catch {
    return fallback;
  }
}
