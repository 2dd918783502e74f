import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimitState, WindowState } from './store.js';

/** Window lengths, in seconds. */
export const MINUTE_SECONDS = 60;
export const DAY_SECONDS = 24 * 60 * 60;

/** A limiter for one window: a rate-limiter-flexible limiter (in memory; Redis counts both windows in one script). */
type Limiter = Pick<RateLimiterAbstract, 'consume' | 'reward' | 'get' | 'points' | 'duration'>;

/**
 * One window's state from its counter: `consumed` points in a window with `msBeforeNext` ms left. No counter, or one
 * whose expiry has not run yet (`msBeforeNext` of 0 or less), is a window that would start afresh.
 */
export function windowFrom(limit: number, windowSeconds: number, consumed: number, msBeforeNext: number): WindowState {
  if (msBeforeNext <= 0) return { limit, windowSeconds, remaining: limit, resetMs: windowSeconds * 1000 };
  return { limit, windowSeconds, remaining: Math.max(0, limit - consumed), resetMs: msBeforeNext };
}

function windowState(limiter: Limiter, res: RateLimiterRes | null): WindowState {
  // Counted from `consumedPoints` rather than read from `remainingPoints`, which `get` leaves at 0 in some stores.
  return windowFrom(limiter.points, limiter.duration, res?.consumedPoints ?? 0, res?.msBeforeNext ?? 0);
}

/**
 * Runs `consume`, turning rate-limiter-flexible's "refused" rejection into a value; store errors still throw. A
 * refused consume has already added its points to the counter (the store counts, then compares): they are given back,
 * so a request refused for asking more than was left (a variants request counts a dozen) does not spend what was left.
 */
async function tryConsume(
  limiter: Limiter,
  key: string,
  points: number,
): Promise<{ allowed: boolean; res: RateLimiterRes }> {
  try {
    return { allowed: true, res: await limiter.consume(key, points) };
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const res = await limiter.reward(key, points);
    return { allowed: false, res };
  }
}

/**
 * The minute and day windows of one client, counted in that order: a request the minute window refuses never
 * reaches the day window, so it spends no day quota, and a refused request spends nothing in either. Each window's counter is atomic in its store, which is what
 * makes the limits exact under concurrency.
 */
export class TwoWindows {
  constructor(
    private readonly minute: Limiter,
    private readonly day: Limiter,
  ) {}

  /** Counts `points` analyses at once (a variants request counts each variant): all of them allowed, or none. */
  async consume(key: string, points = 1): Promise<RateLimitDecision> {
    const minute = await tryConsume(this.minute, key, points);
    if (!minute.allowed) {
      const day = windowState(this.day, await this.day.get(key));
      const minuteState = windowState(this.minute, minute.res);
      // With the day spent too, waiting for the minute would not help: the client must wait for the day.
      return { allowed: false, refusedBy: day.remaining === 0 ? 'day' : 'minute', minute: minuteState, day };
    }
    const day = await tryConsume(this.day, key, points);
    if (day.allowed) {
      return { allowed: true, minute: windowState(this.minute, minute.res), day: windowState(this.day, day.res) };
    }
    // Nothing was analysed: the minute window's points are given back too.
    const minuteNow = await this.minute.reward(key, points);
    return {
      allowed: false,
      refusedBy: 'day',
      minute: windowState(this.minute, minuteNow),
      day: windowState(this.day, day.res),
    };
  }

  async peek(key: string): Promise<RateLimitState> {
    const [minute, day] = await Promise.all([this.minute.get(key), this.day.get(key)]);
    return { minute: windowState(this.minute, minute), day: windowState(this.day, day) };
  }
}
