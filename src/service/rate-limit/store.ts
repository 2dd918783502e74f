/** The two windows every client is limited by. */
export type WindowName = 'minute' | 'day';

/** One window's state for one client after (or without) counting a request. */
export interface WindowState {
  /** Requests allowed per window. */
  readonly limit: number;
  /** Length of the window, in seconds. */
  readonly windowSeconds: number;
  /** Requests left in the current window (never negative). */
  readonly remaining: number;
  /** Milliseconds until the current window ends and `remaining` goes back to `limit`. */
  readonly resetMs: number;
}

/** A client's state in both windows. */
export interface RateLimitState {
  readonly minute: WindowState;
  readonly day: WindowState;
}

/** The outcome of counting one request. */
export interface RateLimitDecision extends RateLimitState {
  /** Whether the request may proceed. */
  readonly allowed: boolean;
  /** When refused: the window the client must wait for (the day, when the day is spent too). */
  readonly refusedBy?: WindowName;
}

/**
 * Where rate-limit counters live. Implementations are atomic per key, so N concurrent requests from one client
 * admit exactly `limit` of them, and they never throw for a store outage (they degrade to memory instead).
 */
export interface RateLimitStore {
  /**
   * Counts one request of `key` (or `points` analyses of one request, all or none) against both windows; a request
   * the minute window refuses spends no day quota.
   */
  consume(key: string, points?: number): Promise<RateLimitDecision>;
  /** `key`'s state without counting anything. */
  peek(key: string): Promise<RateLimitState>;
  /** Whether the backing store is reachable right now (always true in memory). */
  isReady(): Promise<boolean>;
  /** Releases connections and timers. */
  close(): Promise<void>;
}
