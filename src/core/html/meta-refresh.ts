/**
 * Finding the `<meta http-equiv="refresh">` of a page's first bytes, as a browser's parser would see it: comments
 * and script bodies are not markup.
 */
const META_TAG = /<meta\b([^>]*)>/gi;
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
function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, double, single, bare] of source.matchAll(ATTRIBUTE)) {
    const key = name!.toLowerCase();
    if (!found.has(key)) found.set(key, decodeReferences(double ?? single ?? bare ?? ''));
  }
  return found;
}

/** The `content` of the first `<meta http-equiv="refresh">` in an HTML head, if any. */
export function findMetaRefresh(html: string): string | undefined {
  const visible = html.replace(HIDDEN, '');
  for (const [, source] of visible.matchAll(META_TAG)) {
    const attrs = attributes(source!);
    if (attrs.get('http-equiv')?.trim().toLowerCase() !== 'refresh') continue;
    return (attrs.get('content') ?? '').trim();
  }
  return undefined;
}
