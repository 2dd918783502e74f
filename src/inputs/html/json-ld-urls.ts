/**
 * The URLs of a JSON-LD script (`<script type="application/ld+json">`), as Google's structured data reads them
 * (https://developers.google.com/search/docs/appearance/structured-data/intro-structured-data) with schema.org's
 * vocabulary (https://schema.org/): the values of `url`, `@id`, `sameAs`, `image`, `logo` and `mainEntityOfPage`, in
 * nested objects, arrays and `@graph`s. A value may be a string, an array of strings, or an object whose own `url`
 * or `@id` is read. A blank node (`_:b0`) names no document. Text that is not JSON yields nothing, as a search engine
 * skips a script it cannot parse. Read with each string's range in the text, so a file's link can be rewritten.
 */
import type { LocatedUrl } from './located-url.js';

/** The properties whose values are URLs. */
const URL_KEYS: ReadonlySet<string> = new Set(['url', '@id', 'sameAs', 'image', 'logo', 'mainEntityOfPage']);

/** Past this depth of nesting a value is skipped, not read: a hostile script cannot exhaust the stack. */
const MAX_DEPTH = 64;

/** A cursor over JSON already known to be valid (JSON.parse took it), so the reading needs no error paths. */
interface Cursor {
  readonly text: string;
  at: number;
}

function skipSpace(cursor: Cursor): void {
  while (/[\t\n\r ]/.test(cursor.text[cursor.at] ?? '')) cursor.at++;
}

function readString(cursor: Cursor): LocatedUrl {
  const start = cursor.at;
  cursor.at++;
  while (cursor.text[cursor.at] !== '"') cursor.at += cursor.text[cursor.at] === '\\' ? 2 : 1;
  cursor.at++;
  return { url: JSON.parse(cursor.text.slice(start, cursor.at)) as string, start: start + 1, end: cursor.at - 1 };
}

/** Skips an object or array whole, strings included (their brackets are text). */
function skipNested(cursor: Cursor): void {
  let depth = 0;
  do {
    const char = cursor.text[cursor.at];
    if (char === '"') {
      readString(cursor);
      continue;
    }
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    cursor.at++;
  } while (depth > 0 && cursor.at < cursor.text.length);
}

/** Reads a value; its strings are URLs when it is the value of a URL property (or an array of such). */
function readValue(cursor: Cursor, isUrl: boolean, depth: number, found: LocatedUrl[]): void {
  skipSpace(cursor);
  const char = cursor.text[cursor.at];
  if ((char === '{' || char === '[') && depth > MAX_DEPTH) skipNested(cursor);
  else if (char === '{') readMembers(cursor, '}', depth, (key) => URL_KEYS.has(key), found);
  else if (char === '[') readMembers(cursor, ']', depth, () => isUrl, found);
  else if (char === '"') {
    const string = readString(cursor);
    if (isUrl && !string.url.startsWith('_:')) found.push(string);
  } else skipLiteral(cursor);
}

/** A number, `true`, `false` or `null`: nothing to read. */
function skipLiteral(cursor: Cursor): void {
  while (cursor.at < cursor.text.length && !/[\s,\]}]/.test(cursor.text[cursor.at]!)) cursor.at++;
}

/** An object's members (each `"key": value`) or an array's items, up to `close`. */
function readMembers(
  cursor: Cursor,
  close: '}' | ']',
  depth: number,
  isUrl: (key: string) => boolean,
  found: LocatedUrl[],
): void {
  cursor.at++;
  for (;;) {
    skipSpace(cursor);
    if (cursor.text[cursor.at] === close) break;
    let key = '';
    if (close === '}') {
      key = readString(cursor).url;
      skipSpace(cursor);
      cursor.at++;
    }
    readValue(cursor, isUrl(key), depth + 1, found);
    skipSpace(cursor);
    if (cursor.text[cursor.at] === ',') cursor.at++;
  }
  cursor.at++;
}

/** The URLs of a JSON-LD script's text, with their ranges (the JSON string's content); none if it is not JSON. */
export function jsonLdUrls(text: string): LocatedUrl[] {
  try {
    JSON.parse(text);
  } catch {
    return [];
  }
  const found: LocatedUrl[] = [];
  readValue({ text, at: 0 }, false, 0, found);
  return found.filter((located) => located.url.trim() !== '');
}
