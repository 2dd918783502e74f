import type { Dispatcher } from 'undici';
import { HoplensError } from './errors.js';
import { lenientRequest, type PoolConnection, poolConnection, refusedHeaderByte, toNetworkError } from './hop/index.js';
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
  /** The most body bytes any request may ask for (default {@link RENDER_BODY_LIMIT}): a crawl reads pages up to 15 MB. */
  bodyLimit?: number | undefined;
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
    const signal = AbortSignal.any([
      AbortSignal.timeout(context.timeout),
      ...(context.signal ? [context.signal] : []),
      ...(request.signal ? [request.signal] : []),
    ]);
    const ceiling = context.bodyLimit ?? RENDER_BODY_LIMIT;
    const limit = Math.min(ceiling, request.maxBodyBytes ?? ceiling);
    try {
      return await fetchThroughPool(context, url, request, signal, limit);
    } catch (error) {
      const connection = poolConnection(context.dispatcher);
      // Sent again only when it is safe to (GET or HEAD: RFC 9110 §9.2.1), as a hop is (src/core/hop/lenient-hop.ts).
      const safe = request.method === 'GET' || request.method === 'HEAD';
      if (connection === undefined || !safe || signal.aborted || !refusedHeaderByte(error)) {
        throw fetchError(error, url, request, context, signal);
      }
      return fetchLeniently(connection, url, request, signal, limit).catch((second: unknown) => {
        throw fetchError(second, url, request, context, signal);
      });
    }
  };
}

async function fetchThroughPool(
  context: GuardedFetchContext,
  url: URL,
  request: RenderedRequest,
  signal: AbortSignal,
  limit: number,
): Promise<FetchedResponse> {
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
  const body = await readBody(response.body, url.href, limit, request.truncateBody === true);
  return { status: response.statusCode, headers: selectHeaders(response.headers, 'all'), body };
}

/** The request sent again with Node's lenient parser, over the pool's guarded connector (src/core/hop/lenient-request.ts). */
async function fetchLeniently(
  connection: PoolConnection,
  url: URL,
  request: RenderedRequest,
  signal: AbortSignal,
  limit: number,
): Promise<FetchedResponse> {
  const response = await lenientRequest({
    url,
    method: request.method,
    headers: requestHeaders(request),
    connect: connection.connect,
    maxHeaderSize: connection.maxHeaderSize,
    signal,
    bodyLimit: limit,
    keepsBody: () => true,
  });
  if (response.overflowed && request.truncateBody !== true) {
    throw new HoplensError('RESPONSE_TOO_LARGE', `The response from ${url.href} is larger than ${limit} bytes`, {
      url: url.href,
    });
  }
  return {
    status: response.status,
    headers: selectHeaders(response.headers, 'all'),
    body: response.body ?? Buffer.alloc(0),
  };
}

function fetchError(
  error: unknown,
  url: URL,
  request: RenderedRequest,
  context: GuardedFetchContext,
  signal: AbortSignal,
): HoplensError {
  const timedOut = signal.aborted && !(context.signal?.aborted ?? false) && !(request.signal?.aborted ?? false);
  return toNetworkError(error, url.href, context.timeout, timedOut);
}
