/**
 * Reads one `Strict-Transport-Security` field value as RFC 6797 §6.1 defines it:
 * `[ directive ] *( ";" [ directive ] )`, a directive being `token [ "=" ( token / quoted-string ) ]`. Directive
 * names are case-insensitive, each may appear once, `max-age` is required, unknown directives are ignored; a value
 * that does not conform is ignored whole by a user agent (§8.1), so it is reported with why.
 */

/** What a valid field says. */
export interface StsDirectives {
  readonly valid: true;
  /** Seconds the host is to be known as HSTS (§6.1.1); 0 removes it. Capped at `Number.MAX_SAFE_INTEGER`. */
  readonly maxAge: number;
  /** The policy covers the host's subdomains too (§6.1.2). */
  readonly includeSubDomains: boolean;
  /** The `preload` directive hstspreload.org asks for (not RFC 6797's: a user agent ignores it). */
  readonly preload: boolean;
}

/** A field a user agent ignores, and why. */
export interface StsInvalid {
  readonly valid: false;
  readonly problem: string;
}

const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y;
// RFC 9110 §5.6.4: qdtext and quoted-pair, with obs-text.
const QUOTED = /"((?:[\t !#-[\]-~\x80-\xff]|\\[\t -~\x80-\xff])*)"/y;
const SPACE = /[ \t]*/y;

/** A small cursor over the value: each read advances it only when it matched. */
class Cursor {
  at = 0;
  constructor(readonly text: string) {}

  read(pattern: RegExp): RegExpExecArray | undefined {
    pattern.lastIndex = this.at;
    const match = pattern.exec(this.text);
    if (match === null) return undefined;
    this.at = pattern.lastIndex;
    return match;
  }

  skipSpace(): void {
    this.read(SPACE);
  }

  take(char: string): boolean {
    if (this.text[this.at] !== char) return false;
    this.at++;
    return true;
  }

  get done(): boolean {
    return this.at >= this.text.length;
  }
}

/** A directive's value: a token as is, a quoted-string unescaped (§6.1: "after quoted-string unescaping"). */
function readValue(cursor: Cursor): string | undefined {
  const token = cursor.read(TOKEN);
  if (token !== undefined) return token[0];
  const quoted = cursor.read(QUOTED);
  return quoted === undefined ? undefined : quoted[1]!.replace(/\\(.)/g, '$1');
}

/** The directives by lowercase name (a valueless one maps to undefined), or why the value does not conform. */
function readDirectives(value: string): Map<string, string | undefined> | string {
  const cursor = new Cursor(value);
  const directives = new Map<string, string | undefined>();
  for (;;) {
    cursor.skipSpace();
    if (cursor.done) return directives;
    if (cursor.take(';')) continue;
    const name = cursor.read(TOKEN)?.[0].toLowerCase();
    if (name === undefined) return `unexpected ${JSON.stringify(value[cursor.at])} where a directive name should be`;
    cursor.skipSpace();
    let directiveValue: string | undefined;
    if (cursor.take('=')) {
      cursor.skipSpace();
      directiveValue = readValue(cursor);
      if (directiveValue === undefined) return `the ${name} directive has no valid value`;
      cursor.skipSpace();
    }
    if (!cursor.done && !cursor.take(';')) {
      return `unexpected ${JSON.stringify(value[cursor.at])} after the ${name} directive`;
    }
    // §6.1 item 2: "All directives MUST appear only once".
    if (directives.has(name)) return `the ${name} directive appears twice`;
    directives.set(name, directiveValue);
  }
}

/** Parses one field value (the first STS field of a response: a user agent reads no other, §8.1). */
export function parseSts(value: string): StsDirectives | StsInvalid {
  const directives = readDirectives(value);
  if (typeof directives === 'string') return { valid: false, problem: directives };
  if (!directives.has('max-age')) return { valid: false, problem: 'there is no max-age directive' };
  const age = directives.get('max-age');
  // §6.1.1: delta-seconds, 1*DIGIT.
  if (age === undefined || !/^[0-9]+$/.test(age)) {
    return { valid: false, problem: `max-age ${age === undefined ? 'has no value' : 'is not a number of seconds'}` };
  }
  // §6.1.2: includeSubDomains is valueless.
  if (directives.get('includesubdomains') !== undefined) {
    return { valid: false, problem: 'includeSubDomains has a value' };
  }
  return {
    valid: true,
    maxAge: Math.min(Number(age), Number.MAX_SAFE_INTEGER),
    includeSubDomains: directives.has('includesubdomains'),
    preload: directives.has('preload'),
  };
}
