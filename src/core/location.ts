/** Resolving a hop's Location header into the next URL (RFC 9110 §10.2.2, WHATWG URL). */

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * undici hands header values over as latin1 strings, one character per byte. Servers that send non-ASCII Locations
 * almost always mean UTF-8, so the bytes are decoded as UTF-8; bytes that are not valid UTF-8 are percent-encoded
 * one by one instead of being replaced.
 */
export function decodeHeaderBytes(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII check
  if (/^[\u0000-\u007f]*$/.test(value)) return value;
  const bytes = Buffer.from(value, 'latin1');
  try {
    return utf8.decode(bytes);
  } catch {
    let out = '';
    for (const byte of bytes) out += byte < 0x80 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase()}`;
    return out;
  }
}

/** The outcome of reading a redirect's Location. */
export type LocationOutcome =
  | { kind: 'missing' }
  | { kind: 'invalid'; reason: string; raw: string }
  | { kind: 'ok'; url: URL; raw: string };

/**
 * Reads the Location header(s) of a redirect and resolves it against the URL of the hop.
 * Two different values, an unparsable value, or a scheme other than http/https are `invalid`.
 */
export function resolveLocation(values: string | string[] | undefined, base: URL): LocationOutcome {
  let value: string;
  // One Location header (nearly every redirect): no list of distinct values to build.
  if (typeof values === 'string') value = values.trim();
  else {
    const distinct = [...new Set((values ?? []).map((each) => each.trim()))].filter((each) => each !== '');
    if (distinct.length > 1) {
      return { kind: 'invalid', reason: `${distinct.length} different Location headers`, raw: distinct.join(', ') };
    }
    value = distinct[0] ?? '';
  }
  if (value === '') return { kind: 'missing' };
  const raw = decodeHeaderBytes(value);
  let next: URL;
  try {
    next = new URL(raw, base);
  } catch {
    return { kind: 'invalid', reason: 'the Location is not a valid URL', raw };
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    return { kind: 'invalid', reason: `the Location uses the ${next.protocol} scheme`, raw };
  }
  // A fragment on the request URL is kept when Location has none (RFC 9110 §10.2.2).
  if (next.hash === '' && base.hash !== '' && !raw.includes('#')) next.hash = base.hash;
  return { kind: 'ok', url: next, raw };
}
