import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Lifecycle } from '../lifecycle.js';
import type { RateLimitStore } from '../rate-limit/store.js';

/** What the health routes look at. */
export interface HealthRouteOptions {
  store: RateLimitStore;
  lifecycle: Lifecycle;
  /** Whether a Redis store is configured (readiness then depends on it). */
  redisConfigured: boolean;
  /** Rendering: off, on, or on but without a Chromium to drive (then the instance is not ready). */
  render: 'off' | 'on' | 'unavailable';
  /** The monitors, when on: their database must answer for the instance to be ready. */
  monitors?: { isReachable(): Promise<boolean> } | undefined;
}

/** Longest a readiness probe waits for Redis. */
const READY_CHECK_MS = 1000;

const HealthSchema = Type.Object({ status: Type.Literal('ok') });
const ReadySchema = Type.Object({
  status: Type.Enum(['ready', 'not_ready']),
  redis: Type.Enum(['up', 'down', 'not_configured'], { description: 'Redis reachability (when REDIS_URL is set)' }),
  render: Type.Enum(['off', 'on', 'unavailable'], {
    description: '`HOPLENS_RENDER`: off, on, or on without a Chromium to drive (`unavailable`: not ready)',
  }),
  monitors: Type.Enum(['up', 'down', 'off'], {
    description: "The monitors' database: answering, not answering (not ready), or monitors off (no admin token)",
  }),
});

async function withinTime(check: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz` (liveness: the process answers; touches nothing else, so it stays fast under any load) and `/readyz`
 * (readiness: not shutting down, Redis reachable when configured, the monitors' database answering when monitors are
 * on). Neither counts against rate limits.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthRouteOptions): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/healthz',
    {
      schema: { tags: ['health'], summary: 'Liveness probe', response: { 200: HealthSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
  typed.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary:
          "Readiness probe: 503 while shutting down, while the configured Redis or the monitors' database is unreachable, or when rendering is on without a Chromium",
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const redis = options.redisConfigured
        ? (await withinTime(options.store.isReady(), READY_CHECK_MS))
          ? ('up' as const)
          : ('down' as const)
        : ('not_configured' as const);
      const monitors =
        options.monitors === undefined
          ? ('off' as const)
          : (await withinTime(options.monitors.isReachable(), READY_CHECK_MS))
            ? ('up' as const)
            : ('down' as const);
      const ready =
        redis !== 'down' && monitors !== 'down' && options.render !== 'unavailable' && !options.lifecycle.closing;
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not_ready', redis, render: options.render, monitors });
    },
  );
}
