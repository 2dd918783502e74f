import { arrayElementOffsets } from '../json-positions.js';
import { lineFinder } from '../whole-text.js';
import { destinationText, editsByLine, type FixEdit } from './fix-edit.js';

/** A `"destination": "..."` member, its string with JSON escapes. */
const DESTINATION = /("destination"\s*:\s*)"((?:[^"\\]|\\.)*)"/;

/**
 * Writes a vercel.json with the edited rules' `destination`s replaced in place: the rest of the text, its layout and
 * every other key, is kept. A rule is found by the line its object starts on, as src/rules/vercel.ts reports it.
 * Vercel's `permanent` defaults to true, so the status is left as the rule says.
 */
export function writeVercel(text: string, edits: readonly FixEdit[]): string {
  const byLine = editsByLine(edits);
  const offsets = arrayElementOffsets(text, 'redirects');
  const lineOf = lineFinder(text);
  let out = '';
  let copied = 0;
  offsets.forEach((start, index) => {
    const edit = byLine.get(lineOf(start));
    if (edit === undefined) return;
    const end = offsets[index + 1] ?? text.length;
    const match = DESTINATION.exec(text.slice(start, end));
    if (match === null) return;
    const original = JSON.parse(`"${match[2]}"`) as string;
    const at = start + match.index;
    out += text.slice(copied, at) + match[1] + JSON.stringify(destinationText(edit, original.startsWith('/')));
    copied = at + match[0].length;
  });
  return out + text.slice(copied);
}
