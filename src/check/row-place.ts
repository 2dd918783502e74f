import { placeWords } from '../inputs/index.js';
import type { RowResult } from './result.js';

/**
 * Where a row's rule (or a skipped rule) is written, as messages name it: `line 3`, or `redirects/r.csv line 3` for a
 * rule in a file the input names (a vercel.json's bulk redirect file), whose `line` is the rule set's numbering.
 */
export function rowPlaceWords(row: Pick<RowResult, 'line' | 'place'>): string {
  return placeWords(row.place ?? { line: row.line });
}
