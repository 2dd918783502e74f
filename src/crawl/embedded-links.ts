/**
 * The links a page keeps inside values rather than in an `href` or `src`: a `srcset`'s candidates (HTML standard,
 * 4.8.4.3.10), the `url()`s and `@import`s of a `style` attribute or a `<style>` block (CSS Syntax Level 3), and the
 * URL properties of a JSON-LD script (schema.org, as Google's structured data reads it). The parsers are inputs'
 * (src/inputs/html/), shared with the files crawl, which rewrites these links where they are written.
 */
import type { DefaultTreeAdapterTypes } from 'parse5';
import { cssUrls, jsonLdUrls, srcsetUrls } from '../inputs/html/index.js';
import type { LinkElement } from './crawl-store.js';

type Element = DefaultTreeAdapterTypes.Element;

/** A link as written, before the base URL is known. */
export interface RawLink {
  element: LinkElement;
  href: string;
  text: string;
}

export function attribute(element: Element, name: string): string | undefined {
  for (const attr of element.attrs) if (attr.name === name && attr.namespace === undefined) return attr.value;
  return undefined;
}

/** The text of a raw text element (`<style>`, `<script>`): its one text child, as the parser keeps it. */
function rawText(element: Element): string {
  let text = '';
  for (const child of element.childNodes) if (child.nodeName === '#text') text += (child as { value: string }).value;
  return text;
}

/** Whether a `<script>` holds JSON-LD: its type's essence is `application/ld+json` (parameters aside). */
function isJsonLd(element: Element): boolean {
  return (attribute(element, 'type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/ld+json';
}

/** The candidates of an `<img>`'s or a `<source>`'s `srcset`. */
export function srcsetLinks(element: Element, found: RawLink[]): void {
  const srcset = attribute(element, 'srcset');
  if (srcset === undefined) return;
  for (const { url } of srcsetUrls(srcset)) found.push({ element: 'srcset', href: url, text: '' });
}

/**
 * The links of a style sheet as the crawl records them (kind `css`): an `@import`'s with the text `@import`, which
 * marks a style sheet the crawl reads in turn (src/crawl/stylesheet-visit.ts).
 */
export function styleSheetLinks(css: string): RawLink[] {
  return cssUrls(css).map(({ url, imported }) => ({ element: 'css', href: url, text: imported ? IMPORT_TEXT : '' }));
}

/** The text of a `css` link that is an `@import`. */
export const IMPORT_TEXT = '@import';

/** The `url()`s of an element's `style` attribute, and of a `<style>` block's sheet. */
export function cssLinks(element: Element, found: RawLink[]): void {
  const style = attribute(element, 'style');
  if (style !== undefined) found.push(...styleSheetLinks(style));
  if (element.tagName === 'style') found.push(...styleSheetLinks(rawText(element)));
}

/** The URL properties of a JSON-LD `<script>`; a script that is not JSON gives none. */
export function jsonLdLinks(element: Element, found: RawLink[]): void {
  if (!isJsonLd(element)) return;
  for (const { url } of jsonLdUrls(rawText(element))) found.push({ element: 'json-ld', href: url, text: '' });
}
