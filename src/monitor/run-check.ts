import { evaluate } from '../check/expectation.js';
import { attemptRow } from '../check/row-attempt.js';
import { type Analyzer, type Network, publicPosture } from '../core/index.js';
import type { Monitor } from './monitor.js';
import type { RunResult } from './run-result.js';

/** What running a monitor needs: the service's analyzer and its address policy. */
export interface RunCheckContext {
  analyzer: Analyzer;
  /** Networks exempt from the block on non-public destinations (`HOPLENS_ALLOW_NETWORKS`), as for `/api/analyze`. */
  allowNetworks: readonly Network[];
  /** Bound on one whole analysis, in ms (`HOPLENS_ANALYSIS_TIMEOUT_MS`). */
  analysisTimeoutMs: number;
}

/**
 * Analyses a monitor's URL under the public posture `/api/analyze` applies too (src/core/public-posture.ts) and
 * judges it as a `check` row (src/check/expectation.ts), with `failOn` as its strictness. Never rejects: a failed
 * analysis is an `errored` result.
 */
export async function runCheck(monitor: Monitor, context: RunCheckContext, signal?: AbortSignal): Promise<RunResult> {
  const { analyzer } = context;
  const deadline = AbortSignal.timeout(context.analysisTimeoutMs);
  const scope = signal === undefined ? deadline : AbortSignal.any([signal, deadline]);
  const { target, status, maxRedirects, failOn } = monitor.expect;
  const attempt = await attemptRow(
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
  );
  const row = evaluate(attempt, {
    ignoreTrailingSlash: false,
    ignoreQuery: false,
    ...(maxRedirects !== undefined && { maxRedirects }),
    strict: failOn !== 'error',
  });
  const reasons = [...row.reasons];
  // `check` knows errors and warnings; a monitor may also fail on findings of the least severity.
  if (failOn === 'info' && row.outcome !== 'errored') {
    reasons.push(
      ...row.issues
        .filter((issue) => issue.severity === 'info')
        .map((issue) => `info: ${issue.message} [${issue.type}]`),
    );
  }
  const outcome = row.outcome === 'errored' ? 'errored' : reasons.length === 0 ? 'passed' : 'failed';
  return {
    outcome,
    reasons,
    ...(row.error !== undefined && { error: row.error }),
    ...(row.finalUrl !== undefined && { finalUrl: row.finalUrl }),
    chain: row.chain,
    issues: row.issues,
  };
}
