const CONTEXT = 3;

/** The lines of a text, each with its own ending (LF, CRLF or CR), so that a patch of a CRLF file applies to it. */
function linesOf(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\r\n|\r(?!\n)|\n)/);
}

/** `start,count` of a hunk header, as diff writes it (a one-line range is just its start). */
function range(start: number, count: number): string {
  return count === 1 ? `${start + 1}` : `${start + 1},${count}`;
}

/** A line of the diff: its marker and text, and diff's note when the file's last line has no ending. */
function diffLine(marker: string, line: string): string {
  return /[\r\n]$/.test(line) ? `${marker}${line}` : `${marker}${line}\n\\ No newline at end of file\n`;
}

/** The body of one hunk: context as is, each run of changed lines as its old lines then its new ones. */
function hunkBody(old: readonly string[], now: readonly string[], from: number, to: number): string {
  let out = '';
  for (let line = from; line <= to; ) {
    if (old[line] === now[line]) {
      out += diffLine(' ', old[line]!);
      line++;
      continue;
    }
    let end = line;
    while (end <= to && old[end] !== now[end]) end++;
    for (let i = line; i < end; i++) out += diffLine('-', old[i]!);
    for (let i = line; i < end; i++) out += diffLine('+', now[i]!);
    line = end;
  }
  return out;
}

/**
 * A unified diff (as `diff -u` and `git diff` print it, 3 lines of context) of a text whose edits change lines in
 * place: a link rewrite never adds or removes a line, so line i of the old text is line i of the new one.
 */
export function unifiedDiff(path: string, before: string, after: string): string {
  const old = linesOf(before);
  const now = linesOf(after);
  if (old.length !== now.length) throw new Error('unifiedDiff: a rewrite changed the number of lines');
  const changed = old.flatMap((line, i) => (line === now[i] ? [] : [i]));
  if (changed.length === 0) return '';
  const last = old.length - 1;
  let out = `--- a/${path}\n+++ b/${path}\n`;
  for (let i = 0; i < changed.length; i++) {
    const from = Math.max(0, changed[i]! - CONTEXT);
    let to = Math.min(last, changed[i]! + CONTEXT);
    while (i + 1 < changed.length && changed[i + 1]! - CONTEXT <= to + 1) to = Math.min(last, changed[++i]! + CONTEXT);
    const count = to - from + 1;
    out += `@@ -${range(from, count)} +${range(from, count)} @@\n${hunkBody(old, now, from, to)}`;
  }
  return out;
}
