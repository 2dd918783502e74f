/**
 * The links of a page, read with the parser the core reads pages with (parse5: the HTML standard's tree construction,
 * scripting enabled, as src/core/html/page-signals.ts parses): only elements the parser puts in the document count, so
 * a link in a comment, a `<noscript>` or a `<template>` is not one. Each link keeps its element and text, and resolves
 * against the document's base URL (the first `<base href>`, WHATWG HTML "document base URL"). The `Link` header's
 * canonical counts as a canonical (RFC 8288; Google reads both:
 * https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls), and its
 * `rel="alternate"; hreflang="x"` links as hreflang alternates, one of Google's three ways of giving them
 * (https://developers.google.com/search/docs/specialty/international/localized-versions).
 */
import { type DefaultTreeAdapterTypes, html as namespaces, parse } from 'parse5';
import { documentBaseUrl, linkTargets, linkValues } from '../core/index.js';
import type { LinkElement, LinkRecord } from './crawl-store.js';
import { crawlUrl } from './crawl-url.js';

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

/** A link as written, before the base URL is known. */
interface RawLink {
  element: LinkElement;
  href: string;
  text: string;
}

function attribute(element: Element, name: string): string | undefined {
  for (const attr of element.attrs) if (attr.name === name && attr.namespace === undefined) return attr.value;
  return undefined;
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

/** The links a `<link>` element makes: canonical, hreflang alternate, next, prev, stylesheet. */
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
}

/** What one walk of a document collects: its links, its first `<base href>`, its first `<title>` and named metas. */
interface Reading {
  readonly links: RawLink[];
  base?: string | undefined;
  title?: string | undefined;
  readonly metas: Array<{ name: string; content: string }>;
}

/** The title and named metas: what a page says of itself (src/crawl/page-facts.ts). */
function elementFacts(element: Element, reading: Reading): void {
  // The document's title is its first `<title>` in tree order (WHATWG HTML, "The title element").
  if (element.tagName === 'title' && reading.title === undefined) reading.title = textOf(element);
  if (element.tagName !== 'meta') return;
  const name = attribute(element, 'name');
  if (name !== undefined) reading.metas.push({ name, content: attribute(element, 'content') ?? '' });
}

/** The links one element makes, and the `<base href>` it sets. */
function elementLinks(element: Element, inHead: boolean, reading: Reading): void {
  const found = reading.links;
  const src = () => attribute(element, 'src');
  elementFacts(element, reading);
  switch (element.tagName) {
    case 'a':
    case 'area': {
      const href = attribute(element, 'href');
      if (href !== undefined)
        found.push({ element: 'a', href, text: textOf(element) || (attribute(element, 'alt') ?? '') });
      return;
    }
    case 'link':
      linkElementLinks(element, inHead, found);
      return;
    case 'base':
      reading.base ??= attribute(element, 'href');
      return;
    case 'meta':
      if (attribute(element, 'property') === 'og:url') {
        const content = attribute(element, 'content');
        if (content !== undefined) found.push({ element: 'og:url', href: content, text: '' });
      }
      return;
    case 'img':
    case 'script':
    case 'iframe': {
      const value = src();
      if (value !== undefined)
        found.push({ element: element.tagName, href: value, text: attribute(element, 'alt') ?? '' });
      return;
    }
  }
}

/** Every link of the document, in document order, with the first `<base href>`, the title and the named metas. */
function rawLinks(markup: string): Reading {
  const document = parse(markup, { scriptingEnabled: true });
  const reading: Reading = { links: [], metas: [] };
  const stack: Array<[Node, boolean]> = [[document, false]];
  while (stack.length > 0) {
    const [node, inHead] = stack.pop()!;
    const isElement = 'tagName' in node && node.namespaceURI === namespaces.NS.HTML;
    if (isElement) elementLinks(node, inHead, reading);
    // A template's contents are a fragment of their own (parse5's `content`), not children: they are never read.
    if (!('childNodes' in node)) continue;
    const head = inHead || (isElement && node.tagName === 'head');
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push([node.childNodes[i]!, head]);
  }
  return reading;
}

/** The canonicals and hreflang alternates of a page's `Link` header, resolved against the page's URL (RFC 8288 §3.5). */
function headerLinks(linkHeader: string, pageUrl: string, skip: ReadonlySet<LinkElement>): LinkRecord[] {
  const records: LinkRecord[] = [];
  const add = (element: LinkElement, target: string, text: string) => {
    const url = crawlUrl(target, pageUrl);
    if (url !== undefined) records.push({ page: pageUrl, element, url: url.href, raw: target, text, from: 'header' });
  };
  if (!skip.has('canonical')) for (const target of linkTargets(linkHeader, 'canonical')) add('canonical', target, '');
  if (!skip.has('hreflang')) {
    for (const link of linkValues(linkHeader, 'alternate')) {
      const hreflang = link.params.get('hreflang');
      if (hreflang !== undefined) add('hreflang', link.target, hreflang);
    }
  }
  return records;
}

/**
 * The links of the page at `pageUrl` (its markup, and its `Link` header), resolved and without fragments, the kinds in
 * `skip` left out. Links that are not http(s) (mailto:, javascript:, tel:) are not links a crawl follows.
 */
export function pageLinks(
  markup: string,
  pageUrl: string,
  linkHeader: string | undefined,
  skip: ReadonlySet<LinkElement>,
): LinkRecord[] {
  return readPageMarkup(markup, pageUrl, linkHeader, skip).links;
}

/** A page's markup read once: its links, and what the page says of itself (src/crawl/page-facts.ts judges it). */
export interface MarkupReading {
  readonly links: LinkRecord[];
  readonly title: string | undefined;
  readonly metas: ReadonlyArray<{ readonly name: string; readonly content: string }>;
  /** The distinct canonicals it declares (one is the canonical; several are a conflict Google ignores). */
  readonly canonicals: readonly string[];
}

/** The page's links as {@link pageLinks} gives them, and its title and named metas, from one parse. */
export function readPageMarkup(
  markup: string,
  pageUrl: string,
  linkHeader: string | undefined,
  skip: ReadonlySet<LinkElement>,
): MarkupReading {
  const { links, base, title, metas } = rawLinks(markup);
  const baseUrl = documentBaseUrl(base, pageUrl);
  const canonicals = canonicalsOf(links, baseUrl, pageUrl, linkHeader);
  const records: LinkRecord[] = linkHeader === undefined ? [] : headerLinks(linkHeader, pageUrl, skip);
  for (const link of links) {
    if (skip.has(link.element)) continue;
    const href = link.href.trim();
    const url = href === '' ? undefined : crawlUrl(href, baseUrl);
    if (url !== undefined)
      records.push({ page: pageUrl, element: link.element, url: url.href, raw: href, text: link.text });
  }
  return { links: records, title, metas, canonicals };
}

/**
 * Every canonical the page declares, whatever `--skip` leaves out: the `Link` header's, then the head's, resolved and
 * without duplicates.
 */
function canonicalsOf(links: readonly RawLink[], baseUrl: URL, pageUrl: string, header: string | undefined) {
  const found = new Set<string>();
  for (const target of header === undefined ? [] : linkTargets(header, 'canonical')) {
    const url = crawlUrl(target, pageUrl);
    if (url !== undefined) found.add(url.href);
  }
  for (const link of links) {
    const url = link.element === 'canonical' ? crawlUrl(link.href.trim(), baseUrl) : undefined;
    if (url !== undefined) found.add(url.href);
  }
  return [...found];
}
