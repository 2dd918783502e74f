/**
 * Reading a page's HTML as a browser builds its document: parse5 runs the HTML standard's tokenizer and tree
 * construction (scripting enabled, as in Chromium), and only elements the parser inserts into the document count.
 * Markup the standard keeps out of it is never read: comments, the text of `<title>`, `<textarea>`, `<style>`, `<xmp>`,
 * `<noscript>`, `<iframe>` (its fallback content), `<noembed>`, `<noframes>`, `<plaintext>` and `<script>`, attribute
 * values (an iframe's `srcdoc` included) and a `<template>`'s contents. One parse gives every signal the core reads:
 * the meta refreshes, the base URL, the canonical and hreflang links, the robots metas, inline scripts and the language.
 */
import { type DefaultTreeAdapterTypes, defaultTreeAdapter, html as namespaces, parse, type TreeAdapter } from 'parse5';
import { metaElementEncoding } from './encoding-prescan.js';
import { signalExtent } from './signal-extent.js';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** A `<meta http-equiv="refresh">` as the parser inserted it, with the document's `<base href>` at that moment. */
export interface MetaRefresh {
  /** Its `content` attribute, absent when it has none. */
  readonly content: string | undefined;
  /** The `href` of the first `<base>` inserted before it, if any: its URL resolves against that base. */
  readonly base: string | undefined;
}

/** A `<link href>`: its `rel` tokens (lowercase), `href` and `hreflang` as written, and where the parser put it. */
export interface PageLink {
  readonly rel: readonly string[];
  readonly href: string;
  readonly hreflang: string | undefined;
  /**
   * Whether the parser inserted it into the document's `<head>`: Google reads a canonical link only there, and the
   * tree construction ends the head at the first element that belongs to the body (a `<div>`, text, an `<img>`...).
   */
  readonly inHead: boolean;
}

/** A `<meta name>`: its name as written and its `content` ('' when it has none). */
export interface NamedMeta {
  readonly name: string;
  readonly content: string;
}

/** What the core reads in a page, each list in the order the parser inserted its elements into the document. */
export interface PageSignals {
  readonly refreshes: readonly MetaRefresh[];
  /** The `href` of the document's first `<base>` with one: the document's base URL comes from it. */
  readonly base: string | undefined;
  readonly links: readonly PageLink[];
  readonly metas: readonly NamedMeta[];
  /** The text of every inline `<script>` (no `src`), HTML or SVG: the scripts a browser would run. */
  readonly scripts: readonly string[];
  /** The `<html lang>` attribute as written. */
  readonly lang: string | undefined;
  /** The document's character encoding when it is not UTF-8 (src/core/html/page-encoding.ts). */
  readonly encoding?: string;
  /**
   * The encoding the first `<meta charset>` (or `http-equiv="Content-Type"`) the parser inserted declares, wherever
   * it is: with a tentative encoding the standard's parser changes to it (src/core/html/page-encoding.ts).
   */
  readonly declaredEncoding?: string | undefined;
}

/** The signals of a page that has none of the elements they come from. */
export const NO_SIGNALS: PageSignals = Object.freeze({
  refreshes: [],
  base: undefined,
  links: [],
  metas: [],
  scripts: [],
  lang: undefined,
});

function attribute(element: Element, name: string): string | undefined {
  for (const attr of element.attrs) if (attr.name === name && attr.namespace === undefined) return attr.value;
  return undefined;
}

/** Whether `parent` is in the document: its ancestors lead to the document, not to a template's contents. */
function inDocument(parent: ParentNode): boolean {
  let node: ParentNode = parent;
  while ('parentNode' in node && node.parentNode !== null) node = node.parentNode;
  return node.nodeName === '#document';
}

/** Collects the signals as the parser inserts elements, the moment the HTML standard's insertion steps run. */
class SignalCollector {
  readonly refreshes: MetaRefresh[] = [];
  base: string | undefined;
  readonly links: PageLink[] = [];
  readonly metas: NamedMeta[] = [];
  readonly scripts: Element[] = [];
  declaredEncoding: string | undefined;

  inserted(element: Element, parent: ParentNode): void {
    const { tagName, namespaceURI } = element;
    const isHtml = namespaceURI === namespaces.NS.HTML;
    if (tagName === 'script' && (isHtml || namespaceURI === namespaces.NS.SVG)) {
      if (attribute(element, 'src') === undefined && inDocument(parent)) this.scripts.push(element);
    } else if (isHtml && (tagName === 'meta' || tagName === 'link' || tagName === 'base') && inDocument(parent)) {
      if (tagName === 'meta') this.meta(element);
      else if (tagName === 'link') this.link(element, parent);
      else if (this.base === undefined) this.base = attribute(element, 'href');
    }
  }

  private meta(element: Element): void {
    // `http-equiv` is an enumerated attribute: matched ASCII case-insensitively, as written (no trimming).
    if (attribute(element, 'http-equiv')?.toLowerCase() === 'refresh') {
      this.refreshes.push({ content: attribute(element, 'content'), base: this.base });
    }
    this.declaredEncoding ??= metaElementEncoding(
      attribute(element, 'charset'),
      attribute(element, 'http-equiv'),
      attribute(element, 'content'),
    );
    const name = attribute(element, 'name');
    if (name !== undefined) this.metas.push({ name, content: attribute(element, 'content') ?? '' });
  }

  private link(element: Element, parent: ParentNode): void {
    const href = attribute(element, 'href');
    if (href === undefined) return;
    const rel = (attribute(element, 'rel') ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
    const inHead = 'tagName' in parent && parent.tagName === 'head' && parent.namespaceURI === namespaces.NS.HTML;
    this.links.push({ rel, href, hreflang: attribute(element, 'hreflang'), inHead });
  }
}

/** parse5's tree adapter, telling `collector` of every element inserted, appended or (foster parenting) inserted before. */
function collectingAdapter(collector: SignalCollector): TreeAdapter<DefaultTreeAdapterTypes.DefaultTreeAdapterMap> {
  return {
    ...defaultTreeAdapter,
    appendChild(parent, node) {
      defaultTreeAdapter.appendChild(parent, node);
      if ('tagName' in node) collector.inserted(node, parent);
    },
    insertBefore(parent, node, reference) {
      defaultTreeAdapter.insertBefore(parent, node, reference);
      if ('tagName' in node) collector.inserted(node, parent);
    },
  };
}

function textOf(element: Element): string {
  let text = '';
  for (const child of element.childNodes) if (child.nodeName === '#text') text += (child as { value: string }).value;
  return text;
}

/**
 * Reads a page's HTML (the first bytes read of it) as the HTML standard's parser builds its document. Only the part
 * that holds signals is parsed (src/core/html/signal-extent.ts): none at all for a page without an element a signal
 * comes from, and seldom the end of a long body. `extent` is for tests, to compare with a parse of the whole.
 */
export function readPage(markup: string, extent = signalExtent(markup)): PageSignals {
  if (extent === 0) return NO_SIGNALS;
  const collector = new SignalCollector();
  const html = extent === markup.length ? markup : markup.slice(0, extent);
  const document = parse(html, { treeAdapter: collectingAdapter(collector), scriptingEnabled: true });
  const root = document.childNodes.find((node): node is Element => node.nodeName === 'html');
  return {
    refreshes: collector.refreshes,
    base: collector.base,
    links: collector.links,
    metas: collector.metas,
    scripts: collector.scripts.map(textOf),
    lang: root === undefined ? undefined : attribute(root, 'lang'),
    declaredEncoding: collector.declaredEncoding,
  };
}
