import type { Dispatcher } from 'undici';
import { HoplensError } from './errors.js';
import { toNetworkError } from './hop/index.js';
import { selectHeaders } from './response-headers.js';

/** Statuses whose Location a document fetch follows (RFC 9110 §15.4; 300 and 304 name no single next URL). */
const FOLLOWED = new Set([301, 302, 303, 307, 308]);

/** The redirects a document fetch follows before it answers with the last one, as curl's `--max-redirs` default is 50, browsers' 20. */
export const DOCUMENT_MAX_REDIRECTS = 20;

/** What {@link openGuardedStream} needs: the analysis's pool (its address policy) and a wait limit. */
export interface GuardedStreamContext {
  dispatcher: Dispatcher;
  /** The longest wait for a response's headers, and between two parts of its body while it is being read. */
  timeout: number;
  signal?: AbortSignal | undefined;
}

/** One GET whose body is read as its reader goes. */
export interface StreamRequest {
  url: string;
  headers: Record<string, string>;
  /** Redirects followed, each through the same pool (default {@link DOCUMENT_MAX_REDIRECTS}). */
  maxRedirects?: number | undefined;
}

/** The answer at the end of the redirects: its status, URL and headers, and its body as a stream. */
export interface StreamedResponse {
  status: number;
  /** The URL that answered, after the redirects followed. */
  url: string;
  /** How many redirects were followed to reach it. */
  redirects: number;
  headers: Record<string, string>;
  /**
   * The body, read at the reader's pace (a paused body is not timed out: undici times out a body only while it
   * waits for bytes it was asked for). Destroy it to stop early; it ends with the context's signal.
   */
  body: Dispatcher.ResponseData['body'];
}

/**
 * A document fetched as a stream (a sitemap or a list given by URL): a GET through the analysis's own pool, so that
 * its address policy, `--resolve`, `--connect-to` and TLS mode apply to every connection, with redirects followed
 * to a bound. Rejects with a `HoplensError` (`INVALID_URL`, `BLOCKED_DESTINATION`, `TIMEOUT`...).
 */
export async function openGuardedStream(
  context: GuardedStreamContext,
  request: StreamRequest,
): Promise<StreamedResponse> {
  const maxRedirects = request.maxRedirects ?? DOCUMENT_MAX_REDIRECTS;
  let url = httpUrl(request.url);
  for (let redirects = 0; ; redirects++) {
    const response = await requestOnce(context, url, request.headers);
    const location = response.headers.location;
    const next = FOLLOWED.has(response.statusCode) && typeof location === 'string' ? nextUrl(url, location) : undefined;
    if (next === undefined || redirects >= maxRedirects) {
      const headers = selectHeaders(response.headers, 'all');
      return { status: response.statusCode, url: url.href, redirects, headers, body: response.body };
    }
    // The redirect's own body is not wanted: dropped so that its connection can be used again.
    await response.body.dump().catch(() => {});
    url = next;
  }
}

async function requestOnce(
  context: GuardedStreamContext,
  url: URL,
  headers: Record<string, string>,
): Promise<Dispatcher.ResponseData> {
  try {
    // undici's own timers: the wait for headers, and each wait for body bytes the reader asked for.
    return await context.dispatcher.request({
      origin: url.origin,
      path: url.pathname + url.search,
      method: 'GET',
      headers,
      headersTimeout: context.timeout,
      bodyTimeout: context.timeout,
      signal: context.signal,
    });
  } catch (error) {
    throw toNetworkError(error, url.href, context.timeout, false);
  }
}

/** `text` as an http(s) URL, or `INVALID_URL`. */
function httpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HoplensError('INVALID_URL', `Not a valid URL: ${text.slice(0, 200)}`, { url: text });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HoplensError('INVALID_URL', `Not an http(s) URL: ${text.slice(0, 200)}`, { url: text });
  }
  return url;
}

/** The redirect's target, resolved against the URL that sent it; undefined when it is not an http(s) URL. */
function nextUrl(from: URL, location: string): URL | undefined {
  try {
    const next = new URL(location, from);
    return next.protocol === 'http:' || next.protocol === 'https:' ? next : undefined;
  } catch {
    return undefined;
  }
}
