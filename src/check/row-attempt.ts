import { performance } from 'node:perf_hooks';
import type { AnalysisResult } from '../core/index.js';
import type { CheckRow } from '../inputs/index.js';
import type { Attempt } from './result.js';
import { backoffDelay, isRetryable, parseRetryAfter, sleep } from './retry.js';

/** When a row is tried again. */
export interface RetryPolicy {
  /** Retries of a row whose analysis failed with a network error. */
  retries: number;
  /** Base of the exponential backoff between network retries, in ms. */
  retryDelayMs: number;
  /** Longest `Retry-After` a 429 is waited out for; a longer one is reported as the row's result. */
  maxRetryAfterMs: number;
  /** How many times one row waits out a 429. */
  rateLimitRetries: number;
  /** Retries of a row whose chain ended on a bot wall (`--retry-inconclusive`), each after a longer backoff. */
  inconclusiveRetries?: number;
  /** Base of that backoff, in ms (else `retryDelayMs`). */
  inconclusiveBackoffMs?: number;
  /** For tests: the jitter source. */
  random?: () => number;
}

/** What one row's attempt needs besides its policy. */
export interface AttemptContext extends RetryPolicy {
  /** Analyses one URL (options and Ctrl-C signal already bound). */
  analyze: (url: string) => Promise<AnalysisResult>;
  /** Stops retrying and cuts waits short; the attempt then returns what it has. */
  signal?: AbortSignal | undefined;
}

/** The wait a 429 at the end of `result`'s chain asks for, if the row should wait it out and try again. */
function rateLimitWait(result: AnalysisResult, rateRetries: number, context: AttemptContext): number | undefined {
  const last = result.chain[result.chain.length - 1];
  if (last?.status !== 429 || rateRetries >= context.rateLimitRetries || context.signal?.aborted) return undefined;
  const wait = parseRetryAfter(last.headers['retry-after']) ?? backoffDelay(rateRetries + 1, context.retryDelayMs);
  return wait <= context.maxRetryAfterMs ? wait : undefined;
}

/**
 * The wait before retrying a row behind a bot wall: a wall may let a client through later, but a checker that comes
 * straight back looks more like a bot, so the backoff starts at `inconclusiveBackoffMs` (or the network one, if
 * longer), doubled each retry, with jitter.
 */
function wallWait(result: AnalysisResult, wallRetries: number, context: AttemptContext): number | undefined {
  const last = result.chain[result.chain.length - 1];
  if (last?.wall === undefined || wallRetries >= (context.inconclusiveRetries ?? 0) || context.signal?.aborted)
    return undefined;
  return backoffDelay(
    wallRetries + 1,
    Math.max(context.inconclusiveBackoffMs ?? 0, context.retryDelayMs),
    context.random,
  );
}

/**
 * Analyses one row until it has an answer worth reporting: a network error is retried with exponential backoff up to
 * `retries` times; a 429 at the end of the chain is waited out for its `Retry-After` (at most `maxRetryAfterMs`, at
 * most `rateLimitRetries` times). Never rejects: a failure is the attempt's `error`.
 *
 * `onRateLimited` is told how long a 429 asked to wait, before the row waits it out: the whole host asked to slow
 * down. (A parameter of its own, so that a run's rows share one context instead of each copying it.)
 */
export async function attemptRow(
  row: CheckRow,
  context: AttemptContext,
  onRateLimited?: (waitMs: number) => void,
): Promise<Attempt> {
  const started = performance.now();
  let attempts = 0;
  let networkRetries = 0;
  let rateRetries = 0;
  let wallRetries = 0;
  for (;;) {
    attempts++;
    try {
      const result = await context.analyze(row.source);
      const wait = rateLimitWait(result, rateRetries, context);
      if (wait !== undefined) {
        rateRetries++;
        onRateLimited?.(wait);
        await sleep(wait, context.signal);
        continue;
      }
      const walled = wallWait(result, wallRetries, context);
      if (walled !== undefined) {
        wallRetries++;
        await sleep(walled, context.signal);
        continue;
      }
      return { row, result, attempts, elapsed: performance.now() - started };
    } catch (error) {
      if (!context.signal?.aborted && networkRetries < context.retries && isRetryable(error)) {
        networkRetries++;
        await sleep(backoffDelay(networkRetries, context.retryDelayMs, context.random), context.signal);
        continue;
      }
      return { row, error, attempts, elapsed: performance.now() - started };
    }
  }
}
