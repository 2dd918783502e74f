import { headerKey } from '../../text/header-csv.js';
import { arrayElementOffsets, memberValueOffset } from '../../text/json-positions.js';
import { type RecordEdit, writeCsv } from '../csv-writer.js';
import type { FixEdit } from '../fix-edit.js';
import { type JsonRuleEdit, writeJsonMembers } from '../json-member-writer.js';

/**
 * A bulk redirect naming neither `permanent` nor `statusCode` is temporary (307, src/inputs/formats/vercel-bulk/read.ts): it named
 * no status, so the flattened rule is made permanent explicitly, as src/inputs/formats/netlify/writer.ts does for
 * Cloudflare Pages' default 302.
 */
const BULK_RULE: JsonRuleEdit = {
  member: ['destination'],
  statusToAdd: (text, start) =>
    memberValueOffset(text, 'permanent', start) === undefined &&
    memberValueOffset(text, 'statusCode', start) === undefined
      ? ', "permanent": true'
      : undefined,
};

/** Where each JSON Lines object starts: the first character of each line that starts with `{`. */
function lineObjectOffsets(text: string): number[] {
  const offsets: number[] = [];
  for (const match of text.matchAll(/^[ \t]*\{/gm)) offsets.push(match.index + match[0].length - 1);
  return offsets;
}

/** The CSV form's `permanent` column set to `true` when neither it nor `statusCode` says anything. */
const permanentField: RecordEdit = (fields, header) => {
  const keys = header.map(headerKey);
  const permanent = keys.indexOf('permanent');
  const status = keys.findIndex((name) => name === 'statuscode' || name === 'status code');
  // Without a `permanent` column there is nowhere to say it: adding one would rewrite every record.
  if (permanent === -1 || fields[permanent] !== '' || (status !== -1 && fields[status] !== '')) return;
  fields[permanent] = 'true';
};

/**
 * Writes Vercel bulk redirects in the form they were read (src/inputs/formats/vercel-bulk/read.ts, told apart by the first
 * character): a JSON array, JSON Lines, or CSV; each edited rule's `destination` replaced, everything else kept.
 */
export function writeVercelBulk(text: string, edits: readonly FixEdit[]): string {
  const first = text.trimStart()[0];
  if (first === '[') return writeJsonMembers(text, arrayElementOffsets(text), edits, BULK_RULE);
  if (first === '{') return writeJsonMembers(text, lineObjectOffsets(text), edits, BULK_RULE);
  const target = { fromHeader: (header: string[]) => header.map(headerKey).indexOf('destination') };
  return writeCsv(text, edits, target, permanentField);
}
