import { type ErrorCode, isCoreError } from '../core/index.js';

/**
 * Failures worth trying again: the network or the server hiccuped. TLS, protocol and policy errors are not retried,
 * since the same request would get the same answer.
 */
export const RETRYABLE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'DNS_ERROR',
  'CONNECTION_REFUSED',
  'CONNECTION_RESET',
  'TIMEOUT',
  'NETWORK_ERROR',
]);

/** Longest wait between two network retries, whatever the attempt number. */
export const MAX_BACKOFF_MS = 30_000;

/** Whether a failed analysis may succeed if tried again. */
export function isRetryable(error: unknown): boolean {
  return isCoreError(error) && RETRYABLE_CODES.has(error.code);
}

/**
 * Exponential backoff with "equal jitter": `base × 2^(retry-1)`, of which the second half is random, so that rows
 * that failed together do not all come back at the same instant.
 * @param retry 1 for the first retry
 */
export function backoffDelay(retry: number, baseMs: number, random: () => number = Math.random): number {
  const full = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** (retry - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * Milliseconds a `Retry-After` header asks to wait (RFC 9110 §10.2.3: seconds, or an HTTP date), or undefined when
 * it is absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, or less if `signal` aborts first; never rejects. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
