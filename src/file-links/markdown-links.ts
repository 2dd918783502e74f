import type MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { LinkForm } from './file-link.js';
import { htmlFragmentLinks } from './html-links.js';
import { referenceDefinitions } from './markdown-definitions.js';
import { INLINE_META, markdownParser } from './markdown-parser.js';
import type { RawLink } from './raw-link.js';
import { TextPositions } from './text-positions.js';

let parser: MarkdownIt | undefined;

/** What one walk over the tokens shares: the text, its lines, the offsets already claimed. */
interface Walk {
  md: MarkdownIt;
  text: string;
  positions: TextPositions;
  /** Start offsets already given to a link, so that two links with one target find their own places. */
  used: Set<number>;
  links: RawLink[];
}

function claim(walk: Walk, link: RawLink): void {
  walk.used.add(link.start);
  walk.links.push(link);
}

/** The part of the text a block token covers (its `map` of lines), where its inline links must be. */
function region(walk: Walk, token: Token): { from: number; to: number } {
  if (token.map === null) return { from: 0, to: walk.text.length };
  return { from: walk.positions.lineStart(token.map[0]), to: walk.positions.lineStart(token.map[1]) };
}

/**
 * An inline link's destination (CommonMark 6.3: `](`, optional spaces and one line ending, then the destination):
 * the first unclaimed one in the block that markdown-it's own destination parser reads as the token's URL.
 */
function inlineDestination(walk: Walk, within: { from: number; to: number }, href: string, form: LinkForm): void {
  const { md, text } = walk;
  for (let at = text.indexOf('](', within.from); at >= 0 && at < within.to; at = text.indexOf('](', at + 1)) {
    let pos = at + 2;
    while (pos < within.to && /[ \t\r\n]/.test(text[pos]!)) pos++;
    if (walk.used.has(pos)) continue;
    const result = md.helpers.parseLinkDestination(text, pos, within.to);
    if (result.ok && result.pos > pos && md.normalizeLink(result.str) === href) {
      claim(walk, { start: pos, end: result.pos, form, target: result.str });
      return;
    }
  }
}

/** An autolink (CommonMark 6.5): `<scheme:…>`, the range inside the angle brackets. */
function autolink(walk: Walk, within: { from: number; to: number }, href: string): void {
  const pattern = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]*)>/g;
  pattern.lastIndex = within.from;
  for (
    let match = pattern.exec(walk.text);
    match !== null && match.index < within.to;
    match = pattern.exec(walk.text)
  ) {
    const start = match.index + 1;
    if (!walk.used.has(start) && walk.md.normalizeLink(match[1]!) === href) {
      claim(walk, { start, end: start + match[1]!.length, form: 'autolink', target: match[1]! });
      return;
    }
  }
}

/** A bare URL (GFM autolink extension), found by the linkify-it matcher markdown-it itself found it with. */
function bareLink(walk: Walk, within: { from: number; to: number }, href: string): void {
  const matches = walk.md.linkify.match(walk.text.slice(within.from, within.to)) ?? [];
  for (const match of matches) {
    const start = within.from + match.index;
    if (!walk.used.has(start) && walk.md.normalizeLink(match.url) === href) {
      claim(walk, { start, end: within.from + match.lastIndex, form: 'bare', target: match.raw });
      return;
    }
  }
}

/** The `href`/`src` attributes of HTML (or JSX) in Markdown, parsed from the source at `offset`. */
function htmlAt(walk: Walk, html: string, offset: number): void {
  for (const link of htmlFragmentLinks(html)) {
    const start = offset + link.start;
    if (walk.used.has(start)) continue;
    const element = `${link.element} ${link.attribute}`;
    claim(walk, { start, end: offset + link.end, form: 'attribute', target: link.value, element });
  }
}

function inlineHtml(walk: Walk, within: { from: number; to: number }, html: string): void {
  for (let at = walk.text.indexOf(html, within.from); at >= 0 && at < within.to; at = walk.text.indexOf(html, at + 1)) {
    const before = walk.links.length;
    htmlAt(walk, html, at);
    if (walk.links.length > before || !/\b(?:href|src)\s*=/i.test(html)) return;
  }
}

/** The links of one inline token's children; bare links are left for last (see {@link markdownLinks}). */
function inlineChildren(walk: Walk, token: Token, bare: Array<() => void>): void {
  const within = region(walk, token);
  for (const child of token.children ?? []) {
    if (child.type === 'link_open') {
      const href = child.attrGet('href') ?? '';
      if (child.markup === 'autolink') autolink(walk, within, href);
      else if (child.markup === 'linkify') bare.push(() => bareLink(walk, within, href));
      else if (child.meta?.[INLINE_META] === true) inlineDestination(walk, within, href, 'inline');
    } else if (child.type === 'image' && child.meta?.[INLINE_META] === true) {
      inlineDestination(walk, within, child.attrGet('src') ?? '', 'image');
    } else if (child.type === 'html_inline') {
      inlineHtml(walk, within, child.content);
    }
  }
}

/**
 * Every link of a Markdown (or MDX) text with the range of its target, read by a CommonMark parser (markdown-it):
 * inline links and images, link reference definitions, autolinks, bare URLs and HTML attributes. Each token's
 * target is looked for in the lines the token came from and recognised by the parser's own destination reading, so
 * that escapes, entities, angle brackets and line breaks are read as CommonMark reads them.
 */
export function markdownLinks(text: string): RawLink[] {
  parser ??= markdownParser();
  const env: { references?: Record<string, { href: string }> } = {};
  const tokens = parser.parse(text, env);
  const walk: Walk = { md: parser, text, positions: new TextPositions(text), used: new Set(), links: [] };
  const bare: Array<() => void> = [];
  const skipLines = new Set<number>();
  for (const token of tokens) {
    if (token.type === 'inline') inlineChildren(walk, token, bare);
    else if (token.type === 'html_block') {
      const within = region(walk, token);
      htmlAt(walk, text.slice(within.from, within.to), within.from);
    }
    if (['fence', 'code_block', 'html_block'].includes(token.type) && token.map !== null) {
      for (let line = token.map[0]; line < token.map[1]; line++) skipLines.add(line);
    }
  }
  for (const definition of referenceDefinitions(walk.md, walk.positions, env.references ?? {}, skipLines)) {
    claim(walk, definition);
  }
  // Bare URLs last: linkify also matches the URL inside `[x](https://…)`, which must stay the inline link's.
  for (const find of bare) find();
  return walk.links.sort((a, b) => a.start - b.start);
}
