/** `hoplens compare --format csv`: one change a line, ranked, with check's cell rules (formula cells neutralised). */
import type { Comparison } from '../../compare/index.js';
import { csvField } from '../check/csv.js';

export const COMPARE_CSV_COLUMNS = [
  'kind',
  'url',
  'before',
  'after',
  'related',
  'inbound_before',
  'inbound_after',
  'message',
] as const;

export function comparisonCsv(comparison: Comparison): string {
  const lines = [COMPARE_CSV_COLUMNS.join(',')];
  for (const change of comparison.changes) {
    const { kind, url, before, after, related, inboundBefore, inboundAfter, message } = change;
    const cells = [kind, url, before ?? '', after ?? '', related ?? '', inboundBefore, inboundAfter, message];
    lines.push(cells.map((cell) => csvField(cell)).join(','));
  }
  return `${lines.join('\n')}\n`;
}
