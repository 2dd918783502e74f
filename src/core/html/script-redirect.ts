/**
 * Finding a location change with a literal URL in a page's inline scripts, without running them: what a crawler
 * that does not render can still see. A URL built at run time is beyond it (rendering sees those).
 */

/** Inline script bodies: a `<script>` without `src`, up to its end tag (or the end of what was read). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)(?:<\/script\s*>|$)/gi;
/** Comments are not markup: a script inside one never runs. */
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

const OWNER = String.raw`(?:\b(?:window|document|top|self|parent)\s*\.\s*)?`;
const LITERAL = String.raw`(["'\x60])((?:(?!\1)[^\\\n]|\\.)*)\1`;
/** `location = '…'`, `location.href = '…'` (not `==`), on the window or one of its aliases. */
const ASSIGNMENT = new RegExp(String.raw`${OWNER}\blocation(?:\s*\.\s*href)?\s*=(?!=)\s*${LITERAL}`, 'g');
/** `location.replace('…')`, `location.assign('…')`. */
const CALL = new RegExp(String.raw`${OWNER}\blocation\s*\.\s*(?:replace|assign)\s*\(\s*${LITERAL}\s*\)`, 'g');

/** Undoes the simple escapes a string literal may carry (`\/`, `\'`, `\"`). */
function unescapeLiteral(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

/**
 * The URL of the first location change with a literal URL in the page's inline scripts, as written (unresolved),
 * or undefined. A template literal with a substitution is not a literal URL.
 */
export function findScriptRedirect(html: string): string | undefined {
  const markup = html.replace(COMMENT, '');
  for (const [, attributes, body] of markup.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    const found = [...body!.matchAll(ASSIGNMENT), ...body!.matchAll(CALL)]
      .sort((a, b) => a.index - b.index)
      .find((match) => !(match[1] === '`' && match[2]!.includes('${')));
    if (found !== undefined) return unescapeLiteral(found[2]!);
  }
  return undefined;
}
