/** The WHATWG Encoding standard's labels, as Node's TextDecoder knows them (Node is built with full ICU). */

const cache = new Map<string, string | undefined>();

/**
 * The Encoding standard's "get an encoding": the encoding `label` names (its canonical name, lowercase), or undefined
 * when it names none. `replacement` (the labels of encodings that must not be decoded, e.g. `iso-2022-kr`), which
 * TextDecoder refuses, is undefined too: the page is then read as if it declared nothing.
 */
export function encodingOf(label: string): string | undefined {
  const key = label.trim().toLowerCase();
  if (!cache.has(key)) {
    let name: string | undefined;
    try {
      name = new TextDecoder(key).encoding;
    } catch {
      name = undefined;
    }
    if (cache.size < 256) cache.set(key, name);
    return name;
  }
  return cache.get(key);
}

/**
 * The Encoding standard's index-windows-1252 for bytes 0x80-0x9F. Node 20's TextDecoder decodes `windows-1252` (and
 * every label of it: `latin1`, `iso-8859-1`, `ascii`...) as ISO-8859-1, giving C1 controls for these bytes where a
 * browser gives `€`, `‚`, curly quotes... (seen on Node v20.20.2); the rest of the encoding is ISO-8859-1.
 */
const WINDOWS_1252_C1 =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/** `bytes` decoded in `encoding` (an Encoding standard name), as a browser decodes them. */
export function decodeBytes(bytes: Uint8Array, encoding: string): string {
  const text = new TextDecoder(encoding).decode(bytes);
  if (encoding !== 'windows-1252') return text;
  return text.replace(/[\x80-\x9F]/g, (char) => WINDOWS_1252_C1[char.charCodeAt(0) - 0x80]!);
}
