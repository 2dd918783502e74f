/** "Watch this chain"'s address, without the DOM (tested in test/web/monitor-page-logic.test.ts). */
import { countRedirects } from '../../../core/portable/index.js';
import type { AnalysisResponse } from '../api-types.js';

/** The monitor form's address for this analysis. */
export function watchPath(result: Pick<AnalysisResponse, 'chain' | 'summary'>): string | undefined {
  const first = result.chain[0];
  if (first === undefined) return undefined;
  const query = new URLSearchParams({
    url: first.url,
    target: result.summary.finalUrl,
    status: String(first.status),
    maxRedirects: String(countRedirects(result.chain)),
  });
  return `/monitors/new?${query.toString()}`;
}
