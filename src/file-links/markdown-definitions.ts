import type MarkdownIt from 'markdown-it';
import type { RawLink } from './raw-link.js';
import type { TextPositions } from './text-positions.js';

/** Where a definition's label can open a line: after indentation, block quote markers and one list marker. */
const LINE_OPENING = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?[ \t>]*\[/;

/** The label of `[label]:` opening at `open` (the `[`), and the offset after the colon; CommonMark 4.7's label. */
function labelAt(text: string, open: number, lineEnd: number): { label: string; after: number } | undefined {
  for (let at = open + 1; at < lineEnd && at - open <= 1000; at++) {
    const char = text[at];
    if (char === '\\') at++;
    else if (char === '[') return undefined;
    else if (char === ']') {
      return text[at + 1] === ':' ? { label: text.slice(open + 1, at), after: at + 2 } : undefined;
    }
  }
  return undefined;
}

/** Spaces or tabs, then at most one line ending and more of them (CommonMark 4.7, before the destination). */
function skipToDestination(text: string, from: number): number {
  let at = from;
  while (text[at] === ' ' || text[at] === '\t') at++;
  if (text[at] === '\r') at++;
  if (text[at] === '\n') at++;
  while (text[at] === ' ' || text[at] === '\t') at++;
  return at;
}

/**
 * The link reference definitions (CommonMark 4.7) that markdown-it kept, each with its destination's range: a line
 * outside code and HTML blocks opening with `[label]:` whose destination, read by markdown-it's destination parser,
 * is the URL markdown-it recorded for that label. Only the first definition of a label counts, as in CommonMark.
 */
export function referenceDefinitions(
  md: MarkdownIt,
  positions: TextPositions,
  references: Readonly<Record<string, { href: string }>>,
  skipLines: ReadonlySet<number>,
): RawLink[] {
  const { text } = positions;
  const seen = new Set<string>();
  const found: RawLink[] = [];
  for (let line = 0; line < positions.lineCount; line++) {
    if (skipLines.has(line)) continue;
    const from = positions.lineStart(line);
    const lineEnd = positions.lineStart(line + 1);
    const opening = LINE_OPENING.exec(text.slice(from, lineEnd));
    const label = opening === null ? undefined : labelAt(text, from + opening[0].length - 1, lineEnd);
    if (label === undefined) continue;
    const key = md.utils.normalizeReference(label.label);
    const reference = references[key];
    if (reference === undefined || seen.has(key)) continue;
    const start = skipToDestination(text, label.after);
    const result = md.helpers.parseLinkDestination(text, start, text.length);
    if (!result.ok || md.normalizeLink(result.str) !== reference.href) continue;
    seen.add(key);
    found.push({ start, end: result.pos, form: 'definition', target: result.str });
  }
  return found;
}
