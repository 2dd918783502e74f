/**
 * URLs as people read them: an internationalised host in Unicode (`bücher.example`) rather than its ACE form
 * (`xn--bcher-kva.example`), which is what the WHATWG URL serialisation, and so hoplens's JSON, carries. It imports
 * nothing at run time, so that the web page can bundle it: browsers have no API that decodes a host (their `URL`
 * serialises it in ACE form), and a Punycode decoder is some fifty lines, far less than a library.
 */

/** Punycode parameters (RFC 3492 §5). */
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const MAX_INT = 0x7fffffff;

/** Bias adaptation (RFC 3492 §6.1). */
function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

/** The value of a Punycode digit (`a`-`z` 0-25, `0`-`9` 26-35), or BASE when the character is none. */
function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22;
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return BASE;
}

/** Decodes the Punycode of one label (without `xn--`), RFC 3492 §6.2; undefined when it is not valid Punycode. */
export function decodePunycode(input: string): string | undefined {
  const delimiter = input.lastIndexOf('-');
  const output: number[] = [];
  for (let j = 0; j < Math.max(delimiter, 0); j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return undefined;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let at = delimiter > 0 ? delimiter + 1 : 0; at < input.length; ) {
    const before = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (at >= input.length) return undefined;
      const digit = digitValue(input.charCodeAt(at++));
      if (digit >= BASE || digit > Math.floor((MAX_INT - i) / w)) return undefined;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return undefined;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - before, length, before === 0);
    n += Math.floor(i / length);
    i %= length;
    // Beyond Unicode, or a surrogate: not a character.
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}

/**
 * What a decoded label may show: letters, marks, digits, symbols (emoji) and hyphens, and not only ASCII (an ACE
 * label that decodes to plain ASCII is not a valid IDN). Anything else (spaces, punctuation such as `/`, `.` or `@`,
 * invisible format characters) could make a host read as something it is not, so such a label stays in ACE form.
 */
const SHOWABLE = /^[\p{L}\p{M}\p{N}\p{So}-]+$/u;

function beyondAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
}

/** A host in Unicode where each `xn--` label decodes to a valid, showable label; otherwise the host as given. */
export function displayHost(host: string): string {
  if (!/(^|\.)xn--/i.test(host)) return host;
  const labels = host.split('.').map((label) => {
    if (!/^xn--/i.test(label)) return label;
    const decoded = decodePunycode(label.slice(4).toLowerCase());
    return decoded !== undefined && SHOWABLE.test(decoded) && beyondAscii(decoded) ? decoded : undefined;
  });
  // All or nothing: a host half in Unicode and half in ACE would be harder to read than either.
  return labels.every((label) => label !== undefined) ? labels.join('.') : host;
}

/**
 * A URL for people: its host in Unicode (see {@link displayHost}), the rest as serialised. Anything that is not an
 * absolute URL is returned as it is; so is a URL whose host has no `xn--` label, byte for byte.
 */
export function displayUrl(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  const host = displayHost(url.hostname);
  if (host === url.hostname) return href;
  const credentials =
    url.username === '' && url.password === ''
      ? ''
      : `${url.username}${url.password === '' ? '' : `:${url.password}`}@`;
  const port = url.port === '' ? '' : `:${url.port}`;
  return `${url.protocol}//${credentials}${host}${port}${url.pathname}${url.search}${url.hash}`;
}
