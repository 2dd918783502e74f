import type { FastifyInstance } from 'fastify';
import { bearerCheck } from '../bearer-token.js';
import { serviceError } from '../errors.js';
import type { ServiceMetrics } from './service-metrics.js';

/** What `/metrics` needs from the app. */
export interface MetricsRouteOptions {
  metrics: ServiceMetrics;
  /** `HOPLENS_METRICS_TOKEN`: the bearer token a scrape must send; undefined lets any scrape in. */
  token: string | undefined;
}

/**
 * `GET /metrics`: the registry in Prometheus's text exposition format, read at each scrape. Not rate-limited (a
 * scraper is one client polling on a schedule) and hidden from the OpenAPI document (it is the operator's, not the
 * API's). With a token, a scrape without it is 401 `UNAUTHORIZED` in the usual JSON error body.
 */
export async function metricsRoute(app: FastifyInstance, options: MetricsRouteOptions): Promise<void> {
  const { metrics, token } = options;
  const authorized = token === undefined ? () => true : bearerCheck(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!authorized(request)) {
      reply.header('www-authenticate', 'Bearer realm="hoplens metrics"');
      throw serviceError('UNAUTHORIZED', '/metrics needs Authorization: Bearer <HOPLENS_METRICS_TOKEN>');
    }
    const { text, contentType } = await metrics.scrape();
    return reply.type(contentType).send(text);
  });
}
