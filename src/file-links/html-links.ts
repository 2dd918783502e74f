import { type DefaultTreeAdapterMap, parse, parseFragment } from 'parse5';
import { attributeLinks, blockLinks, VALUE_ATTRIBUTES } from './html-embedded-links.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** A link attribute found in HTML, its value's range in the text that was parsed. */
export interface HtmlLink {
  element: string;
  attribute: string;
  /** The value as the browser reads it (character references decoded). */
  value: string;
  start: number;
  end: number;
  /** A URL inside the value (a `srcset` candidate, a CSS `url()`, a JSON-LD property), not the value whole. */
  embedded?: true;
}

/**
 * The attributes an HTML file links by, per element: what a browser follows or fetches (HTML standard: `a`/`area`
 * href, `link` href, `img`/`script`/`iframe`/`source`/`embed` src).
 */
const PAGE_LINKS: Readonly<Record<string, string>> = {
  a: 'href',
  area: 'href',
  link: 'href',
  img: 'src',
  script: 'src',
  iframe: 'src',
  source: 'src',
  embed: 'src',
};

/** Which attribute of an element holds a link: the table's for a page; any `href`/`src` in Markdown and MDX. */
type AttributePicker = (element: Element) => string[];

const pagePicker: AttributePicker = (element) => {
  const name = PAGE_LINKS[element.tagName];
  return name === undefined ? [] : [name];
};

// JSX components (`<Card href="…">`) are read as unknown HTML elements: their string `href` and `src` count too.
const anyPicker: AttributePicker = () => ['href', 'src'];

/** The value's range inside an attribute's source (`href = "x"`): inside the quotes, or the unquoted run. */
function valueRange(text: string, start: number, end: number): { start: number; end: number } | undefined {
  const source = text.slice(start, end);
  const equals = /^[^=]*=\s*/.exec(source);
  if (equals === null) return undefined;
  const at = start + equals[0].length;
  const quote = text[at];
  if (quote === '"' || quote === "'")
    return end - 1 > at && text[end - 1] === quote ? { start: at + 1, end: end - 1 } : undefined;
  return { start: at, end };
}

function linksOf(element: Element, text: string, pick: AttributePicker): HtmlLink[] {
  const location = element.sourceCodeLocation;
  if (location?.attrs === undefined) return [];
  const links: HtmlLink[] = [];
  for (const attribute of pick(element)) {
    const where = location.attrs[attribute];
    const value = element.attrs.find((attr) => attr.name === attribute)?.value;
    if (where === undefined || value === undefined) continue;
    const range = valueRange(text, where.startOffset, where.endOffset);
    // A JSX expression (`href={url}`) is code, not a string: left alone.
    if (range === undefined || text[range.start] === '{') continue;
    links.push({ element: element.tagName, attribute, value, ...range });
  }
  return links;
}

/**
 * The links inside an element's values: `srcset` and `style` attributes, a `<style>` block, a JSON-LD script. A
 * JSON-LD `@id` of a part of the file itself (`#org`) names no document: it is no link.
 */
function embeddedLinksOf(element: Element, text: string): HtmlLink[] {
  const links: HtmlLink[] = [];
  const attrs = element.sourceCodeLocation?.attrs;
  for (const name of VALUE_ATTRIBUTES) {
    const where = attrs?.[name];
    const range = where === undefined ? undefined : valueRange(text, where.startOffset, where.endOffset);
    if (range !== undefined) links.push(...attributeLinks(element, name, text, range));
  }
  links.push(
    ...blockLinks(element, text).filter((link) => !(link.attribute === 'json-ld' && link.value.startsWith('#'))),
  );
  return links.map((link) => ({ ...link, embedded: true }));
}

function walk(node: Node, text: string, pick: AttributePicker, into: HtmlLink[], embedded: boolean): void {
  if ('tagName' in node) into.push(...linksOf(node, text, pick));
  if ('tagName' in node && embedded) into.push(...embeddedLinksOf(node, text));
  const content = 'content' in node ? (node.content as Node) : undefined;
  if (content !== undefined) walk(content, text, pick, into, embedded);
  if ('childNodes' in node) for (const child of node.childNodes) walk(child, text, pick, into, embedded);
}

/**
 * The links of an HTML document, by parse5's source locations (offsets into `text`): its elements' link attributes
 * and the links inside values.
 */
export function htmlFileLinks(text: string): HtmlLink[] {
  const links: HtmlLink[] = [];
  walk(parse(text, { sourceCodeLocationInfo: true }), text, pagePicker, links, true);
  return links;
}

/** The `href`/`src` attributes of an HTML or JSX fragment (Markdown's HTML blocks, MDX's components). */
export function htmlFragmentLinks(text: string): HtmlLink[] {
  const links: HtmlLink[] = [];
  walk(parseFragment(text, { sourceCodeLocationInfo: true }), text, anyPicker, links, false);
  return links;
}
