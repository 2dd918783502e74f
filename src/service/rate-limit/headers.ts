import type { RateLimitBody } from '../../schemas/analysis-result.js';
import type { RateLimitDecision, RateLimitState, WindowState } from './store.js';

/** Rate-limit response headers, for the OpenAPI document and for CORS `Access-Control-Expose-Headers`. */
export const RATE_LIMIT_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
  'Retry-After',
] as const;

/**
 * The window `remaining` reflects: the one with fewer requests left. On a tie the day, because the minute resetting
 * would not raise the minimum; so Reset is when Remaining next goes up.
 */
function bindingWindow(state: RateLimitState): WindowState {
  return state.day.remaining <= state.minute.remaining ? state.day : state.minute;
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * The body's `rateLimit` object, identical to the X-RateLimit-* headers: `limit` is the per-minute limit,
 * `remaining` the smaller of both windows (so a client that obeys it never meets a 429), `reset` the UTC epoch
 * second at which that window resets.
 */
export function rateLimitBody(state: RateLimitState, nowMs: number): RateLimitBody {
  const binding = bindingWindow(state);
  return {
    limit: state.minute.limit,
    remaining: Math.min(state.minute.remaining, state.day.remaining),
    reset: Math.ceil((nowMs + binding.resetMs) / 1000),
  };
}

/**
 * Every rate-limit header of a response: the documented X-RateLimit-* trio and the IETF draft's
 * (draft-ietf-httpapi-ratelimit-headers) `RateLimit-Policy` and `RateLimit`, one list item per window.
 */
export function rateLimitHeaders(state: RateLimitState, nowMs: number): Record<string, string> {
  const body = rateLimitBody(state, nowMs);
  const windows = [
    ['minute', state.minute],
    ['day', state.day],
  ] as const;
  return {
    'x-ratelimit-limit': String(body.limit),
    'x-ratelimit-remaining': String(body.remaining),
    'x-ratelimit-reset': String(body.reset),
    'ratelimit-policy': windows.map(([name, w]) => `"${name}";q=${w.limit};w=${w.windowSeconds}`).join(', '),
    ratelimit: windows.map(([name, w]) => `"${name}";r=${w.remaining};t=${seconds(w.resetMs)}`).join(', '),
  };
}

/** Seconds until a refused client may try again: until the refusing window resets (at least 1). */
export function retryAfter(decision: RateLimitDecision): number {
  const window = decision.refusedBy === 'day' ? decision.day : decision.minute;
  return Math.max(1, seconds(window.resetMs));
}
