import { checkOne } from '../../check/index.js';
import { type Analyzer, type Network, publicPosture } from '../../core/index.js';
import type { Monitor } from '../monitor.js';
import type { RunResult } from '../run-result.js';

/** What running a monitor needs: the service's analyzer and its address policy. */
export interface MonitorRunContext {
  analyzer: Analyzer;
  /** Networks exempt from the block on non-public destinations (`HOPLENS_ALLOW_NETWORKS`), as for `/api/analyze`. */
  allowNetworks: readonly Network[];
  /** Bound on one whole analysis, in ms (`HOPLENS_ANALYSIS_TIMEOUT_MS`). */
  analysisTimeoutMs: number;
}

/**
 * Analyses a monitor's URL under the public posture `/api/analyze` applies too (src/core/public-posture.ts) and
 * judges it as a `check` row is judged (src/check), with `failOn` as its strictness. Never rejects: a failed analysis
 * is an `errored` result.
 */
export async function runMonitorOnce(
  monitor: Monitor,
  context: MonitorRunContext,
  signal?: AbortSignal,
): Promise<RunResult> {
  const { analyzer } = context;
  const deadline = AbortSignal.timeout(context.analysisTimeoutMs);
  const scope = signal === undefined ? deadline : AbortSignal.any([signal, deadline]);
  const { target, status, maxRedirects, failOn } = monitor.expect;
  const judged = await checkOne(
    { line: 0, source: monitor.url, ...(target !== undefined && { target }), ...(status !== undefined && { status }) },
    {
      analyze: (url) =>
        analyzer.run(analyzer.prepare(url, { ...monitor.options, ...publicPosture(context.allowNetworks) }), scope),
      signal: scope,
      // A monitor runs again at its next interval; retrying inside a run would hide a flapping target.
      retries: 0,
      retryDelayMs: 0,
      maxRetryAfterMs: 0,
      rateLimitRetries: 0,
    },
    {
      expectations: {
        ignoreTrailingSlash: false,
        ignoreQuery: false,
        ...(maxRedirects !== undefined && { maxRedirects }),
        // `check` has errors and warnings fail rows; a monitor may also fail on findings of the least severity.
        strict: failOn !== 'error',
        failOnInfo: failOn === 'info',
      },
    },
  );
  // What a monitor's history keeps of the row: its verdict and chain, not the report's timings and counts.
  const { outcome, reasons, error, finalUrl, chain, issues } = judged.result;
  return {
    outcome,
    reasons,
    ...(error !== undefined && { error }),
    ...(finalUrl !== undefined && { finalUrl }),
    chain,
    issues,
  };
}
