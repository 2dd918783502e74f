/**
 * The analysis query, in the page's address (`/?url=...&maxHops=...`) and in the API call. Values stay strings: the
 * service is the one judge of what is valid, and its 400 then speaks about what the person typed.
 */

export const DEFAULT_MAX_HOPS = '10';
export const DEFAULT_TIMEOUT = '10000';

export interface AnalyzeParams {
  url: string;
  maxHops: string;
  timeout: string;
  /** Empty: the service's own agent. */
  userAgent: string;
}

/** The query from an address's search part; undefined when it names no URL. */
export function paramsFromSearch(search: string): AnalyzeParams | undefined {
  const query = new URLSearchParams(search);
  const url = query.get('url')?.trim();
  if (!url) return undefined;
  return {
    url,
    maxHops: query.get('maxHops')?.trim() || DEFAULT_MAX_HOPS,
    timeout: query.get('timeout')?.trim() || DEFAULT_TIMEOUT,
    userAgent: query.get('userAgent') ?? '',
  };
}

/**
 * The search part for the query: `url` and `maxHops` always (the shape people share), `timeout` and `userAgent`
 * only when they differ from the defaults, so that shared links stay short.
 */
export function searchFromParams(params: AnalyzeParams): string {
  const query = new URLSearchParams({ url: params.url, maxHops: params.maxHops || DEFAULT_MAX_HOPS });
  if (params.timeout && params.timeout !== DEFAULT_TIMEOUT) query.set('timeout', params.timeout);
  if (params.userAgent) query.set('userAgent', params.userAgent);
  return `?${query.toString()}`;
}

/** The API path for the query (same parameters as the page's address). */
export function apiPath(params: AnalyzeParams): string {
  return `/api/analyze${searchFromParams(params)}`;
}

/**
 * What a person typed, made into a URL to submit: the command line's rule (a bare host gets `https://`), imported by
 * path because the core's entry pulls in Node modules a browser bundle cannot hold.
 */
export { normalizeUrlInput } from '../../core/url-input.js';
