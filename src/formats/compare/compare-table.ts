/** `hoplens compare`'s table: the changes under their kind, in rank order, and a closing summary line. */
import { CHANGE_KINDS, type Comparison, type CrawlChange } from '../../compare/index.js';

function links(change: CrawlChange): string {
  const count = change.inboundAfter;
  return count === 0 ? '' : ` [${count} link${count === 1 ? '' : 's'} to it]`;
}

/** The closing line: how many changes of each kind, between how many pages. */
export function summaryLine(comparison: Comparison): string {
  const { summary } = comparison;
  const kinds = CHANGE_KINDS.filter((kind) => summary.byKind[kind] > 0).map(
    (kind) => `${summary.byKind[kind]} ${kind}`,
  );
  const counts = kinds.length === 0 ? '' : `: ${kinds.join(', ')}`;
  const changes = `${summary.changes} change${summary.changes === 1 ? '' : 's'}`;
  return `${changes} between ${summary.pagesBefore} pages before and ${summary.pagesAfter} after (${summary.pagesNew} new)${counts}`;
}

export function comparisonTable(comparison: Comparison): string {
  const lines: string[] = [];
  for (const kind of CHANGE_KINDS) {
    const changes = comparison.changes.filter((change) => change.kind === kind);
    if (changes.length === 0) continue;
    lines.push(`${kind} (${changes.length})`);
    for (const change of changes) lines.push(`  ${change.message}${links(change)}`);
    lines.push('');
  }
  lines.push(summaryLine(comparison));
  return `${lines.join('\n')}\n`;
}
