/**
 * The character encoding of a page's bytes, by the HTML standard's "determining the character encoding" (WHATWG HTML
 * §13.2.3.2), and the page's text decoded with it, as a browser decodes it before the tokenizer sees a character:
 *
 * 1. a byte order mark (UTF-8, UTF-16BE, UTF-16LE) decides;
 * 2. else the `charset` of the `Content-Type` header, when it names an encoding;
 * 3. else what the first 1024 bytes declare (`<meta charset>`, `<meta http-equiv="content-type">`: the prescan);
 * 4. else the standard leaves it to the browser ("frequency analysis or other algorithms"): Chromium's detector reads
 *    valid UTF-8 as UTF-8, and the standard's default for most locales is windows-1252, which hoplens uses otherwise.
 *
 * An encoding found by step 4 is tentative: a `<meta charset>` the parser inserts later (past the prescan's 1024 bytes,
 * in the head or the body) changes it, the document read again from its start in the declared encoding (§13.2.3.4,
 * "changing the encoding while parsing"), as Chromium does (test/core/page-reading-chromium.test.ts).
 */
import { decodeBytes, encodingOf } from './encoding-label.js';
import { prescanEncoding } from './encoding-prescan.js';

const BOMS: readonly (readonly [string, readonly number[]])[] = [
  ['utf-8', [0xef, 0xbb, 0xbf]],
  ['utf-16be', [0xfe, 0xff]],
  ['utf-16le', [0xff, 0xfe]],
];

/** The encoding a byte order mark at the start of `bytes` names. */
function bomEncoding(bytes: Uint8Array): string | undefined {
  for (const [name, mark] of BOMS) if (mark.every((byte, i) => bytes[i] === byte)) return name;
  return undefined;
}

/**
 * The `charset` parameter of a `Content-Type` value (several headers: the last one, as the Fetch standard's "extract a
 * MIME type" keeps the last MIME type), when it names an encoding.
 */
export function transportEncoding(contentType: string | readonly string[] | undefined): string | undefined {
  const value = typeof contentType === 'string' ? contentType : contentType?.at(-1);
  if (value === undefined) return undefined;
  const match = /;[\t\n\r ]*charset[\t\n\r ]*=[\t\n\r ]*(?:"([^"]*)"|([^;]*))/i.exec(value);
  const label = match?.[1] ?? match?.[2];
  return label === undefined ? undefined : encodingOf(label);
}

/** Step 4: UTF-8 when the bytes are valid UTF-8 (a character cut off at the end allowed), else windows-1252. */
function guessedEncoding(bytes: Uint8Array): string {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The encoding a page is decoded with, by its Encoding standard name (lowercase). */
export function pageEncoding(bytes: Uint8Array, contentType: string | readonly string[] | undefined): string {
  return declaredPageEncoding(bytes, contentType) ?? guessedEncoding(bytes);
}

/** Steps 1 to 3: the encoding the page's bytes or headers declare, if any. */
function declaredPageEncoding(bytes: Uint8Array, contentType: string | readonly string[] | undefined) {
  return bomEncoding(bytes) ?? transportEncoding(contentType) ?? prescanEncoding(bytes);
}

/**
 * A page's bytes as text, decoded as the browser decodes them (a BOM removed, bytes that are not text as U+FFFD), and
 * the encoding used, which the page's URLs need for their queries (src/core/html/query-encoding.ts).
 */
export function decodePage(
  bytes: Uint8Array,
  contentType: string | readonly string[] | undefined,
): { text: string; encoding: string; guessed: boolean } {
  const declared = declaredPageEncoding(bytes, contentType);
  const encoding = declared ?? guessedEncoding(bytes);
  // A BOM found decides against the label too, and TextDecoder skips a BOM of its own encoding only: they agree.
  return { text: decodeBytes(bytes, encoding), encoding, guessed: declared === undefined };
}
