import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { inputError } from './errors.js';

/** Longest `<loc>` kept: the sitemaps protocol allows 2,048 characters; more is not a sitemap. */
const MAX_LOC = 8192;

const OPEN = '<loc>';
const CLOSE = '</loc>';
/** Text kept between chunks when no `<loc>` is open: enough for the start of `<loc>` or of the root element. */
const TAIL = 20;

/** XML's five named entities (XML 1.0 §4.6); character references are decoded as numbers. */
const NAMED: Readonly<Record<string, string>> = Object.freeze({
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
});

/** A `<loc>`'s text: CDATA sections as they are, entity and character references decoded, edge spaces dropped. */
export function decodeLoc(raw: string): string {
  const cdata = /<!\[CDATA\[([\s\S]*?)\]\]>/g;
  let text = '';
  let last = 0;
  for (const match of raw.matchAll(cdata)) {
    text += decodeEntities(raw.slice(last, match.index)) + match[1];
    last = match.index + match[0].length;
  }
  return (text + decodeEntities(raw.slice(last))).trim();
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return safeCodePoint(Number.parseInt(name.slice(2), 16)) ?? whole;
    if (name.startsWith('#')) return safeCodePoint(Number.parseInt(name.slice(1), 10)) ?? whole;
    return NAMED[name] ?? whole;
  });
}

function safeCodePoint(code: number): string | undefined {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/**
 * Reads the `<loc>`s of an XML sitemap (sitemaps.org protocol) as the stream arrives, in constant memory: only the
 * text after the last complete `<loc>` is kept. `<image:loc>` and other prefixed elements are not page URLs and are
 * not matched. A sitemap index (`<sitemapindex>`) lists sitemaps, not pages: it stops the input.
 */
export async function* readSitemapLocs(stream: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let checkedRoot = false;
  for await (const chunk of stream) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    if (!checkedRoot && /<(sitemapindex|urlset)\b/.test(pending)) {
      checkedRoot = true;
      if (/<sitemapindex\b/.test(pending) && !/<urlset\b/.test(pending)) {
        throw inputError('this is a sitemap index: give the sitemaps it lists (--sitemap is repeatable)');
      }
    }
    let at = 0;
    for (let open = pending.indexOf(OPEN, at); open !== -1; open = pending.indexOf(OPEN, at)) {
      const close = pending.indexOf(CLOSE, open + OPEN.length);
      if (close === -1) break;
      yield decodeLoc(pending.slice(open + OPEN.length, close));
      at = close + CLOSE.length;
    }
    // Keep an unfinished `<loc>` whole, or else only enough text to hold the start of the next one.
    const open = pending.indexOf(OPEN, at);
    pending = open === -1 ? pending.slice(Math.max(at, pending.length - TAIL)) : pending.slice(open);
    if (pending.length > MAX_LOC) throw inputError(`a <loc> is longer than ${MAX_LOC} characters`);
  }
  if (!checkedRoot) throw inputError('not an XML sitemap: no <urlset> element');
}
