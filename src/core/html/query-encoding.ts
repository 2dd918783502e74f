/**
 * The query of a URL written on a page in a legacy single-byte encoding is percent-encoded in that encoding, not in
 * UTF-8: HTML's "encoding-parsing a URL" hands the document's encoding to the URL parser, which uses it for the query
 * only (URL standard, "query state": "percent-encode after encoding, with encoding"). `?q=é` on a windows-1252 page is
 * `?q=%E9`, as Chromium sends it; the path is UTF-8 whatever the page's encoding. Node's URL parser knows only UTF-8,
 * so the query's non-ASCII characters are encoded here first, and the parser keeps the escapes as they are.
 *
 * Multi-byte legacy encodings (Shift_JIS, EUC-JP, ISO-2022-JP, EUC-KR, Big5, GBK, gb18030) have no encoder in Node:
 * src/core/html/legacy-encoders.ts gives them, once prepared (the page reader prepares the one its page needs).
 */

import { decodeBytes } from './encoding-label.js';
import { type Encoded, isMultiByteLegacy, type LegacyEncoder, legacyEncoder } from './legacy-encoders.js';

const tables = new Map<string, ReadonlyMap<string, number> | undefined>();

/** The byte each character encodes to in a single-byte encoding, or undefined for any other encoding. */
function singleByteTable(encoding: string): ReadonlyMap<string, number> | undefined {
  if (tables.has(encoding)) return tables.get(encoding);
  let table: Map<string, number> | undefined;
  // ISO-2022-JP decodes every byte past 0x7F to one U+FFFD too: the multi-byte encodings are told apart by name.
  if (encoding !== 'utf-8' && !encoding.startsWith('utf-16') && !isMultiByteLegacy(encoding)) {
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

/** A single-byte encoding's encoder, over its table: one byte per code point, or an error. */
function singleByteEncoder(table: ReadonlyMap<string, number>): LegacyEncoder {
  return (text) =>
    Array.from(text, (char): Encoded => {
      const code = char.codePointAt(0)!;
      if (code < 0x80) return { bytes: [code] };
      const byte = table.get(char);
      return byte === undefined ? { error: code } : { bytes: [byte] };
    });
}

/**
 * Bytes of a special URL's query kept as they are (URL standard, the special-query percent-encode set: C0 controls,
 * space, `"`, `#`, `'`, `<`, `>`, and every byte past 0x7E are percent-encoded).
 */
function keptInQuery(byte: number): boolean {
  return (
    byte > 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x23 && byte !== 0x27 && byte !== 0x3c && byte !== 0x3e
  );
}

/**
 * The URL standard's "percent-encode after encoding" of a query: each byte the encoder gives kept or percent-encoded,
 * each code point it cannot encode as `%26%23N%3B` (`&#N;`).
 */
function percentEncodeAfterEncoding(query: string, encode: LegacyEncoder): string {
  let out = '';
  for (const step of encode(query)) {
    if ('error' in step) out += `%26%23${step.error}%3B`;
    else for (const byte of step.bytes) out += keptInQuery(byte) ? String.fromCharCode(byte) : hex(byte);
  }
  return out;
}

/** The encoder of a legacy encoding, single-byte or (prepared) multi-byte; undefined for UTF-8 and UTF-16. */
function encoderOf(encoding: string): LegacyEncoder | undefined {
  const table = singleByteTable(encoding);
  return table === undefined ? legacyEncoder(encoding) : singleByteEncoder(table);
}

/**
 * `input` (a URL as written, relative or absolute) with its query percent-encoded in `encoding` when that is a legacy
 * encoding and the query is not all ASCII; unchanged otherwise. The URL parser's own first steps are taken first
 * (leading and trailing C0 controls and spaces removed, tabs and newlines dropped), so that the query encoded here is
 * the one it would encode.
 */
export function withQueryEncoded(input: string, encoding: string | undefined): string {
  if (encoding === undefined || /^[\0-\x7F]*$/.test(input)) return input;
  const encode = encoderOf(encoding);
  if (encode === undefined) return input;
  const url = input.replace(/^[\0- ]+|[\0- ]+$/g, '').replace(/[\t\n\r]/g, '');
  const start = url.indexOf('?');
  if (start === -1) return input;
  const hash = url.indexOf('#', start);
  const end = hash === -1 ? url.length : hash;
  const query = url.slice(start + 1, end);
  if (/^[\0-\x7F]*$/.test(query)) return input;
  return `${url.slice(0, start + 1)}${percentEncodeAfterEncoding(query, encode)}${url.slice(end)}`;
}
