import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimitState, RateLimitStore } from './store.js';
import { DAY_SECONDS, MINUTE_SECONDS, TwoWindows } from './two-windows.js';

/** Requests allowed per client and window. */
export interface RateLimits {
  readonly perMinute: number;
  readonly perDay: number;
}

/** Builds the pair of in-memory limiters; also the Redis store's fallback while Redis is unreachable. */
export function memoryLimiters(limits: RateLimits, keyPrefix: string) {
  return {
    minute: new RateLimiterMemory({ points: limits.perMinute, duration: MINUTE_SECONDS, keyPrefix: `${keyPrefix}:m` }),
    day: new RateLimiterMemory({ points: limits.perDay, duration: DAY_SECONDS, keyPrefix: `${keyPrefix}:d` }),
  };
}

/**
 * Counters in this process's memory: the default, needing nothing else. Exact under concurrency because
 * RateLimiterMemory counts synchronously on one thread. Each instance counts alone.
 */
export class MemoryStore implements RateLimitStore {
  private readonly windows: TwoWindows;

  constructor(limits: RateLimits) {
    const { minute, day } = memoryLimiters(limits, 'hoplens');
    this.windows = new TwoWindows(minute, day);
  }

  consume(key: string, points = 1): Promise<RateLimitDecision> {
    return this.windows.consume(key, points);
  }

  peek(key: string): Promise<RateLimitState> {
    return this.windows.peek(key);
  }

  async isReady(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    // Expiry timers are unref'd by rate-limiter-flexible; nothing holds the process open.
  }
}
