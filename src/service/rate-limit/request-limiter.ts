import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitBody } from '../../schemas/analysis-result.js';
import { type ClientIpResolver, rateLimitKey } from '../client-ip.js';
import { serviceError } from '../errors.js';
import { rateLimitBody, rateLimitHeaders, retryAfter } from './headers.js';
import type { RateLimitDecision, RateLimitState, RateLimitStore } from './store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The rate-limit status this request was answered with, once known. */
    rateLimit: RateLimitBody | null;
  }
}

const KEY_CACHE_SIZE = 10_000;

/**
 * Applies a {@link RateLimitStore} to HTTP requests: finds the client's key, counts or peeks, and writes the
 * headers. The body's `rateLimit` is made from the same numbers as the headers, at the same instant.
 */
export class RequestLimiter {
  /**
   * Keys already worked out, by socket address and X-Forwarded-For: parsing addresses is a visible share of a busy
   * service's work, and the same few clients send most requests. Bounded; emptied when full.
   */
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly store: RateLimitStore,
    private readonly clientIps: ClientIpResolver,
    private readonly now: () => number,
  ) {}

  /** The client's rate-limit key: its IP address (IPv6 by /64), after trusted proxies. */
  keyOf(request: FastifyRequest): string {
    const socketAddress = request.socket.remoteAddress;
    const forwardedFor = request.headers['x-forwarded-for'];
    const cacheKey = `${socketAddress}|${forwardedFor}`;
    let key = this.keys.get(cacheKey);
    if (key === undefined) {
      key = rateLimitKey(this.clientIps.resolve(socketAddress, forwardedFor));
      if (this.keys.size >= KEY_CACHE_SIZE) this.keys.clear();
      this.keys.set(cacheKey, key);
    }
    return key;
  }

  private apply(request: FastifyRequest, reply: FastifyReply, state: RateLimitState): RateLimitBody {
    const now = this.now();
    reply.headers(rateLimitHeaders(state, now));
    request.rateLimit = rateLimitBody(state, now);
    return request.rateLimit;
  }

  /**
   * Counts the request, as `points` analyses (default one). Throws `RATE_LIMITED` (with `retryAfter` and which `limit`) when a window refuses it; the
   * headers are set either way.
   */
  async count(request: FastifyRequest, reply: FastifyReply, points = 1): Promise<void> {
    const decision = await this.store.consume(this.keyOf(request), points);
    this.apply(request, reply, decision);
    if (!decision.allowed) throw refusal(decision, points);
  }

  /**
   * Counts `points` analyses for the request's client after its answer has begun (an MCP call's analyses, each as it
   * starts): no header can be set any more. Throws `RATE_LIMITED` as {@link count} does.
   */
  async charge(request: FastifyRequest, points = 1): Promise<void> {
    const decision = await this.store.consume(this.keyOf(request), points);
    if (!decision.allowed) throw refusal(decision, points);
  }

  /** The client's state in both windows, without counting, and the instant it was read (ms since the epoch). */
  async peek(request: FastifyRequest): Promise<{ state: RateLimitState; now: number }> {
    const state = await this.store.peek(this.keyOf(request));
    return { state, now: this.now() };
  }

  /** Describes the client's status without counting (for responses of routes that do not count). */
  async describe(request: FastifyRequest, reply: FastifyReply): Promise<RateLimitBody> {
    // Requests Fastify builds for its own errors (a malformed path) lack the decoration: undefined, not null.
    if (request.rateLimit) return request.rateLimit;
    return this.apply(request, reply, await this.store.peek(this.keyOf(request)));
  }
}

/** The `RATE_LIMITED` error of a refused decision: when to retry, which window refused, and how much was asked. */
function refusal(decision: RateLimitDecision, points: number): Error {
  const seconds = retryAfter(decision);
  const limit = decision.refusedBy ?? 'minute';
  const perWindow = limit === 'day' ? decision.day.limit : decision.minute.limit;
  // A request that counts several analyses (a variants run) says so: it is refused with some perhaps still left.
  const cost = points > 1 ? ` (this request counts ${points} analyses, more than were left)` : '';
  const message = `Rate limit exceeded: ${perWindow} requests per ${limit}${cost}; retry in ${seconds} s`;
  return serviceError('RATE_LIMITED', message, { retryAfter: seconds, limit });
}
