import type { FastifyInstance } from 'fastify';
import type { AnalysisObserver } from '../analysis-report.js';
import { toServiceError } from '../error-reply.js';
import type { ServiceMetrics } from './service-metrics.js';

/** Counts and times what `/api/analyze` came to, from the route's report (src/service/analysis-report.ts). */
export function analysisMetrics(metrics: ServiceMetrics): AnalysisObserver {
  return (report) => {
    const outcome = report.code ?? (report.status < 400 ? 'success' : `HTTP_${report.status}`);
    metrics.analyses.inc({ outcome });
    // A refusal before any work (a rate limit, a bad parameter) is counted, not timed: it would drag the times down.
    if (report.code === 'RATE_LIMITED' || report.status === 400) return;
    metrics.analysisDuration.observe(report.ms / 1000);
  };
}

/** Counts the requests the rate limits refuse, on any route. A hook on the app, added before the routes. */
export function countRateLimitRejections(app: FastifyInstance, metrics: ServiceMetrics): void {
  app.addHook('onError', async (_request, _reply, error) => {
    const refused = toServiceError(error);
    if (refused.code !== 'RATE_LIMITED') return;
    const limit = (refused.details as { limit?: unknown }).limit;
    metrics.rateLimitRejections.inc({ limit: limit === 'day' ? 'day' : 'minute' });
  });
}
