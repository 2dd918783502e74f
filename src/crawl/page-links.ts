/**
 * The links of a page, read with the parser the core reads pages with (parse5: the HTML standard's tree construction,
 * scripting enabled, as src/core/html/page-signals.ts parses): only elements the parser puts in the document count, so
 * a link in a comment, a `<noscript>` or a `<template>` is not one. Each link keeps its element and text, and resolves
 * against the document's base URL (the first `<base href>`, WHATWG HTML "document base URL"). The `Link` header's
 * canonical counts as a canonical (RFC 8288; Google reads both:
 * https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls), and its
 * `rel="alternate"; hreflang="x"` links as hreflang alternates, one of Google's three ways of giving them
 * (https://developers.google.com/search/docs/specialty/international/localized-versions). What each element makes is
 * src/crawl/element-links.ts's reading; a JSON-LD `@id` naming a part of the page itself (`#org`) is dropped here.
 */
import { type DefaultTreeAdapterTypes, html as namespaces, parse } from 'parse5';
import { documentBaseUrl, linkTargets, linkValues } from '../core/index.js';
import type { LinkElement, LinkRecord } from './crawl-store.js';
import { crawlUrl } from './crawl-url.js';
import { elementLinks, type Reading } from './element-links.js';
import type { RawLink } from './embedded-links.js';

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

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
    // A JSON-LD node named by a fragment (`"@id": "#org"`) is a part of the page, not a link away from it.
    if (url !== undefined && !(link.element === 'json-ld' && url.href === crawlUrl(pageUrl)?.href))
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
