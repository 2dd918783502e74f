/**
 * The HTML standard's "prescan a byte stream to determine its encoding" (WHATWG HTML §13.2.3.2): the first 1024 bytes
 * of a page are scanned for a `<meta charset>` or a `<meta http-equiv="content-type" content="...charset=...">`,
 * skipping comments and the attributes of other tags, before any parsing. The bytes are read as Latin-1 (one character
 * per byte): every byte the algorithm looks at is ASCII.
 */
import { encodingOf } from './encoding-label.js';

/** How many bytes the prescan looks at (the standard's recommended 1024). */
export const PRESCAN_BYTES = 1024;

const SPACE = /[\t\n\f\r ]/;

/** The standard's "get an attribute": name and value (name lowercased), or undefined at a `>` or the end. */
class AttributeReader {
  position: number;
  constructor(
    readonly text: string,
    start: number,
  ) {
    this.position = start;
  }

  private skip(pattern: RegExp): void {
    while (this.position < this.text.length && pattern.test(this.text[this.position]!)) this.position++;
  }

  next(): { name: string; value: string } | undefined {
    const { text } = this;
    this.skip(/[\t\n\f\r /]/);
    if (this.position >= text.length || text[this.position] === '>') return undefined;
    let name = '';
    for (;;) {
      const char = text[this.position];
      if (char === undefined) return undefined;
      if (char === '=' && name !== '') break;
      if (SPACE.test(char)) {
        this.skip(SPACE);
        if (text[this.position] !== '=') return { name, value: '' };
        break;
      }
      if ((char === '/' || char === '>') && name !== '') return { name, value: '' };
      name += char.toLowerCase();
      this.position++;
    }
    this.position++; // the '='
    this.skip(SPACE);
    return { name, value: this.value() };
  }

  private value(): string {
    const { text } = this;
    const quote = text[this.position];
    if (quote === '"' || quote === "'") {
      const end = text.indexOf(quote, this.position + 1);
      if (end === -1) return text.slice(this.position + 1);
      const value = text.slice(this.position + 1, end);
      this.position = end + 1;
      return value.toLowerCase();
    }
    const start = this.position;
    while (this.position < text.length && !/[\t\n\f\r >]/.test(text[this.position]!)) this.position++;
    return text.slice(start, this.position).toLowerCase();
  }
}

/**
 * The standard's "extracting a character encoding from a meta element" on a `content` value: the value after the
 * first `charset` followed by `=`, quoted or not, or undefined.
 */
export function charsetOfContent(content: string): string | undefined {
  const found = /charset[\t\n\f\r ]*=[\t\n\f\r ]*/i.exec(content);
  if (found === null) return undefined;
  const rest = content.slice(found.index + found[0].length);
  const quote = rest[0];
  if (quote === '"' || quote === "'") {
    const end = rest.indexOf(quote, 1);
    // An unmatched quote gives nothing.
    return end === -1 ? undefined : rest.slice(1, end);
  }
  const value = /^[^\t\n\f\r ;]*/.exec(rest)![0];
  return value === '' ? undefined : value;
}

/** The encoding a `<meta>` tag's attributes declare (the reader is just after `<meta`), by the prescan's rules. */
function metaEncoding(reader: AttributeReader): string | undefined {
  const seen = new Set<string>();
  let pragma = false;
  let needPragma: boolean | undefined;
  let charset: string | undefined;
  for (let attribute = reader.next(); attribute !== undefined; attribute = reader.next()) {
    const { name, value } = attribute;
    if (seen.has(name)) continue;
    seen.add(name);
    if (name === 'http-equiv' && value === 'content-type') pragma = true;
    else if (name === 'content' && charset === undefined) {
      const declared = charsetOfContent(value);
      if (declared !== undefined) {
        charset = encodingOf(declared);
        needPragma = true;
      }
    } else if (name === 'charset') {
      charset = encodingOf(value);
      needPragma = false;
    }
  }
  if (needPragma === undefined || charset === undefined || (needPragma && !pragma)) return undefined;
  return asDeclared(charset);
}

/** A page cannot declare itself UTF-16 in ASCII-compatible bytes; x-user-defined is read as windows-1252. */
function asDeclared(encoding: string): string {
  if (encoding === 'utf-16be' || encoding === 'utf-16le') return 'utf-8';
  return encoding === 'x-user-defined' ? 'windows-1252' : encoding;
}

/**
 * The encoding a `<meta>` element the parser inserts declares, for the tree construction's "change the encoding"
 * (WHATWG HTML §13.2.6.4.4, a `meta` start tag "in head", which the body's rules also apply): its `charset` attribute
 * when that names an encoding, else a `http-equiv="Content-Type"` element's `content` charset.
 */
export function metaElementEncoding(
  charset: string | undefined,
  httpEquiv: string | undefined,
  content: string | undefined,
): string | undefined {
  const fromCharset = charset === undefined ? undefined : encodingOf(charset);
  if (fromCharset !== undefined) return asDeclared(fromCharset);
  if (httpEquiv?.toLowerCase() !== 'content-type' || content === undefined) return undefined;
  const label = charsetOfContent(content);
  const fromContent = label === undefined ? undefined : encodingOf(label);
  return fromContent === undefined ? undefined : asDeclared(fromContent);
}

/** The encoding the first {@link PRESCAN_BYTES} bytes of a page declare, by its name in the Encoding standard. */
export function prescanEncoding(bytes: Uint8Array): string | undefined {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PRESCAN_BYTES)).toString('latin1');
  let position = 0;
  while (position < text.length) {
    const rest = text.slice(position, position + 6);
    if (rest.startsWith('<!--')) {
      // The first '>' preceded by "--", the comment opener's own dashes included (`<!-->`).
      const end = text.indexOf('-->', position + 2);
      if (end === -1) return undefined;
      position = end + 3;
    } else if (/^<meta[\t\n\f\r /]/i.test(rest)) {
      const reader = new AttributeReader(text, position + 5);
      const found = metaEncoding(reader);
      if (found !== undefined) return found;
      position = reader.position + 1;
    } else if (/^<\/?[a-z]/i.test(rest)) {
      // Another tag: skip its name, then its attributes (a '>' inside a quoted value does not end it).
      const reader = new AttributeReader(text, position + 1);
      while (reader.position < text.length && !/[\t\n\f\r >]/.test(text[reader.position]!)) reader.position++;
      while (reader.next() !== undefined);
      position = reader.position + 1;
    } else if (/^<[!/?]/.test(rest)) {
      const end = text.indexOf('>', position + 2);
      if (end === -1) return undefined;
      position = end + 1;
    } else position++;
  }
  return undefined;
}
