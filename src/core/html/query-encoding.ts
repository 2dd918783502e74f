/**
 * The query of a URL written on a page in a legacy single-byte encoding is percent-encoded in that encoding, not in
 * UTF-8: HTML's "encoding-parsing a URL" hands the document's encoding to the URL parser, which uses it for the query
 * only (URL standard, "query state": "percent-encode after encoding, with encoding"). `?q=é` on a windows-1252 page is
 * `?q=%E9`, as Chromium sends it; the path is UTF-8 whatever the page's encoding. Node's URL parser knows only UTF-8,
 * so the query's non-ASCII characters are encoded here first, and the parser keeps the escapes as they are.
 *
 * Multi-byte legacy encodings (Shift_JIS, EUC-KR, GBK...) have no encoder in Node: their queries stay UTF-8
 * (docs/library.md, "How pages are read", lists the difference).
 */

import { decodeBytes } from './encoding-label.js';

const tables = new Map<string, ReadonlyMap<string, number> | undefined>();

/** The byte each character encodes to in a single-byte encoding, or undefined for any other encoding. */
function singleByteTable(encoding: string): ReadonlyMap<string, number> | undefined {
  if (tables.has(encoding)) return tables.get(encoding);
  let table: Map<string, number> | undefined;
  if (encoding !== 'utf-8' && !encoding.startsWith('utf-16')) {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const chars = [...decodeBytes(bytes, encoding)];
    // A single-byte encoding decodes every byte to one character (U+FFFD for the unmapped ones).
    if (chars.length === 256) {
      table = new Map();
      for (let byte = 0x80; byte < 256; byte++) if (chars[byte] !== '\uFFFD') table.set(chars[byte]!, byte);
    }
  }
  tables.set(encoding, table);
  return table;
}

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** One character of the query in `table`'s encoding: its byte, or `&#N;` when it has none (URL standard). */
function encodeCharacter(char: string, table: ReadonlyMap<string, number>): string {
  const byte = table.get(char);
  if (byte !== undefined) return hex(byte);
  return `%26%23${char.codePointAt(0)}%3B`;
}

/**
 * `input` (a URL as written, relative or absolute) with the non-ASCII characters of its query percent-encoded in
 * `encoding`, when that is a single-byte encoding; unchanged otherwise.
 */
export function withQueryEncoded(input: string, encoding: string | undefined): string {
  if (encoding === undefined || /^[\0-\x7F]*$/.test(input)) return input;
  const table = singleByteTable(encoding);
  const start = input.indexOf('?');
  if (table === undefined || start === -1) return input;
  const hash = input.indexOf('#', start);
  const end = hash === -1 ? input.length : hash;
  let query = '';
  for (const char of input.slice(start, end)) query += char.charCodeAt(0) < 0x80 ? char : encodeCharacter(char, table);
  return input.slice(0, start) + query + input.slice(end);
}
