/**
 * Reading tags out of a page's first bytes, as a browser's parser would see them: comments and script bodies are not
 * markup, attribute names are case-insensitive and their values carry character references. One reader for the meta
 * refresh, the meta robots and the canonical link (src/core/html/).
 */

/** One attribute: a name, then an optional value in double, single or no quotes (HTML tokenizer, simplified). */
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
/** What a browser never reads as markup: comments (an unclosed one runs to the end) and script bodies. */
const HIDDEN = /<!--[\s\S]*?(?:-->|$)|<script\b[\s\S]*?(?:<\/script\s*>|$)/gi;

/** The named character references that matter in a URL or a refresh content; numeric ones are read as numbers. */
const NAMED_REFERENCES: Readonly<Record<string, string>> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** Decodes the character references of an attribute value (`&amp;` in a URL's query is the common one). */
function decodeReferences(value: string): string {
  return value.replace(/&(#[0-9]+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_REFERENCES[name.toLowerCase()] ?? whole;
  });
}

/** A tag's attributes by lowercase name, values decoded; the first of a repeated name wins, as in HTML. */
function attributes(source: string): ReadonlyMap<string, string> {
  const found = new Map<string, string>();
  for (const [, name, double, single, bare] of source.matchAll(ATTRIBUTE)) {
    const key = name!.toLowerCase();
    if (!found.has(key)) found.set(key, decodeReferences(double ?? single ?? bare ?? ''));
  }
  return found;
}

/** The markup a browser reads: the page without its comments and script bodies. */
export function visibleMarkup(html: string): string {
  return html.replace(HIDDEN, '');
}

/**
 * The attributes of every `<name ...>` start tag of the visible markup, in document order. `name` is a plain tag
 * name such as `meta` or `link` (matched case-insensitively). Pass markup already made visible when reading several
 * tag names from one page.
 */
export function findTags(markup: string, name: string): ReadonlyMap<string, string>[] {
  const tag = new RegExp(`<${name}\\b([^>]*)>`, 'gi');
  return [...markup.matchAll(tag)].map(([, source]) => attributes(source!));
}
