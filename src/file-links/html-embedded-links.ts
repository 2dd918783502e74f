/**
 * The links an HTML file keeps inside values, with their ranges in the file so `--fix` can rewrite them: a `srcset`'s
 * candidates, the `url()`s of a `style` attribute or a `<style>` block, the URL properties of a JSON-LD script (the
 * parsers are inputs', src/inputs/html/, shared with the site crawl). An attribute's value is read decoded, as the
 * browser reads it (HTML standard 13.2.5.72, character references), and each range is mapped back to the text as
 * written; a `<style>` or `<script>` is raw text (13.2.5.3): read as written.
 */
import type { DefaultTreeAdapterMap } from 'parse5';
import { parseFragment } from 'parse5';
import { cssUrls, jsonLdUrls, type LocatedUrl, srcsetUrls } from '../inputs/html/index.js';

type Element = DefaultTreeAdapterMap['element'];

/** A link inside a value: its element and where it is (`srcset`, `style`, `css`, `json-ld`), decoded, and its range. */
export interface EmbeddedLink {
  element: string;
  attribute: string;
  value: string;
  start: number;
  end: number;
}

/** One character reference decoded as an attribute's value decodes it (by the parser itself: no table of our own). */
function decodeReference(reference: string): string {
  const element = parseFragment(`<a x="${reference}">`).childNodes[0] as Element | undefined;
  return element?.attrs[0]?.value ?? reference;
}

/**
 * For each index of the decoded value, the index of the text as written where its character starts (and one past the
 * end), or undefined when decoding the written text does not give the parser's value (a case this does not foresee).
 */
function writtenIndexes(written: string, decoded: string): number[] | undefined {
  const map: number[] = [];
  let out = '';
  let at = 0;
  while (at < written.length) {
    const reference =
      written[at] === '&'
        ? /^&(?:#\d+;?|#[xX][0-9a-fA-F]+;?|[a-zA-Z][a-zA-Z0-9]*;?)/.exec(written.slice(at, at + 40))
        : null;
    const piece = reference === null ? written[at]! : decodeReference(reference[0]);
    for (let i = 0; i < piece.length; i++) map.push(at);
    out += piece;
    at += reference === null ? 1 : reference[0].length;
  }
  map.push(written.length);
  return out === decoded ? map : undefined;
}

/** The parser an attribute's value is read with, if its links are inside it. */
function valueParser(element: Element, attribute: string): ((value: string) => LocatedUrl[]) | undefined {
  if (attribute === 'style') return cssUrls;
  if (attribute === 'srcset' && (element.tagName === 'img' || element.tagName === 'source')) return srcsetUrls;
  return undefined;
}

/** The links inside an attribute's value, whose written range in `text` is `start`..`end`. */
export function attributeLinks(
  element: Element,
  attribute: string,
  text: string,
  range: { start: number; end: number },
) {
  const parser = valueParser(element, attribute);
  const value = element.attrs.find((attr) => attr.name === attribute)?.value;
  if (parser === undefined || value === undefined) return [];
  const map = writtenIndexes(text.slice(range.start, range.end), value);
  if (map === undefined) return [];
  return parser(value).map(
    (located): EmbeddedLink => ({
      element: element.tagName,
      attribute,
      value: located.url,
      start: range.start + map[located.start]!,
      end: range.start + map[located.end]!,
    }),
  );
}

/** The attributes whose values may hold links. */
export const VALUE_ATTRIBUTES: readonly string[] = ['srcset', 'style'];

/** The links of a `<style>` block or a JSON-LD `<script>`, read from the file's text as written. */
export function blockLinks(element: Element, text: string): EmbeddedLink[] {
  const type = element.attrs.find((attr) => attr.name === 'type')?.value ?? '';
  const isJsonLd = element.tagName === 'script' && type.split(';')[0]!.trim().toLowerCase() === 'application/ld+json';
  if (element.tagName !== 'style' && !isJsonLd) return [];
  const location = element.childNodes[0]?.sourceCodeLocation;
  if (location === undefined || location === null) return [];
  const written = text.slice(location.startOffset, location.endOffset);
  return (isJsonLd ? jsonLdUrls(written) : cssUrls(written)).map((located) => ({
    element: element.tagName,
    attribute: isJsonLd ? 'json-ld' : 'css',
    value: located.url,
    start: location.startOffset + located.start,
    end: location.startOffset + located.end,
  }));
}
