/** One replacement in a text. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * The text with the edits made, everything outside their ranges kept character for character. Edits must not
 * overlap; an edit whose range was already taken is dropped.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) continue;
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}
