/**
 * The links and anchors of a served docs page's HTML (test/service). The files themselves are link-checked by
 * hoplens's files crawl (test/docs/doc-links.test.ts).
 */
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/** HTML attribute text as written: the entities the renderer writes decoded. */
function decoded(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);
}

/** The targets of an HTML page's `#fragment` links: every element's id, and the names of `<a name>`. */
export function htmlAnchors(html: string): Set<string> {
  return new Set([...html.matchAll(/\s(?:id|name)="([^"]*)"/g)].map((match) => decoded(match[1]!)));
}

/** An HTML page's link targets, `href` of every `<a>`. */
export function htmlLinks(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((match) => decoded(match[1]!));
}
