/**
 * The docs' Markdown as HTML, with markdown-it (the one Markdown library of the package, which the files crawl reads
 * links with too): GitHub-flavoured (tables, strikethrough, bare links, raw HTML), each heading with the anchor GitHub
 * gives it (`## Policy files` → `id="policy-files"`, a repeated one numbered), and relative links rewritten to the
 * served pages of their targets (`cli.md#check` → `/docs/cli#check`, `../README.md` → `/docs/README`).
 */
import MarkdownIt from 'markdown-it';
import { HeadingAnchors } from '../../inputs/markdown/index.js';

/** A relative link's served target, for the page of `file`; undefined leaves the link as written. */
export type ServedLink = (file: string, href: string) => string | undefined;

/** A renderer of the docs whose links go where `link` says: each `render` numbers its repeated headings afresh. */
export function docsMarkdown(link: ServedLink) {
  const md = new MarkdownIt('default', { html: true, linkify: true });
  // GitHub links bare URLs with a scheme (and www.), not every word with a dot (`BENCHMARKS.md`).
  md.linkify.set({ fuzzyLink: false });
  let anchors = new HeadingAnchors(md);
  md.renderer.rules.heading_open = (tokens, index, options, env, self) => {
    tokens[index]!.attrSet('id', anchors.next(tokens[index + 1], env));
    return self.renderToken(tokens, index, options);
  };
  md.core.ruler.push('docs_served_links', (state) => {
    const file = (state.env as { file: string }).file;
    for (const token of state.tokens.flatMap((block) => block.children ?? [])) {
      const served = token.type === 'link_open' ? link(file, token.attrGet('href') ?? '') : undefined;
      if (served !== undefined) token.attrSet('href', served);
    }
  });
  return {
    /** `file`'s Markdown (`docs/cli.md`, relative to the package's root) as HTML. */
    render(markdown: string, file: string): string {
      anchors = new HeadingAnchors(md);
      return md.render(markdown, { file });
    },
  };
}
