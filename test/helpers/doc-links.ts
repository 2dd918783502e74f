/**
 * The links and anchors of a Markdown page, read as GitHub reads them: links as markdown-it parses them (the package's
 * one Markdown library) and heading ids as the served pages give them (src/service/routes/doc-markdown.ts follows
 * GitHub's rules: lower-cased text, punctuation dropped, spaces to hyphens, a repeat numbered). One helper for the
 * link check of the files (test/docs) and of the served pages (test/service).
 */
import { docsMarkdown } from '../../src/service/routes/doc-markdown.js';

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

/** Whether a link is relative: no scheme, and not a path from the site's root. */
export function isRelativeLink(href: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('/');
}

const unserved = docsMarkdown(() => undefined);

/** A Markdown page's links as written and its anchors as GitHub makes them. */
export function markdownOutline(markdown: string): { links: string[]; anchors: Set<string> } {
  const html = unserved.render(markdown, '');
  return { links: htmlLinks(html), anchors: htmlAnchors(html) };
}
