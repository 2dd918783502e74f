import { memberValueOffset, skipValue } from '../text/json-positions.js';
import { lineFinder } from '../text/whole-text.js';
import { destinationText, editsByLine, type FixEdit } from './fix-edit.js';

/** What a JSON writer changes in an edited rule's object, given the rule's own text and where its object starts. */
export interface JsonRuleEdit {
  /** The keys leading to the destination string from the rule's object (`["destination"]`, `["action_data", "url"]`). */
  member: readonly string[];
  /**
   * Text to insert just after the destination's value when the rule names no status and its host's default is
   * temporary (`, "permanent": true`); undefined when the rule is left as it says.
   */
  statusToAdd?: (text: string, objectStart: number) => string | undefined;
}

/** Where the string at the end of `member` is, from the object starting at `start`; undefined if not a string. */
function stringAt(text: string, start: number, member: readonly string[]): { at: number; end: number } | undefined {
  let at: number | undefined = start;
  for (const key of member) {
    at = memberValueOffset(text, key, at);
    if (at === undefined) return undefined;
  }
  return text[at] === '"' ? { at, end: skipValue(text, at) } : undefined;
}

/**
 * Writes a JSON rules text with each edited rule's destination string replaced in place: every other byte (layout,
 * other keys, other rules) is kept. `starts` are where the rules' objects start; a rule is found by the line its
 * object starts on, as the readers (src/inputs/text/json-rules.ts) report it.
 */
export function writeJsonMembers(
  text: string,
  starts: readonly number[],
  edits: readonly FixEdit[],
  rule: JsonRuleEdit,
): string {
  const byLine = editsByLine(edits);
  const lineOf = lineFinder(text);
  let out = '';
  let copied = 0;
  for (const start of starts) {
    const edit = byLine.get(lineOf(start));
    const found = edit === undefined ? undefined : stringAt(text, start, rule.member);
    if (edit === undefined || found === undefined) continue;
    const original = JSON.parse(text.slice(found.at, found.end)) as string;
    const replacement = JSON.stringify(destinationText(edit, original.startsWith('/')));
    // With --keep-status the rule keeps the status it names, even its host's temporary default.
    const status = edit.keepStatus === true ? undefined : rule.statusToAdd?.(text, start);
    out += text.slice(copied, found.at) + replacement + (status ?? '');
    copied = found.end;
  }
  return out + text.slice(copied);
}
