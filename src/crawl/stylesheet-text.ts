/**
 * A style sheet's bytes decoded as CSS Syntax Level 3 decodes them (3.2, "The input byte stream"): a byte order mark
 * first, then the `Content-Type`'s charset, then an `@charset "…";` rule at the very start, else UTF-8 (the crawl
 * has no referring document's encoding to fall back on). A label TextDecoder does not know counts as none.
 */

/** The encoding a label names, or undefined for a label unknown (or none). */
function known(label: string | undefined): string | undefined {
  if (label === undefined) return undefined;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

/** The charset parameter of a `Content-Type`. */
function charsetOf(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
}

/** The encoding of `@charset "x";` when the sheet starts with it (its bytes read as ASCII, as the rule says). */
function atCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 1024).toString('latin1');
  const label = /^@charset "([^"]*)";/.exec(head)?.[1];
  const encoding = known(label);
  // A sheet that names UTF-16 in ASCII bytes is not UTF-16: the rule says read it as UTF-8.
  return encoding === 'utf-16le' || encoding === 'utf-16be' ? 'utf-8' : encoding;
}

export function stylesheetText(body: Buffer, contentType: string | undefined): string {
  const bom = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 'utf-8' : undefined;
  const utf16 =
    body[0] === 0xfe && body[1] === 0xff ? 'utf-16be' : body[0] === 0xff && body[1] === 0xfe ? 'utf-16le' : undefined;
  const encoding = bom ?? utf16 ?? known(charsetOf(contentType)) ?? atCharset(body) ?? 'utf-8';
  return new TextDecoder(encoding).decode(body);
}
