import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimits } from './memory-store.js';
import type { RateLimitDecision, RateLimitState, RateLimitStore } from './store.js';
import { DAY_SECONDS, MINUTE_SECONDS, TwoWindows } from './two-windows.js';

/** Settings of a {@link RedisStore}. */
export interface RedisStoreOptions {
  /** `redis://` or `rediss://` URL. */
  url: string;
  limits: RateLimits;
  logger: FastifyBaseLogger;
  /** Prefix of every key in Redis (default `hoplens:rl`). */
  keyPrefix?: string;
}

/** How long one Redis command may take before the request is answered from the in-memory fallback. */
const COMMAND_TIMEOUT_MS = 1000;

/**
 * The in-memory insurance limiter. rate-limiter-flexible calls it only when a Redis command failed, so each call is
 * the outage signal.
 */
class FallbackLimiter extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(options);
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>): ReturnType<RateLimiterMemory['consume']> {
    this.onUse();
    return super.consume(...args);
  }

  override get(...args: Parameters<RateLimiterMemory['get']>): ReturnType<RateLimiterMemory['get']> {
    this.onUse();
    return super.get(...args);
  }
}

/**
 * Counters in Redis, shared by every instance that points at it. RateLimiterRedis counts with one Lua script per
 * window (SET NX + INCRBY + PTTL), so concurrent requests from any number of instances are counted exactly.
 *
 * If Redis goes away the limiters' `insuranceLimiter` (rate-limiter-flexible's own fallback) counts in memory; the
 * first request served that way logs one warning, and the next `ready` of the client logs the return. ioredis keeps
 * reconnecting in the background, and each request tries Redis first, so sharing resumes by itself.
 */
export class RedisStore implements RateLimitStore {
  /** The ioredis client (exposed for readiness checks and tests). */
  readonly client: Redis;
  private readonly windows: TwoWindows;
  private readonly logger: FastifyBaseLogger;
  private degraded = false;
  private connectedOnce = false;
  private closed = false;

  constructor(options: RedisStoreOptions) {
    this.logger = options.logger;
    const prefix = options.keyPrefix ?? 'hoplens:rl';
    this.client = new Redis(options.url, {
      // Never queue commands while disconnected: fail at once, so the insurance limiter answers without delay.
      enableOfflineQueue: false,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      // Reconnect forever, at most one attempt a second: Redis coming back must be noticed without a restart.
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    });
    // ioredis emits an error for every failed reconnect; the one line that matters is logged by onFallback.
    this.client.on('error', () => {});
    this.client.on('ready', () => {
      if (!this.connectedOnce) {
        this.connectedOnce = true;
        this.logger.info({ event: 'rate_limit_store' }, 'Redis connected; rate limits are shared');
      }
      if (!this.degraded) return;
      this.degraded = false;
      this.logger.info({ event: 'rate_limit_store' }, 'Redis is reachable again; rate limits are shared again');
    });

    const onFallback = () => this.onFallback();
    const fallback = (points: number, duration: number, name: string) =>
      new FallbackLimiter({ points, duration, keyPrefix: `${prefix}:fallback:${name}` }, onFallback);
    const common = { storeClient: this.client, rejectIfRedisNotReady: true };
    const minute = new RateLimiterRedis({
      ...common,
      points: options.limits.perMinute,
      duration: MINUTE_SECONDS,
      keyPrefix: `${prefix}:minute`,
      insuranceLimiter: fallback(options.limits.perMinute, MINUTE_SECONDS, 'minute'),
    });
    const day = new RateLimiterRedis({
      ...common,
      points: options.limits.perDay,
      duration: DAY_SECONDS,
      keyPrefix: `${prefix}:day`,
      insuranceLimiter: fallback(options.limits.perDay, DAY_SECONDS, 'day'),
    });
    this.windows = new TwoWindows(minute, day);
  }

  private onFallback(): void {
    if (this.degraded || this.closed) return;
    this.degraded = true;
    this.logger.warn(
      { event: 'rate_limit_store', redis: this.client.status },
      'Redis is unreachable; rate limits are counted in this instance alone until it returns',
    );
  }

  /**
   * Waits until the first connection is ready, for at most `timeoutMs` and not past a failed attempt, so that a service starting next to a healthy
   * Redis counts its first requests there. Resolves false if Redis did not answer in time (the fallback serves).
   */
  async waitUntilReady(timeoutMs: number): Promise<boolean> {
    if (this.client.status === 'ready') return true;
    return new Promise<boolean>((resolve) => {
      const done = (ready: boolean) => {
        clearTimeout(timer);
        this.client.off('ready', onReady);
        this.client.off('error', onError);
        resolve(ready);
      };
      const onReady = () => done(true);
      // A refused connection will not turn into a ready one by waiting: start on the fallback at once.
      const onError = () => done(false);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.client.once('ready', onReady);
      this.client.once('error', onError);
    });
  }

  consume(key: string, points = 1): Promise<RateLimitDecision> {
    return this.windows.consume(key, points);
  }

  peek(key: string): Promise<RateLimitState> {
    return this.windows.peek(key);
  }

  async isReady(): Promise<boolean> {
    if (this.client.status !== 'ready') return false;
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  /** Quits politely when connected (bounded by the command timeout), and stops reconnecting either way. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.client.status === 'end') return;
    const ended = new Promise<void>((resolve) => this.client.once('end', () => resolve()));
    if (this.client.status === 'ready') {
      try {
        await this.client.quit();
      } catch {
        this.client.disconnect();
      }
    } else {
      this.client.disconnect();
    }
    await ended;
  }
}
