/**
 * One rule `hoplens fix` rewrites: the rule on `line` sends its source straight to the chain's final destination. The
 * destination is given both ways a rules file may write it; a writer keeps the style the rule had.
 */
export interface FixEdit {
  /** 1-based line the reader reported the rule on. */
  line: number;
  /** The destination as an absolute URL; absent when only a path is meaningful (the rules' own site is unknown). */
  url?: string;
  /** The destination as a path, when it is on the rule's own site. */
  path?: string;
  /** `fix --keep-status`: the rule keeps the status it had, even a 302 a bare redirect gets by default. */
  keepStatus?: boolean;
}

/** The destination to write for `edit`: a path where the rule wrote one (or no URL is known), else the URL. */
export function destinationText(edit: FixEdit, originalWasPath: boolean): string {
  if (edit.path !== undefined && (originalWasPath || edit.url === undefined)) return edit.path;
  return edit.url ?? edit.path ?? '';
}

/** Splits text into lines, each without its line break, and joins them back as they were (LF or CRLF kept). */
export function splitLines(text: string): { lines: string[]; join: (lines: string[]) => string } {
  const crlf = text.includes('\r\n');
  const lines = text.split(/\r?\n/);
  return { lines, join: (out) => out.join(crlf ? '\r\n' : '\n') };
}

/** The edits by line. */
export function editsByLine(edits: readonly FixEdit[]): Map<number, FixEdit> {
  return new Map(edits.map((edit) => [edit.line, edit]));
}
