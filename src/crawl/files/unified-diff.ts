const CONTEXT = 3;

/** The lines of a text without their endings, and whether the text ends with one. */
function linesOf(text: string): { lines: string[]; finalNewline: boolean } {
  const lines = text.split(/\r\n|\r|\n/);
  const finalNewline = lines.length > 1 && lines[lines.length - 1] === '';
  if (finalNewline) lines.pop();
  return { lines, finalNewline };
}

/** `start,count` of a hunk header, as diff writes it (a one-line range is just its start). */
function range(start: number, count: number): string {
  return count === 1 ? `${start + 1}` : `${start + 1},${count}`;
}

/**
 * A unified diff (as `diff -u` and `git diff` print it, 3 lines of context) of a text whose edits change lines in
 * place: a link rewrite never adds or removes a line, so line i of the old text is line i of the new one.
 */
export function unifiedDiff(path: string, before: string, after: string): string {
  const old = linesOf(before);
  const now = linesOf(after);
  if (old.lines.length !== now.lines.length) throw new Error('unifiedDiff: a rewrite changed the number of lines');
  const changed = old.lines.flatMap((line, i) => (line === now.lines[i] ? [] : [i]));
  if (changed.length === 0) return '';
  const last = old.lines.length - 1;
  let out = `--- a/${path}\n+++ b/${path}\n`;
  let i = 0;
  while (i < changed.length) {
    const from = Math.max(0, changed[i]! - CONTEXT);
    let to = Math.min(last, changed[i]! + CONTEXT);
    while (i + 1 < changed.length && changed[i + 1]! - CONTEXT <= to + 1) to = Math.min(last, changed[++i]! + CONTEXT);
    i++;
    out += `@@ -${range(from, to - from + 1)} +${range(from, to - from + 1)} @@\n`;
    for (let line = from; line <= to; line++) {
      const noEol = line === last && !old.finalNewline ? '\n\\ No newline at end of file' : '';
      if (old.lines[line] === now.lines[line]) out += ` ${old.lines[line]}${noEol}\n`;
      else out += `-${old.lines[line]}${noEol}\n+${now.lines[line]}${noEol}\n`;
    }
  }
  return out;
}
