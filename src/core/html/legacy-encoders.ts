/**
 * Encoders for the Encoding standard's multi-byte legacy encodings (Shift_JIS, EUC-JP, ISO-2022-JP, EUC-KR, Big5, GBK,
 * gb18030), which Node does not have (its TextEncoder is UTF-8 only): a page's URL query is encoded in its page's
 * encoding (src/core/html/query-encoding.ts). iconv-lite does the table work, loaded only when a page in one of these
 * encodings is read; where its tables encode more than the Encoding standard's encoders do, the extra is an error here,
 * as the standard says:
 *
 * - EUC-JP encodes JIS X 0208 only, never JIS X 0212 (iconv-lite's 0x8F three-byte sequences);
 * - Big5 leaves out the HKSCS pointers below (0xA1 - 0x81) × 157, so a lead byte under 0xA1 (index Big5 pointer);
 * - GBK has no four-byte sequence (the gb18030 encoder with its GBK flag set);
 * - ISO-2022-JP is built here, over EUC-JP's JIS X 0208 bytes, with the standard's states (ASCII, Roman, JIS0208).
 *
 * Not corrected: Shift_JIS characters that iconv-lite encodes in the NEC-selected IBM rows (lead bytes 0xED, 0xEE),
 * which the standard's encoder sends from the IBM rows (0xFA-0xFC), and Big5's six code points the standard encodes
 * with their last pointer. Both are rare in URLs.
 */

type Iconv = typeof import('iconv-lite');

/** One step of an encoder: the bytes of a code point, or the code point it cannot encode. */
export type Encoded = { readonly bytes: readonly number[] } | { readonly error: number };

/** Encodes a whole string (a stateful encoder's state runs across it), step by step. */
export type LegacyEncoder = (text: string) => Encoded[];

/** The encodings this module encodes, by their Encoding standard name, with iconv-lite's name for the table. */
const TABLES: Readonly<Record<string, string>> = {
  shift_jis: 'shift_jis',
  'euc-jp': 'euc-jp',
  'iso-2022-jp': 'euc-jp',
  'euc-kr': 'euc-kr',
  big5: 'big5',
  gbk: 'gbk',
  gb18030: 'gb18030',
};

let iconv: Iconv | undefined;

/** Whether `encoding` is one of the multi-byte legacy encodings encoded here. */
export function isMultiByteLegacy(encoding: string): boolean {
  return TABLES[encoding] !== undefined;
}

/** Loads the encoder `encoding` needs, if it is one of these; then {@link legacyEncoder} has it. */
export async function prepareLegacyEncoder(encoding: string): Promise<void> {
  if (TABLES[encoding] === undefined || iconv !== undefined) return;
  const module = await import('iconv-lite');
  iconv = (module as { default?: Iconv }).default ?? (module as unknown as Iconv);
}

/** Whether iconv-lite's bytes for a code point are what the standard's encoder gives (above). */
function standardBytes(encoding: string, bytes: Buffer): boolean {
  if (encoding === 'euc-jp' || encoding === 'iso-2022-jp') return bytes[0] !== 0x8f;
  if (encoding === 'big5') return bytes.length !== 2 || bytes[0]! >= 0xa1;
  if (encoding === 'gbk') return bytes.length < 4;
  return true;
}

/** One code point in `encoding` by iconv-lite's table: its bytes, or an error when it has none there. */
function tableBytes(encoding: string, char: string, library: Iconv): Encoded {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return { bytes: [code] };
  const bytes = library.encode(char, TABLES[encoding]!);
  // iconv-lite writes its replacement, '?', for a character its table lacks.
  if ((bytes.length === 1 && bytes[0] === 0x3f) || !standardBytes(encoding, bytes)) return { error: code };
  return { bytes: [...bytes] };
}

const ESCAPES = { ascii: [0x1b, 0x28, 0x42], roman: [0x1b, 0x28, 0x4a], jis0208: [0x1b, 0x24, 0x42] } as const;
type Iso2022State = keyof typeof ESCAPES;

/**
 * The standard's ISO-2022-JP encoder: ASCII as is, U+00A5 and U+203E in the Roman set, the rest in JIS X 0208 (EUC-JP's
 * two bytes less 0x80 each), half-width katakana first made full-width (NFKC does what the standard's
 * index-iso-2022-jp-katakana does), every set switch an escape sequence, ending back in ASCII.
 */
function iso2022jp(text: string, library: Iconv): Encoded[] {
  const out: Encoded[] = [];
  let state = 'ascii' as Iso2022State;
  const enter = (next: Iso2022State) => {
    if (state !== next) out.push({ bytes: ESCAPES[next] });
    state = next;
  };
  for (const written of text) {
    const code = written.codePointAt(0)!;
    const roman = code === 0xa5 || code === 0x203e;
    if (code === 0x0e || code === 0x0f || code === 0x1b) {
      // The shift and escape controls would change the set: the standard refuses them (as U+FFFD).
      out.push({ error: 0xfffd });
    } else if (code < 0x80) {
      // ASCII is the same in the Roman set but for these two.
      if (state === 'jis0208' || (state === 'roman' && (code === 0x5c || code === 0x7e))) enter('ascii');
      out.push({ bytes: [code] });
    } else if (roman) {
      enter('roman');
      out.push({ bytes: [code === 0xa5 ? 0x5c : 0x7e] });
    } else {
      const char = code >= 0xff61 && code <= 0xff9f ? written.normalize('NFKC') : written;
      const step = tableBytes('iso-2022-jp', char, library);
      if ('error' in step || step.bytes.length !== 2) {
        // The standard leaves JIS X 0208 before an error, so that what follows it reads as ASCII.
        if (state === 'jis0208') enter('ascii');
        out.push({ error: code });
      } else {
        enter('jis0208');
        out.push({ bytes: step.bytes.map((byte) => byte - 0x80) });
      }
    }
  }
  enter('ascii');
  return out;
}

/** The encoder of `encoding` when it is one of these and has been prepared, else undefined. */
export function legacyEncoder(encoding: string): LegacyEncoder | undefined {
  const library = iconv;
  if (TABLES[encoding] === undefined || library === undefined) return undefined;
  if (encoding === 'iso-2022-jp') return (text) => iso2022jp(text, library);
  return (text) => Array.from(text, (char) => tableBytes(encoding, char, library));
}
