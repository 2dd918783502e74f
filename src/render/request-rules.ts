/**
 * What may leave the browser (issue 22): a rendered page keeps the same-origin policy a browser gives it, and the
 * service sends on its behalf only what a plain analysis would. Pure functions over a request's method, URL and
 * headers; the request router applies them.
 */

/** Methods sent: a page reads, it never writes (no body ever leaves the browser). */
const SENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** Headers never sent, whatever the page set: credentials the analysis was not given. */
const STRIPPED: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization']);

/**
 * Request headers of a cross-origin request that need no CORS preflight: the CORS-safelisted ones (Fetch standard,
 * §2.2.2 "CORS-safelisted request-header") and those the browser itself sets, which a script cannot (forbidden
 * request-headers, §2.2.2, and the client hints and cache headers Chromium adds after the preflight decision).
 */
const NO_PREFLIGHT: ReadonlySet<string> = new Set([
  'accept',
  'accept-language',
  'content-language',
  'accept-encoding',
  'cache-control',
  'cookie',
  'dnt',
  'if-modified-since',
  'if-none-match',
  'origin',
  'pragma',
  'priority',
  'purpose',
  'range',
  'referer',
  'upgrade-insecure-requests',
  'user-agent',
]);

/**
 * Kinds of request that cannot make a page navigate: an image, a font, audio or video, a stylesheet (CSS runs no
 * script). Rendering is for where a page goes, so they are refused before they are sent: no connection, no bytes, and
 * the load event comes sooner. Told by Playwright's `resourceType` (Chromium's classification); the favicon Chromium
 * fetches on its own is `other`, told by the image types it accepts (no `Sec-Fetch-Dest` reaches the router).
 */
const INERT_TYPES: ReadonlySet<string> = new Set(['image', 'font', 'media', 'stylesheet']);

/** Whether a request of this kind (with this `Accept`) is refused because nothing it loads can navigate. */
export function isInert(resourceType: string, accept: string | undefined): boolean {
  return INERT_TYPES.has(resourceType) || (resourceType === 'other' && accept?.startsWith('image/') === true);
}

/** A request of the page as the rules see it. */
export interface PageRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The verdict on a request: sent with these headers, or refused with a reason (for tests and logs). */
export type RequestVerdict = { readonly send: Record<string, string> } | { readonly refuse: string };

/** The page's origin when the request is a CORS request to another origin (it carries an `Origin` that differs). */
export function crossOrigin(request: PageRequest): string | undefined {
  const origin = headerOf(request.headers, 'origin')?.trim();
  if (origin === undefined) return undefined;
  try {
    return new URL(request.url).origin === origin ? undefined : origin;
  } catch {
    return origin;
  }
}

/**
 * Whether and how a request leaves the browser: only GET and HEAD; a cross-origin request that a browser would
 * preflight (a header a script set beyond the safelisted ones) is refused, as a preflight the origin did not answer
 * would be; `Authorization` is never sent. Cookies are the context's own, set in this analysis only.
 */
export function admit(request: PageRequest): RequestVerdict {
  if (!SENT_METHODS.has(request.method.toUpperCase())) return { refuse: `method ${request.method}` };
  const cors = crossOrigin(request) !== undefined;
  const send: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (cors && !NO_PREFLIGHT.has(lower) && !lower.startsWith('sec-') && !safelistedValue(lower, value)) {
      return { refuse: `cross-origin header ${lower} would need a preflight` };
    }
    if (!STRIPPED.has(lower)) send[name] = value;
  }
  return { send };
}

/**
 * Whether a cross-origin response may be given to the page. The origin's own `Access-Control-Allow-Origin` decides
 * in the browser; without one, the browser fails the request, and so does the router, whatever fulfils the request
 * (playwright-core's `route.fulfill`, which the renderer used before, added an allow-all header to such a response).
 */
export function corsAllows(request: PageRequest, responseHeaders: Readonly<Record<string, string>>): boolean {
  if (crossOrigin(request) === undefined) return true;
  return headerOf(responseHeaders, 'access-control-allow-origin') !== undefined;
}

/** `content-type` needs no preflight with the three form types only (Fetch standard, §2.2.2). */
function safelistedValue(name: string, value: string): boolean {
  if (name !== 'content-type') return false;
  const essence = value.split(';')[0]?.trim().toLowerCase();
  return (
    essence === 'application/x-www-form-urlencoded' || essence === 'multipart/form-data' || essence === 'text/plain'
  );
}

function headerOf(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}
