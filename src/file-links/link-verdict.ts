import type { AnalysisResult } from '../core/index.js';

/** What following a link found. */
export type LinkVerdict =
  /** Answers 2xx where it points. */
  | { kind: 'ok' }
  /**
   * Redirects and ends in 2xx: `permanent` when every redirect of the chain is (301, 308, or a client redirect the
   * core labels permanent), the only chains `--fix` rewrites by default.
   */
  | { kind: 'redirect'; permanent: boolean; redirects: number; finalUrl: string; finalStatus: number }
  /** Ends in an error status, a loop, a redirect that leads nowhere, or no answer at all. */
  | { kind: 'broken'; reason: string; redirects: number; finalUrl?: string; finalStatus?: number };

/** The verdict on a link from its analysis, or from the error that stopped the analysis. */
export function linkVerdict(outcome: AnalysisResult | { error: string }): LinkVerdict {
  if ('error' in outcome) return { kind: 'broken', reason: outcome.error, redirects: 0 };
  const { chain, summary } = outcome;
  const redirects = chain.slice(0, -1);
  const { finalUrl, finalStatus } = summary;
  if (summary.hasLoop) return { kind: 'broken', reason: 'redirect loop', redirects: redirects.length, finalUrl };
  if (finalStatus < 200 || finalStatus > 299) {
    const reason =
      finalStatus >= 300 && finalStatus < 400
        ? `ends on a ${finalStatus} it does not follow`
        : `answers ${finalStatus}`;
    return { kind: 'broken', reason, redirects: redirects.length, finalUrl, finalStatus };
  }
  if (redirects.length === 0) return { kind: 'ok' };
  const permanent = redirects.every((hop) => hop.redirectType === 'permanent');
  return { kind: 'redirect', permanent, redirects: redirects.length, finalUrl, finalStatus };
}
