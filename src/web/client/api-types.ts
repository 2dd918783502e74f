/**
 * What `/api/analyze` answers, as the page sees it. Hop, Issue and Summary are the core library's own shapes.
 */
import type { Hop, Issue, Summary } from '../../core/types.js';

export type { Hop, Issue, Summary };

/** The caller's rate-limit status, as in the body and the X-RateLimit-* headers. */
export interface RateLimit {
  limit: number;
  remaining: number;
  /** UTC epoch seconds at which the window that `remaining` reflects resets. */
  reset: number;
}

/** A 200 answer. */
export interface AnalysisResponse {
  success: true;
  url: string;
  chain: Hop[];
  summary: Summary;
  rateLimit?: RateLimit;
}

/** Every non-200 answer of the service. */
export interface ErrorResponse {
  success: false;
  error: {
    code: string;
    message: string;
    /** The query parameter at fault (400). */
    parameter?: string;
    /** Seconds to wait (429, 503). */
    retryAfter?: number;
    /** Which limit refused the request (429). */
    limit?: 'minute' | 'day';
    /** The URL being requested when the analysis failed (500), or the one refused (BLOCKED_DESTINATION). */
    url?: string;
  };
  rateLimit?: RateLimit;
  /** Hops completed before a network failure (500). */
  chain?: Hop[];
}
