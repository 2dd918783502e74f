/**
 * Calls `/api/analyze` (or `/api/variants`, for the variants view) and sorts every possible answer into one {@link RequestOutcome}, so that the page renders states and
 * never has to look at HTTP again.
 */
import type { AnalysisResponse, ErrorResponse, Hop, RateLimit, VariantsResponse } from './api-types.js';
import { type AnalyzeParams, apiPath } from './query-params.js';

export type RequestOutcome =
  | { kind: 'ok'; result: AnalysisResponse; body: unknown }
  /** A variants report (`GET /api/variants`). */
  | { kind: 'variants'; report: VariantsResponse; body: unknown }
  /** 400: a parameter (named when the service names it) is wrong. */
  | { kind: 'invalid'; code: string; message: string; parameter?: string; body: unknown }
  /** 429: `retryAfter` seconds to wait; `limit` says which window refused. */
  | { kind: 'rate-limited'; message: string; retryAfter: number; limit?: 'minute' | 'day'; body: unknown }
  /** 503: the service is busy or shutting down. */
  | { kind: 'busy'; message: string; retryAfter?: number; body: unknown }
  /**
   * 500 (or any other error status): the analysis failed, with the hops completed before the failure and, when the
   * service says it, the URL whose request failed.
   */
  | { kind: 'failed'; status: number; code: string; message: string; chain: Hop[]; url?: string; body: unknown }
  /** No HTTP answer at all: the hoplens server is down or the network is gone. */
  | { kind: 'unreachable'; message: string }
  /** The person cancelled. */
  | { kind: 'cancelled' };

/** An outcome together with the rate-limit status the answer carried (headers first, then the body). */
export interface ApiAnswer {
  outcome: RequestOutcome;
  rateLimit?: RateLimit;
}

/** 400 codes that concern the submitted URL. */
const URL_CODES = new Set(['INVALID_URL', 'BLOCKED_DESTINATION']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function intHeader(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined;
  return Number(raw);
}

function rateLimitOf(headers: Headers, body: unknown): RateLimit | undefined {
  const limit = intHeader(headers, 'x-ratelimit-limit');
  const remaining = intHeader(headers, 'x-ratelimit-remaining');
  const reset = intHeader(headers, 'x-ratelimit-reset');
  if (limit !== undefined && remaining !== undefined && reset !== undefined) return { limit, remaining, reset };
  if (isRecord(body) && isRecord(body.rateLimit)) {
    const r = body.rateLimit;
    if (typeof r.limit === 'number' && typeof r.remaining === 'number' && typeof r.reset === 'number') {
      return { limit: r.limit, remaining: r.remaining, reset: r.reset };
    }
  }
  return undefined;
}

function isErrorResponse(body: unknown): body is ErrorResponse {
  return isRecord(body) && body.success === false && isRecord(body.error) && typeof body.error.code === 'string';
}

function isAnalysis(body: unknown): body is AnalysisResponse {
  return isRecord(body) && body.success === true && Array.isArray(body.chain) && isRecord(body.summary);
}

function isVariants(body: unknown): body is VariantsResponse {
  return isRecord(body) && typeof body.url === 'string' && Array.isArray(body.grid) && Array.isArray(body.findings);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Turns a status and a parsed body into an outcome. Exported for the page's tests of odd answers. */
export function classify(status: number, headers: Headers, body: unknown): RequestOutcome {
  if (status === 200 && isAnalysis(body)) return { kind: 'ok', result: body, body };
  if (status === 200 && isVariants(body)) return { kind: 'variants', report: body, body };
  const error = isErrorResponse(body) ? body.error : undefined;
  const code = error?.code ?? `HTTP_${status}`;
  const message = error?.message ?? `The server answered ${status} with no usable body.`;
  const retryHeader = intHeader(headers, 'retry-after');
  if (status === 400) {
    // A refused or malformed URL is about the URL field even when the service names no parameter.
    const parameter = error?.parameter ?? (URL_CODES.has(code) ? 'url' : undefined);
    return parameter === undefined
      ? { kind: 'invalid', code, message, body }
      : { kind: 'invalid', code, message, parameter, body };
  }
  if (status === 429) {
    const retryAfter = error?.retryAfter ?? retryHeader ?? 60;
    return error?.limit === undefined
      ? { kind: 'rate-limited', message, retryAfter, body }
      : { kind: 'rate-limited', message, retryAfter, limit: error.limit, body };
  }
  if (status === 503) {
    const retryAfter = error?.retryAfter ?? retryHeader;
    return retryAfter === undefined ? { kind: 'busy', message, body } : { kind: 'busy', message, retryAfter, body };
  }
  const chain = isErrorResponse(body) && Array.isArray(body.chain) ? body.chain : [];
  const url = typeof error?.url === 'string' ? error.url : undefined;
  return url === undefined
    ? { kind: 'failed', status, code, message, chain, body }
    : { kind: 'failed', status, code, message, chain, url, body };
}

/** Runs one analysis, or the variants of its URL. Never throws: every failure, cancellation included, is an outcome. */
export async function analyze(params: AnalyzeParams, signal: AbortSignal): Promise<ApiAnswer> {
  let response: Response;
  try {
    response = await fetch(apiPath(params), { signal, headers: { accept: 'application/json' } });
  } catch (error) {
    if (signal.aborted || isAbort(error)) return { outcome: { kind: 'cancelled' } };
    return {
      outcome: {
        kind: 'unreachable',
        message: 'The hoplens server could not be reached. Check that it is running and that you are online.',
      },
    };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (signal.aborted || isAbort(error)) return { outcome: { kind: 'cancelled' } };
    body = undefined;
  }
  const rateLimit = rateLimitOf(response.headers, body);
  const outcome = classify(response.status, response.headers, body);
  return rateLimit === undefined ? { outcome } : { outcome, rateLimit };
}
