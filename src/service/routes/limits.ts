import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { type LimitsResponse, LimitsResponseSchema } from '../../schemas/limits.js';
import type { RequestLimiter } from '../rate-limit/request-limiter.js';
import type { WindowState } from '../rate-limit/store.js';

/** What the limits route reads. */
export interface LimitsRouteOptions {
  limiter: RequestLimiter;
}

function windowBody(window: WindowState, now: number): LimitsResponse['minute'] {
  return {
    limit: window.limit,
    remaining: window.remaining,
    reset: Math.ceil((now + window.resetMs) / 1000),
    window: window.windowSeconds,
  };
}

/**
 * `GET /api/limits`: the caller's two windows, read without counting a request, so that a client planning many
 * analyses (the page's many-URLs mode) knows before it starts how many this instance will take today.
 */
export async function limitsRoute(app: FastifyInstance, options: LimitsRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/limits',
    {
      schema: {
        tags: ['analysis'],
        operationId: 'rateLimits',
        summary: "The caller's rate limits and what is left of them, without counting a request",
        response: { 200: LimitsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { state, now } = await options.limiter.peek(request);
      return { minute: windowBody(state.minute, now), day: windowBody(state.day, now) };
    },
  );
}
