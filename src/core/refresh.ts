/**
 * Reading a `Refresh` header or a `<meta http-equiv="refresh">` content, as browsers do: the HTML standard's "shared
 * declarative refresh steps" (WHATWG HTML, `<meta http-equiv="refresh">` pragma). They decide what a declared refresh
 * means before any waiting: a delay in whole seconds, and the URL to go to, if one is named.
 */

/** What a refresh declares. */
export interface RefreshDeclaration {
  /** Seconds to wait, as given (the digits before any fraction; `.9` is 0). */
  readonly delay: number;
  /** The URL as written (unresolved, quotes removed), or undefined when none is named: the page reloads itself. */
  readonly url: string | undefined;
}

/** ASCII whitespace of the HTML standard: TAB, LF, FF, CR, SPACE. */
const WHITESPACE: ReadonlySet<string> = new Set(['\t', '\n', '\f', '\r', ' ']);
/**
 * What Chromium takes for whitespace in a `Refresh` header: SPACE and TAB only (Blink's `ParseHTTPRefresh` is given
 * the HTML standard's whitespace for a meta refresh alone; third_party/blink/renderer/core/dom/document.cc,
 * `MaybeHandleHttpRefresh`, and platform/network/http_parsers.h). The standard's steps use ASCII whitespace for
 * both; the two differ only on a form feed (a header value cannot hold CR or LF), where hoplens follows Chromium:
 * `Refresh: 1;\furl=foo` goes to `\furl=foo`, which the URL parser makes `url=foo`.
 */
const HEADER_WHITESPACE: ReadonlySet<string> = new Set(['\t', ' ']);

/** Where the refresh is declared: its whitespace differs (above). */
export type RefreshSource = 'meta' | 'header';

/** A cursor over the content, with the steps' small moves. */
class Cursor {
  position = 0;
  constructor(
    readonly input: string,
    readonly whitespace: ReadonlySet<string>,
  ) {}

  get current(): string | undefined {
    return this.input[this.position];
  }

  get done(): boolean {
    return this.position >= this.input.length;
  }

  skipWhitespace(): void {
    while (!this.done && this.whitespace.has(this.current!)) this.position++;
  }

  /** Collects the characters of `allowed` from here on. */
  collect(allowed: RegExp): string {
    const start = this.position;
    while (!this.done && allowed.test(this.current!)) this.position++;
    return this.input.slice(start, this.position);
  }

  /** Advances past `letter` (either case) if it is next. */
  accept(letter: string): boolean {
    if (this.current?.toLowerCase() !== letter) return false;
    this.position++;
    return true;
  }

  get rest(): string {
    return this.input.slice(this.position);
  }
}

/** The `url=` prefix, then quotes: the URL as written, with its quotes and what follows the closing one removed. */
function urlPart(cursor: Cursor): string {
  const whole = cursor.rest;
  if (cursor.current?.toLowerCase() === 'u') {
    // "url" then optional whitespace and "=": any other text is the URL itself, from where "u" was.
    cursor.position++;
    if (!cursor.accept('r') || !cursor.accept('l')) return whole;
    cursor.skipWhitespace();
    if (cursor.current !== '=') return whole;
    cursor.position++;
    cursor.skipWhitespace();
  }
  const quote = cursor.current === '"' || cursor.current === "'" ? cursor.current : undefined;
  if (quote !== undefined) cursor.position++;
  const text = cursor.rest;
  const end = quote === undefined ? -1 : text.indexOf(quote);
  return end === -1 ? text : text.slice(0, end);
}

/**
 * Parses a refresh declaration with the shared declarative refresh steps. Returns undefined when the content is not
 * one (no delay digits, a sign, a letter after the digits...): browsers then do nothing. `source` says which
 * whitespace the steps skip: a `Refresh` header's is Chromium's (above).
 */
export function parseRefresh(content: string, source: RefreshSource = 'meta'): RefreshDeclaration | undefined {
  const cursor = new Cursor(content, source === 'header' ? HEADER_WHITESPACE : WHITESPACE);
  cursor.skipWhitespace();
  const digits = cursor.collect(/[0-9]/);
  if (digits === '' && cursor.current !== '.') return undefined;
  const delay = digits === '' ? 0 : Number.parseInt(digits, 10);
  // A fraction is read and ignored.
  cursor.collect(/[0-9.]/);
  if (cursor.done) return { delay, url: undefined };
  const separator = cursor.current!;
  if (separator !== ';' && separator !== ',' && !cursor.whitespace.has(separator)) return undefined;
  cursor.skipWhitespace();
  if (cursor.current === ';' || cursor.current === ',') cursor.position++;
  cursor.skipWhitespace();
  if (cursor.done) return { delay, url: undefined };
  return { delay, url: urlPart(cursor) };
}
