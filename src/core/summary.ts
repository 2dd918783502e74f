import type { Hop, Issue, Summary } from './types.js';

/** The Summary of a chain (`summary` in the API's answer, docs/api.md); `canonical` is the final page's, if declared. */
export function summarize(chain: readonly Hop[], issues: Issue[], crawler: string, canonical?: string): Summary {
  const last = chain[chain.length - 1];
  const summary: Summary = {
    totalHops: chain.length,
    finalUrl: last?.url ?? '',
    finalStatus: last?.status ?? 0,
    totalTime: chain.reduce((sum, hop) => sum + hop.responseTime, 0),
    crawler,
    hasLoop: issues.some((issue) => issue.type === 'redirect_loop'),
    issues,
  };
  if (canonical !== undefined) summary.canonical = canonical;
  return summary;
}
