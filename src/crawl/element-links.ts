/**
 * The links one element of a page makes, by its kind (src/crawl/crawl-store.ts's LINK_ELEMENTS), and what a page
 * says of itself (its title and named metas): read element by element by the walk of src/crawl/page-links.ts.
 */
import type { DefaultTreeAdapterTypes } from 'parse5';
import { attribute, cssLinks, jsonLdLinks, type RawLink, srcsetLinks } from './embedded-links.js';

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

/** The Twitter card properties that hold a URL (X's "Cards markup reference"). */
const TWITTER_URLS: ReadonlySet<string> = new Set(['twitter:url', 'twitter:image', 'twitter:player']);

/** What one walk of a document collects: its links, its first `<base href>`, its first `<title>` and named metas. */
export interface Reading {
  readonly links: RawLink[];
  base?: string | undefined;
  title?: string | undefined;
  readonly metas: Array<{ name: string; content: string }>;
}

/** The text of an element's descendants, whitespace collapsed (an `<img>`'s alt standing for the image). */
function textOf(element: Element): string {
  let text = '';
  const stack: Node[] = [...element.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeName === '#text') text += (node as DefaultTreeAdapterTypes.TextNode).value;
    else if ('tagName' in node && node.tagName === 'img') text += attribute(node, 'alt') ?? '';
    else if ('childNodes' in node) stack.push(...[...node.childNodes].reverse());
  }
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The links a `<link>` element makes: canonical, hreflang alternate, next, prev, stylesheet, amphtml, manifest and
 * icon (`icon`, `shortcut icon`, `apple-touch-icon`: any rel token that is or ends in `icon`).
 */
function linkElementLinks(element: Element, inHead: boolean, found: RawLink[]): void {
  const href = attribute(element, 'href');
  if (href === undefined) return;
  const rel = (attribute(element, 'rel') ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
  // Google reads a canonical only in the head (the core's reading: src/core/html/link-canonical.ts).
  if (rel.includes('canonical') && inHead) found.push({ element: 'canonical', href, text: '' });
  const hreflang = attribute(element, 'hreflang');
  if (rel.includes('alternate') && hreflang !== undefined) found.push({ element: 'hreflang', href, text: hreflang });
  if (rel.includes('next')) found.push({ element: 'next', href, text: '' });
  if (rel.includes('prev') || rel.includes('previous')) found.push({ element: 'prev', href, text: '' });
  if (rel.includes('stylesheet')) found.push({ element: 'stylesheet', href, text: '' });
  if (rel.includes('amphtml')) found.push({ element: 'amphtml', href, text: '' });
  if (rel.includes('manifest')) found.push({ element: 'manifest', href, text: '' });
  if (rel.some((token) => token === 'icon' || token.endsWith('-icon'))) found.push({ element: 'icon', href, text: '' });
}

/** A `<meta>`'s URL: `og:url` (property), a Twitter card's URL (name, or property as many sites write it). */
function metaLinks(element: Element, found: RawLink[]): void {
  const content = attribute(element, 'content');
  if (content === undefined) return;
  const property = attribute(element, 'property')?.toLowerCase();
  if (property === 'og:url') found.push({ element: 'og:url', href: content, text: '' });
  const card = attribute(element, 'name')?.toLowerCase() ?? property;
  if (card !== undefined && TWITTER_URLS.has(card)) found.push({ element: 'twitter', href: content, text: card });
}

/** The title and named metas: what a page says of itself (src/crawl/page-facts.ts). */
function elementFacts(element: Element, reading: Reading): void {
  // The document's title is its first `<title>` in tree order (WHATWG HTML, "The title element").
  if (element.tagName === 'title' && reading.title === undefined) reading.title = textOf(element);
  if (element.tagName !== 'meta') return;
  const name = attribute(element, 'name');
  if (name !== undefined) reading.metas.push({ name, content: attribute(element, 'content') ?? '' });
}

/** The `src` of an element, as a link of `kind` with its `alt`. */
function srcLink(element: Element, kind: RawLink['element'], found: RawLink[]): void {
  const value = attribute(element, 'src');
  if (value !== undefined) found.push({ element: kind, href: value, text: attribute(element, 'alt') ?? '' });
}

/**
 * A form's action, and a submit button's `formaction` that overrides it (HTML standard 4.10.18.6): an absent or empty
 * one submits to the page itself, which is no link.
 */
function formLinks(element: Element, found: RawLink[]): void {
  const name = element.tagName === 'form' ? 'action' : 'formaction';
  const href = attribute(element, name);
  if (href !== undefined && href.trim() !== '') found.push({ element: 'form', href, text: '' });
}

/** The links one element makes, and the `<base href>` it sets. */
export function elementLinks(element: Element, inHead: boolean, reading: Reading): void {
  const found = reading.links;
  elementFacts(element, reading);
  cssLinks(element, found);
  switch (element.tagName) {
    case 'a':
    case 'area': {
      const href = attribute(element, 'href');
      const text = textOf(element) || (attribute(element, 'alt') ?? '');
      if (href !== undefined) found.push({ element: element.tagName === 'a' ? 'a' : 'area', href, text });
      break;
    }
    case 'link':
      linkElementLinks(element, inHead, found);
      break;
    case 'base':
      reading.base ??= attribute(element, 'href');
      break;
    case 'meta':
      metaLinks(element, found);
      break;
    case 'img':
    case 'source':
      srcLink(element, 'img', found);
      srcsetLinks(element, found);
      break;
    case 'script':
      srcLink(element, 'script', found);
      jsonLdLinks(element, found);
      break;
    case 'iframe':
      srcLink(element, 'iframe', found);
      break;
    case 'form':
    case 'button':
    case 'input':
      formLinks(element, found);
      break;
  }
}
