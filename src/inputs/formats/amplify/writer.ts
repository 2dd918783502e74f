import { arrayElementOffsets } from '../../text/json-positions.js';
import type { FixEdit } from '../fix-edit.js';
import { writeJsonMembers } from '../json-member-writer.js';

/**
 * Writes AWS Amplify's rules JSON (src/inputs/formats/amplify/read.ts) with the edited rules' `target`s replaced in place. Amplify's
 * `status` defaults to "301", so a rule naming none is already permanent and the status is left as the rule says.
 */
export function writeAmplify(text: string, edits: readonly FixEdit[]): string {
  return writeJsonMembers(text, arrayElementOffsets(text), edits, { member: ['target'] });
}
