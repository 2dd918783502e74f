/**
 * The URLs a style sheet (a `<style>` block, a `style` attribute, a `.css` file) loads, read as CSS Syntax Level 3
 * tokenizes it (https://www.w3.org/TR/css-syntax-3/#tokenization): `url(x)`, `url("x")`, `url('x')` and the string
 * of `@import "x"`. Comments and other strings are skipped as tokens, so a `url()` inside them is no link; a bad URL
 * token (`url(a b)`, a quote inside an unquoted URL) is none either; `data:` URLs load nothing and are left out.
 */
import type { LocatedUrl } from './located-url.js';

/** A URL of a style sheet; `imported` when it is an `@import`'s (a style sheet loaded in turn, not a resource). */
export interface CssUrl extends LocatedUrl {
  readonly imported?: true;
}

const SPACE = /[\t\n\f\r ]/;
const NAME = /[\w\u0080-\uffff-]/;

/** A CSS escape decoded (4.3.7): a hex code point with one optional space after it, or the character itself. */
function decodeEscapes(raw: string): string {
  return raw.replace(/\\(?:([0-9a-fA-F]{1,6})[\t\n\f\r ]?|\n|([\s\S]))/g, (_match, hex?: string, char?: string) => {
    if (hex !== undefined) return String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd);
    return char ?? '';
  });
}

/** A string token starting at its quote: its content's range, and where the token ends. */
function stringToken(css: string, quoteAt: number): { start: number; end: number; next: number } {
  const quote = css[quoteAt];
  let at = quoteAt + 1;
  while (at < css.length && css[at] !== quote && css[at] !== '\n') at += css[at] === '\\' ? 2 : 1;
  const end = Math.min(at, css.length);
  // An unescaped newline makes a bad string (4.3.5): it ends there, and reads as nothing.
  return { start: quoteAt + 1, end, next: css[at] === quote ? at + 1 : end };
}

function skipSpace(css: string, at: number): number {
  while (at < css.length && SPACE.test(css[at]!)) at++;
  return at;
}

function add(found: CssUrl[], css: string, start: number, end: number, imported: boolean): void {
  const url = decodeEscapes(css.slice(start, end)).trim();
  if (url !== '' && !/^data:/i.test(url)) found.push(imported ? { url, start, end, imported } : { url, start, end });
}

/** `url(` read from after its parenthesis: a quoted string, or an unquoted run up to `)` (4.3.6, consume a URL token). */
function urlToken(css: string, at: number, found: CssUrl[], imported = false): number {
  at = skipSpace(css, at);
  const quote = css[at];
  if (quote === '"' || quote === "'") {
    const string = stringToken(css, at);
    add(found, css, string.start, string.end, imported);
    return string.next;
  }
  const start = at;
  while (at < css.length && css[at] !== ')' && !SPACE.test(css[at]!) && !/["'(]/.test(css[at]!))
    at += css[at] === '\\' ? 2 : 1;
  const end = at;
  at = skipSpace(css, at);
  if (css[at] === ')') add(found, css, start, end, imported);
  // A bad URL token: its remnants, up to `)`, are skipped.
  const close = css.indexOf(')', at);
  return close === -1 ? css.length : close + 1;
}

/** `@import` read from after its name: the string or `url()` that follows (CSS Cascade 4, 3.1 "@import"), if one does. */
function importString(css: string, at: number, found: CssUrl[]): number {
  at = skipSpace(css, at);
  while (css.startsWith('/*', at)) at = skipSpace(css, commentEnd(css, at));
  if (nameAt(css, at, 'url(')) return urlToken(css, at + 4, found, true);
  if (css[at] !== '"' && css[at] !== "'") return at;
  const string = stringToken(css, at);
  add(found, css, string.start, string.end, true);
  return string.next;
}

function commentEnd(css: string, at: number): number {
  const close = css.indexOf('*/', at + 2);
  return close === -1 ? css.length : close + 2;
}

/** Whether `word` (lower case) starts at `at` as a whole name: not the tail of a longer one. */
function nameAt(css: string, at: number, word: string): boolean {
  const before = css[at - 1];
  if (before !== undefined && (NAME.test(before) || before === '\\')) return false;
  return css.slice(at, at + word.length).toLowerCase() === word;
}

/** Every URL the style sheet loads, in order, each with the range of its text as written. */
export function cssUrls(css: string): CssUrl[] {
  const found: CssUrl[] = [];
  let at = 0;
  while (at < css.length) {
    const char = css[at];
    if (css.startsWith('/*', at)) at = commentEnd(css, at);
    else if (char === '"' || char === "'") at = stringToken(css, at).next;
    else if (char === '\\') at += 2;
    else if (nameAt(css, at, 'url(')) at = urlToken(css, at + 4, found);
    else if (nameAt(css, at, '@import') && !NAME.test(css[at + 7] ?? '')) at = importString(css, at + 7, found);
    else at++;
  }
  return found;
}
