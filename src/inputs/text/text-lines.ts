/** A line of text and its 1-based number. */
export interface NumberedLine {
  number: number;
  text: string;
}

/**
 * A whole text's lines, numbered as {@link readLines} numbers a stream's (LF or CRLF, a leading BOM dropped): for a
 * rules file parsed from its text once, and for the page, which has the text and no stream.
 */
export function textLines(text: string): NumberedLine[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const parts = body.split('\n');
  // A final newline ends the last line; it does not start an empty one (readLines yields none either).
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts.map((line, index) => ({ number: index + 1, text: line.endsWith('\r') ? line.slice(0, -1) : line }));
}

/** Whether a line carries nothing to read: blank, or a `#` comment. */
export function isBlankOrComment(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || trimmed.startsWith('#');
}

/** A function giving the 1-based line of a character offset in `text` (line starts found once, then searched). */
export function lineFinder(text: string): (offset: number) => number {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}
