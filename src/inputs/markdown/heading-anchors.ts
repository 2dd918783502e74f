import GithubSlugger from 'github-slugger';
import type MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

/** The entities a heading's HTML may hold, decoded as GitHub reads the heading's text for its anchor. */
const ENTITY = /&(#(?:\d+)|(?:#x[0-9A-Fa-f]+)|(?:\w+));?/gi;

function decodeEntities(html: string): string {
  return html.replace(ENTITY, (_, name: string) => {
    const lower = name.toLowerCase();
    if (lower === 'colon') return ':';
    if (lower.charAt(0) !== '#') return '';
    return String.fromCharCode(
      lower.charAt(1) === 'x' ? Number.parseInt(lower.substring(2), 16) : Number(lower.substring(1)),
    );
  });
}

/**
 * The anchors GitHub gives a Markdown document's headings, in order (`## Policy files` → `policy-files`, a repeated
 * one numbered `-1`, `-2`...): the heading's text with its tags dropped and entities decoded, lower-cased, slugged by
 * github-slugger (GitHub Docs, "Basic writing and formatting syntax", section links). One instance per document:
 * the numbering of repeats is the document's. The served docs and the files crawl's fragment check both use it.
 */
export class HeadingAnchors {
  private readonly slugger = new GithubSlugger();

  constructor(private readonly md: MarkdownIt) {}

  /** The anchor of the heading whose inline token (the one after `heading_open`) is `inline`. */
  next(inline: Token | undefined, env: object = {}): string {
    const html = this.md.renderer.renderInline(inline?.children ?? [], this.md.options, env);
    const raw = decodeEntities(html)
      .trim()
      .replace(/<[!/a-z].*?>/gi, '');
    return this.slugger.slug(raw.toLowerCase());
  }

  /** Every heading anchor of a document's tokens, in order. */
  static of(md: MarkdownIt, tokens: readonly Token[], env: object = {}): string[] {
    const anchors = new HeadingAnchors(md);
    const found: string[] = [];
    tokens.forEach((token, index) => {
      if (token.type === 'heading_open') found.push(anchors.next(tokens[index + 1], env));
    });
    return found;
  }
}
