import { arrayElementOffsets } from '../../text/json-positions.js';
import type { FixEdit } from '../fix-edit.js';
import { writeJsonMembers } from '../json-member-writer.js';

/**
 * Writes a vercel.json with the edited rules' `destination`s replaced in place: the rest of the text, its layout and
 * every other key, is kept. A rule is found by the line its object starts on, as src/inputs/formats/vercel/read.ts reports it.
 * Vercel's `permanent` defaults to true, so the status is left as the rule says.
 */
export function writeVercel(text: string, edits: readonly FixEdit[]): string {
  return writeJsonMembers(text, arrayElementOffsets(text, 'redirects'), edits, { member: ['destination'] });
}
