import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { memoryLimiters, type RateLimits } from './memory-store.js';
import { RedisWindows } from './redis-windows.js';
import type { RateLimitDecision, RateLimitState, RateLimitStore } from './store.js';
import { TwoWindows } from './two-windows.js';

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
 * Counters in Redis, shared by every instance that points at it: both windows of a request are counted by one Lua
 * script (src/service/rate-limit/redis-windows.ts), so concurrent requests from any number of instances are counted
 * exactly, in one round trip each.
 *
 * If Redis is not ready or a command fails, the request is counted in this instance's memory instead (the same
 * windows, in-memory limiters); the first request served that way logs one warning, and the next `ready` of the
 * client logs the return. ioredis keeps reconnecting in the background, and each request tries Redis first, so
 * sharing resumes by itself.
 */
export class RedisStore implements RateLimitStore {
  /** The ioredis client (exposed for readiness checks and tests). */
  readonly client: Redis;
  private readonly windows: RedisWindows;
  private readonly fallback: TwoWindows;
  private readonly logger: FastifyBaseLogger;
  private degraded = false;
  private connectedOnce = false;
  private closed = false;

  constructor(options: RedisStoreOptions) {
    this.logger = options.logger;
    const prefix = options.keyPrefix ?? 'hoplens:rl';
    this.client = new Redis(options.url, {
      // Never queue commands while disconnected: fail at once, so the memory fallback answers without delay.
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

    this.windows = new RedisWindows(this.client, options.limits, prefix);
    const { minute, day } = memoryLimiters(options.limits, `${prefix}:fallback`);
    this.fallback = new TwoWindows(minute, day);
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

  async consume(key: string, points = 1): Promise<RateLimitDecision> {
    // Not ready: fail over at once rather than wait for a command that cannot be sent (no offline queue).
    if (this.client.status === 'ready') {
      try {
        return await this.windows.consume(key, points);
      } catch {
        // Timed out or refused: counted in memory below.
      }
    }
    this.onFallback();
    return this.fallback.consume(key, points);
  }

  async peek(key: string): Promise<RateLimitState> {
    if (this.client.status === 'ready') {
      try {
        return await this.windows.peek(key);
      } catch {
        // As in consume.
      }
    }
    this.onFallback();
    return this.fallback.peek(key);
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
