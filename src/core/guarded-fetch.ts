import type { Dispatcher } from 'undici';
import { HoplensError } from './errors.js';
import { toNetworkError } from './network-error.js';
import type { FetchedResponse, GuardedFetch, RenderedRequest } from './page-renderer.js';
import { selectHeaders } from './response-headers.js';

/** The most of one response body a rendered page is given: enough for a page and its scripts, not a video. */
export const RENDER_BODY_LIMIT = 8 * 1024 * 1024;

/** Headers a page may not set on the core's requests: the connection is the core's. */
const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'keep-alive', 'transfer-encoding', 'upgrade']);

/** What one fetch needs: the pool of the analysis's policy, its hop timeout, and its abort. */
export interface GuardedFetchContext {
  dispatcher: Dispatcher;
  timeout: number;
  signal?: AbortSignal | undefined;
}

function requestHeaders(request: RenderedRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!HOP_BY_HOP.has(name.toLowerCase())) headers[name] = value;
  }
  return headers;
}

async function readBody(
  body: Dispatcher.ResponseData['body'],
  url: string,
  limit: number,
  truncate: boolean,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      body.destroy();
      // A reader that wants only the start (robots.txt's first 500 KiB) has it: the rest is not waited for.
      if (truncate) return Buffer.concat([...chunks, chunk as Buffer]).subarray(0, limit);
      throw new HoplensError('RESPONSE_TOO_LARGE', `The response from ${url} is larger than ${limit} bytes`, { url });
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The guarded fetch a renderer is given: http(s) only, through the analysis's own pool (so the same address policy
 * checks every connection), bounded by the hop timeout and a body limit.
 */
export function createGuardedFetch(context: GuardedFetchContext): GuardedFetch {
  return async (request): Promise<FetchedResponse> => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      throw new HoplensError('INVALID_URL', `Not a valid URL: ${request.url.slice(0, 200)}`, { url: request.url });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new HoplensError('BLOCKED_DESTINATION', `Refused ${url.protocol} request from a rendered page`, {
        url: request.url,
      });
    }
    const signal = AbortSignal.any([AbortSignal.timeout(context.timeout), ...(context.signal ? [context.signal] : [])]);
    try {
      const response = await context.dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: request.method as Dispatcher.HttpMethod,
        headers: requestHeaders(request),
        body: request.body ?? null,
        headersTimeout: context.timeout,
        bodyTimeout: context.timeout,
        signal,
      });
      const limit = Math.min(RENDER_BODY_LIMIT, request.maxBodyBytes ?? RENDER_BODY_LIMIT);
      const body = await readBody(response.body, url.href, limit, request.truncateBody === true);
      return { status: response.statusCode, headers: selectHeaders(response.headers, 'all'), body };
    } catch (error) {
      const timedOut = signal.aborted && !(context.signal?.aborted ?? false);
      throw toNetworkError(error, url.href, context.timeout, timedOut);
    }
  };
}
