import { type CollapseCounts, type CollapseFinding, mergeCollapseCounts } from '../collapse.js';
import type { SummaryRecord } from './summary-record.js';

/**
 * The shards' collapse counts summed into the unsharded run's finding. A report with a finding but no counts (not
 * written by a shard) adds the targets it lists, which may be short of what its rows reached.
 */
export function mergedCollapse(summaries: readonly SummaryRecord[]): CollapseFinding | undefined {
  const parts = summaries.flatMap((summary): CollapseCounts[] => {
    if (summary.collapseCounts !== undefined) return [summary.collapseCounts];
    const finding = summary.redirectCollapse;
    return finding === undefined
      ? []
      : [{ threshold: finding.threshold, severity: finding.severity, targets: finding.targets }];
  });
  return mergeCollapseCounts(parts);
}
