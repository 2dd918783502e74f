/**
 * The docs' Markdown as HTML, with markdown-it (the one Markdown library of the package, which the files crawl reads
 * links with too): GitHub-flavoured (tables, strikethrough, bare links, raw HTML), each heading with the anchor GitHub
 * gives it (`## Policy files` → `id="policy-files"`, a repeated one numbered), and relative links rewritten to the
 * served pages of their targets (`cli.md#check` → `/docs/cli#check`, `../README.md` → `/docs/README`).
 */
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

/** A relative link's served target, for the page of `file`; undefined leaves the link as written. */
export type ServedLink = (file: string, href: string) => string | undefined;

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

/** The heading's anchor: its text (tags dropped, entities decoded), lower-cased, slugged as GitHub does. */
function headingId(md: MarkdownIt, inline: Token | undefined, slugger: GithubSlugger, env: object): string {
  const html = md.renderer.renderInline(inline?.children ?? [], md.options, env);
  const raw = decodeEntities(html)
    .trim()
    .replace(/<[!/a-z].*?>/gi, '');
  return slugger.slug(raw.toLowerCase());
}

/** A renderer of the docs whose links go where `link` says: each `render` numbers its repeated headings afresh. */
export function docsMarkdown(link: ServedLink) {
  const md = new MarkdownIt('default', { html: true, linkify: true });
  // GitHub links bare URLs with a scheme (and www.), not every word with a dot (`BENCHMARKS.md`).
  md.linkify.set({ fuzzyLink: false });
  let slugger = new GithubSlugger();
  md.renderer.rules.heading_open = (tokens, index, options, env, self) => {
    tokens[index]!.attrSet('id', headingId(md, tokens[index + 1], slugger, env));
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
      slugger = new GithubSlugger();
      return md.render(markdown, { file });
    },
  };
}
