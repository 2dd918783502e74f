/**
 * Reading a robots.txt into its lines, as Google's reference parser (github.com/google/robotstxt, robots.cc) reads
 * one, which is more lenient than RFC 9309 in ways site owners rely on: a missing colon (`Disallow /`), a few common
 * misspellings of the keys, a line cut at 16,663 bytes rather than dropped, and a byte order mark (or the start of
 * one) skipped. The file is read as bytes: a rule's non-ASCII bytes are percent-encoded (RFC 9309 §2.2.2), so that
 * it compares with URLs as they are sent.
 */

/** What a line of robots.txt is: a key hoplens reads, or one it keeps only to count (crawl-delay, host...). */
export type RobotsLineKind = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unknown';

/** One line with a key and a value; lines without one (blank, comment only) are not kept. */
export interface RobotsLine {
  readonly kind: RobotsLineKind;
  /** The value: for `allow` and `disallow` percent-encoded as a URL path is; otherwise as written (latin1 bytes). */
  readonly value: string;
  /** 1-based, every CR, LF or CRLF ending one. */
  readonly line: number;
}

/** Google keeps at most this many bytes of a line (8 × 2083, the longest URL it knows of, less the terminator). */
const LINE_BYTES = 8 * 2083 - 1;
const BOM = [0xef, 0xbb, 0xbf];
const WHITESPACE = /^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g;

/** Keys by how they begin, ignoring case; Google accepts these misspellings too. */
const KEYS: readonly (readonly [string, RobotsLineKind])[] = [
  ['user-agent', 'user-agent'],
  ['useragent', 'user-agent'],
  ['user agent', 'user-agent'],
  ['allow', 'allow'],
  ['disallow', 'disallow'],
  ['dissallow', 'disallow'],
  ['dissalow', 'disallow'],
  ['disalow', 'disallow'],
  ['diasllow', 'disallow'],
  ['disallaw', 'disallow'],
  ['sitemap', 'sitemap'],
  ['site-map', 'sitemap'],
];

function kindOf(key: string): RobotsLineKind {
  const lower = key.toLowerCase();
  return KEYS.find(([prefix]) => lower.startsWith(prefix))?.[1] ?? 'unknown';
}

/**
 * A line's key and value (comment and surrounding whitespace removed), or undefined when it has none. Without a
 * colon, Google still reads `key value` when exactly one value follows the whitespace: `Disallow /` means
 * `Disallow: /`, but `foo bar baz` is nothing.
 */
export function keyAndValue(text: string): { key: string; value: string } | undefined {
  const hash = text.indexOf('#');
  const line = (hash === -1 ? text : text.slice(0, hash)).replace(WHITESPACE, '');
  const colon = line.indexOf(':');
  if (colon !== -1) {
    const key = line.slice(0, colon).replace(WHITESPACE, '');
    return key === '' ? undefined : { key, value: line.slice(colon + 1).replace(WHITESPACE, '') };
  }
  const words = /^(\S+)[\t ]+(\S+)$/.exec(line);
  return words === null ? undefined : { key: words[1]!, value: words[2]! };
}

/**
 * A rule's path as it compares with a URL's: bytes beyond ASCII percent-encoded, and the hex digits of existing
 * escapes uppercased (`%aa` → `%AA`), as Google's parser does. `value` holds one byte per character (latin1).
 */
export function escapeRulePath(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (value[i] === '%' && /^[0-9a-f]{2}$/i.test(value.slice(i + 1, i + 3))) {
      out += `%${value.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else if (code >= 0x80) out += `%${code.toString(16).toUpperCase()}`;
    else out += value[i];
  }
  return out;
}

/** The bytes of each line, cut to {@link LINE_BYTES}, with their 1-based numbers (a leading BOM, or part of one, skipped). */
function* rawLines(bytes: Uint8Array): Generator<{ text: string; line: number }> {
  let start = 0;
  while (start < BOM.length && start < bytes.length && bytes[start] === BOM[start]) start++;
  let line = 1;
  for (let i = start; i <= bytes.length; i++) {
    const byte = bytes[i];
    if (i < bytes.length && byte !== 0x0a && byte !== 0x0d) continue;
    const end = Math.min(i, start + LINE_BYTES);
    yield { text: Buffer.from(bytes.subarray(start, end)).toString('latin1'), line };
    if (byte === 0x0d && bytes[i + 1] === 0x0a) i++;
    start = i + 1;
    line++;
  }
}

/** The lines of a robots.txt that have a key and a value, in order. A string is read as its UTF-8 bytes. */
export function parseRobotsTxt(body: Uint8Array | string): RobotsLine[] {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const lines: RobotsLine[] = [];
  for (const { text, line } of rawLines(bytes)) {
    const pair = keyAndValue(text);
    if (pair === undefined) continue;
    const kind = kindOf(pair.key);
    const value = kind === 'allow' || kind === 'disallow' ? escapeRulePath(pair.value) : pair.value;
    lines.push({ kind, value, line });
  }
  return lines;
}
