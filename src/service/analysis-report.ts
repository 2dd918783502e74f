import type { FastifyReply, FastifyRequest } from 'fastify';

/** Facts about one `/api/analyze` request, filled in as it goes (`request.analysis`). */
export interface AnalysisFacts {
  host?: string;
  hops?: number;
  code?: string;
  /** Set once the request has been reported, so that it is reported once. */
  reported?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Filled by the analyze route for its report. */
    analysis: AnalysisFacts | null;
  }
}

/** What one `/api/analyze` request came to. */
export interface AnalysisReport {
  /** The status it was (or, for a client that left, would have been) answered with. */
  status: number;
  /** The error code, when it failed. */
  code?: string | undefined;
  /** The submitted URL's host, once the query was read. */
  host?: string | undefined;
  /** The hops the analysis completed. */
  hops?: number | undefined;
  /** From the request's arrival to its answer, or to the end of its analysis when its client left. */
  ms: number;
}

/** Told of every `/api/analyze` request once: the log line and the metrics. */
export type AnalysisObserver = (report: AnalysisReport, request: FastifyRequest) => void;

/**
 * Tells `observers` what the request came to, once. Fastify's `onResponse` reports an answered request; an analysis
 * whose client left reports itself, since its answer never finishes and `onResponse` never runs for it.
 */
export function reportAnalysis(
  observers: readonly AnalysisObserver[],
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const facts = request.analysis ?? {};
  if (facts.reported === true) return;
  facts.reported = true;
  request.analysis = facts;
  const report: AnalysisReport = {
    status: reply.statusCode,
    code: facts.code,
    host: facts.host,
    hops: facts.hops,
    ms: reply.elapsedTime,
  };
  for (const observe of observers) observe(report, request);
}
