import type { NumberedLine } from '../../text/text-lines.js';
import { textLines } from '../../text/text-lines.js';

/** One directive of an Apache configuration: its name, its arguments (quotes removed) and where it starts. */
export interface ApacheDirective {
  line: number;
  name: string;
  args: string[];
  /** The directive as written (continuations joined), for skipped rules. */
  text: string;
}

/** A word of a directive: its value (quotes removed), where it is in the text (quotes included), its quote if any. */
export interface ApacheWord {
  value: string;
  start: number;
  end: number;
  quote?: '"' | "'";
}

/** Splits a directive into words with their places; double or single quotes keep spaces in one argument (`"a b"`). */
export function apacheWordSpans(text: string): ApacheWord[] | { error: string } {
  const words: ApacheWord[] = [];
  let at = 0;
  while (at < text.length) {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    if (at >= text.length) break;
    const start = at;
    const quote = text[at];
    if (quote === '"' || quote === "'") {
      let value = '';
      at++;
      while (at < text.length && text[at] !== quote) {
        // A backslash escapes the quote (or a backslash) inside a quoted argument.
        if (text[at] === '\\' && (text[at + 1] === quote || text[at + 1] === '\\')) at++;
        value += text[at];
        at++;
      }
      if (at >= text.length) return { error: `unclosed ${quote} quote` };
      at++;
      words.push({ value, start, end: at, quote });
      continue;
    }
    while (at < text.length && !/\s/.test(text[at]!)) at++;
    words.push({ value: text.slice(start, at), start, end: at });
  }
  return words;
}

/** Splits a directive into words (see {@link apacheWordSpans}). */
export function apacheWords(text: string): string[] | { error: string } {
  const words = apacheWordSpans(text);
  return 'error' in words ? words : words.map((word) => word.value);
}

/** A directive, or a line that cannot be read as one, in the order written. */
export type ApacheLine = ApacheDirective | { kind: 'invalid'; line: number; message: string };

/**
 * Reads an Apache configuration (`.htaccess` or a conf file) as directives: a line ending in `\` continues on the
 * next, a line starting with `#` is a comment (Apache has no comments after a directive), blank lines are nothing.
 * Section tags (`<IfModule x>`, `</IfModule>`) come through as directives named `<IfModule` and `</IfModule>`.
 */
export function* apacheDirectives(lines: Iterable<NumberedLine>): Generator<ApacheLine> {
  let pending = '';
  let start = 0;
  for (const { number, text } of lines) {
    if (pending === '') {
      start = number;
      if (text.trim().startsWith('#')) continue;
    }
    if (text.endsWith('\\')) {
      pending += `${text.slice(0, -1)} `;
      continue;
    }
    const whole = (pending + text).trim();
    pending = '';
    if (whole === '') continue;
    const words = apacheWords(whole.startsWith('<') ? whole.replace(/>\s*$/, '') : whole);
    if ('error' in words) {
      yield { kind: 'invalid', line: start, message: words.error };
      continue;
    }
    const [name = '', ...args] = words;
    yield { line: start, name, args, text: whole };
  }
  if (pending.trim() !== '') yield { kind: 'invalid', line: start, message: 'the file ends inside a continued line' };
}

/** Parses an Apache configuration once: the rows (read.ts) and the matcher (patterns.ts) both walk this. */
export function parseApache(text: string): ApacheLine[] {
  return [...apacheDirectives(textLines(text))];
}
