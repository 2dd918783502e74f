/**
 * The pace of a many-URLs run: how many analyses may be in flight and when the next may start, from what the service
 * says (X-RateLimit-Remaining and X-RateLimit-Reset on every answer, Retry-After on a 429). It never starts a request
 * the last answer said would be refused, starts one alone when it does not know what is left, and tells a wait for
 * the next window from a quota spent for the day. Without the DOM, and with an injected clock, for its tests.
 */
import type { RateLimit } from '../api-types.js';

/** Analyses in flight at most: a page checking a list is one visitor, not a load test. */
export const MAX_IN_FLIGHT = 2;

/** A wait longer than this is not waited out: the quota is spent (the day's window, or an instance's long one). */
export const LONG_WAIT_MS = 10 * 60 * 1000;

/** What the pacer says before a request. */
export type Turn =
  | { kind: 'go' }
  /** Wait `ms`, then ask again. */
  | { kind: 'wait'; ms: number }
  /** Nothing more will be taken before a long wait: stop the run. */
  | { kind: 'spent'; resetMs: number };

export class RatePacer {
  /** Analyses left, as the last answer said; undefined until one says it (or after its window reset). */
  private remaining: number | undefined;
  /** When the window `remaining` counts ends, in ms since the epoch. */
  private resetAt = 0;
  /** No request before this (a 429's Retry-After). */
  private blockedUntil = 0;
  private inFlight = 0;
  /** A 429 for the day, or a wait too long to sit through: the run is over. */
  private spentUntil: number | undefined;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxInFlight = MAX_IN_FLIGHT,
  ) {}

  /** Whether a request may start now; `go` counts it as in flight until {@link settle}. */
  turn(): Turn {
    const now = this.now();
    if (this.spentUntil !== undefined) return { kind: 'spent', resetMs: this.spentUntil - now };
    if (now < this.blockedUntil) return { kind: 'wait', ms: this.blockedUntil - now };
    if (this.remaining !== undefined && now >= this.resetAt) this.remaining = undefined;
    const budget = this.remaining === undefined ? 1 : Math.min(this.maxInFlight, this.remaining);
    if (this.inFlight < budget) {
      this.inFlight++;
      return { kind: 'go' };
    }
    if (this.remaining !== undefined && this.remaining <= this.inFlight && this.inFlight === 0) {
      const ms = this.resetAt - now;
      if (ms > LONG_WAIT_MS) {
        this.spentUntil = this.resetAt;
        return { kind: 'spent', resetMs: ms };
      }
      return { kind: 'wait', ms };
    }
    // Full: a request in flight will settle and say more.
    return { kind: 'wait', ms: 0 };
  }

  /** A request's answer: the limits it carried, and for a 429 how long it asked to wait and which window refused. */
  settle(rateLimit: RateLimit | undefined, refused?: { retryAfter: number; limit?: 'minute' | 'day' }): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    const now = this.now();
    if (rateLimit !== undefined) {
      const resetAt = rateLimit.reset * 1000;
      // Answers may settle out of order: an older one must not give back budget a newer one spent.
      if (this.remaining === undefined || resetAt !== this.resetAt || rateLimit.remaining < this.remaining) {
        this.remaining = rateLimit.remaining;
        this.resetAt = resetAt;
      }
    }
    if (refused === undefined) return;
    const until = now + refused.retryAfter * 1000;
    if (refused.limit === 'day' || refused.retryAfter * 1000 > LONG_WAIT_MS) {
      this.spentUntil = until;
      return;
    }
    this.blockedUntil = Math.max(this.blockedUntil, until);
    this.remaining = 0;
    this.resetAt = until;
  }

  /** A request that ended without an answer (cancelled, unreachable): no longer in flight. */
  release(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }
}
