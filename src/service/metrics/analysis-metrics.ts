import type { FastifyInstance } from 'fastify';
import { toServiceError } from '../error-reply.js';
import type { ServiceMetrics } from './service-metrics.js';

/** The analyze route's path, as Fastify names the route a request matched. */
const ANALYZE_ROUTE = '/api/analyze';

/**
 * Counts what `/api/analyze` answers, from the facts the route already keeps for its log line (`request.analysis`),
 * and the requests the rate limits refuse. Hooks on the app, added before the routes so that they apply to them.
 */
export function recordAnalyses(app: FastifyInstance, metrics: ServiceMetrics): void {
  app.addHook('onError', async (_request, _reply, error) => {
    const refused = toServiceError(error);
    if (refused.code !== 'RATE_LIMITED') return;
    const limit = (refused.details as { limit?: unknown }).limit;
    metrics.rateLimitRejections.inc({ limit: limit === 'day' ? 'day' : 'minute' });
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url !== ANALYZE_ROUTE || request.method === 'OPTIONS') return;
    const code = request.analysis?.code;
    const outcome = code ?? (reply.statusCode < 400 ? 'success' : `HTTP_${reply.statusCode}`);
    metrics.analyses.inc({ outcome });
    // A refusal before any work (a rate limit, a bad parameter) is counted, not timed: it would drag the times down.
    if (code === 'RATE_LIMITED' || reply.statusCode === 400) return;
    metrics.analysisDuration.observe(reply.elapsedTime / 1000);
  });
}
