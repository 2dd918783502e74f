import { headerKey } from '../../text/header-csv.js';
import { arrayElementOffsets } from '../../text/json-positions.js';
import { writeCsv } from '../csv-writer.js';
import type { FixEdit } from '../fix-edit.js';
import { writeJsonMembers } from '../json-member-writer.js';

/** The CSV export's target column, by the names src/inputs/formats/wordpress/read.ts reads it by. */
const TARGET_NAMES = new Set(['target', 'action data']);

/**
 * Writes an export of the Redirection plugin (src/inputs/formats/wordpress/read.ts) in its own form: the JSON export's
 * `action_data.url`, or the CSV export's target column, of each edited redirect replaced; everything else kept. An
 * empty code is read as 301, so the status is left as the redirect says.
 */
export function writeWordpress(text: string, edits: readonly FixEdit[]): string {
  if (text.trimStart().startsWith('{')) {
    return writeJsonMembers(text, arrayElementOffsets(text, 'redirects'), edits, { member: ['action_data', 'url'] });
  }
  return writeCsv(text, edits, {
    fromHeader: (header) => header.findIndex((name) => TARGET_NAMES.has(headerKey(name))),
  });
}
