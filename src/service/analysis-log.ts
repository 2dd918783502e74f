import type { FastifyRequest } from 'fastify';
import type { AnalysisObserver } from './analysis-report.js';
import type { RequestLimiter } from './rate-limit/request-limiter.js';

/** The log levels at which the per-analysis line is written. */
const WRITES_INFO: ReadonlySet<string> = new Set(['info', 'debug', 'trace']);

/** Each `/api/analyze` request's one log line (`event: 'analysis'`), at `info`. */
export function analysisLog(limiter: RequestLimiter): AnalysisObserver {
  return (report, request) => {
    // Working out the line's fields (the client's key among them) is wasted when it would not be written.
    if (!WRITES_INFO.has(request.log.level)) return;
    request.log.info(
      {
        event: 'analysis',
        host: report.host ?? hostOf(request),
        status: report.status,
        hops: report.hops,
        ms: Math.round(report.ms),
        code: report.code,
        client: limiter.keyOf(request),
      },
      'analysis',
    );
  };
}

/** The host of the submitted URL, when it has one (for the line of a request refused before the handler). */
function hostOf(request: FastifyRequest): string | undefined {
  const url = (request.query as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}
