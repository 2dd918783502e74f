import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { malformedInput } from '../errors.js';
import { decodeXmlText, localName } from './xml-text.js';

/** One `<loc>` of a sitemap: a page (`<url><loc>`) or, in a sitemap index, a child sitemap (`<sitemap><loc>`). */
export interface SitemapLoc {
  kind: 'page' | 'sitemap';
  /** The URL, entities decoded and CDATA unwrapped, surrounding white space trimmed. */
  loc: string;
  /** 1-based line of the `<loc>` tag. */
  line: number;
}

/** An hreflang alternate of a sitemap's `<url>` entry (`<xhtml:link rel="alternate" hreflang="de" href="...">`). */
export interface SitemapAlternate {
  hreflang: string;
  href: string;
}

/**
 * The alternates of one `<url>` entry, given once the entry closes, for the entry's `<loc>` (asked for with
 * `{ alternates: true }`): Google reads hreflang from sitemaps this way
 * (https://developers.google.com/search/docs/specialty/international/localized-versions).
 */
export interface SitemapEntryAlternates {
  kind: 'alternates';
  /** The entry's `<loc>`: the page these are alternates of. */
  loc: string;
  /** 1-based line of the entry's `<loc>`. */
  line: number;
  alternates: SitemapAlternate[];
}

/** Longest piece of markup or text held at once: a file without `<` must not be buffered whole. */
export const MAX_XML_TOKEN = 256 * 1024;
/** Deepest element nesting followed; a sitemap is three deep. */
const MAX_DEPTH = 64;

/** One attribute of a start tag: `name="value"` or `name='value'`. */
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Where each kind of markup ends, by how it starts. */
const MARKUP: ReadonlyArray<readonly [string, string]> = [
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
  ['<?', '?>'],
  ['<!', '>'],
];

function countLines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** Scanner state: the open elements, the `<loc>` being read, the line reached. */
class LocState {
  readonly stack: string[] = [];
  /** Each open element's namespace prefix ('' for none), beside `stack`. */
  readonly prefixes: string[] = [];
  root: string | undefined;
  loc: { text: string; line: number; kind: SitemapLoc['kind'] } | undefined;
  line = 1;
  /** The `<url>` entry being read, when alternates are asked for: its `<loc>` and its alternates so far. */
  entry: { loc?: SitemapLoc; alternates: SitemapAlternate[] } | undefined;

  constructor(readonly withAlternates: boolean) {}

  /** An element that may be an hreflang alternate of the `<url>` entry being read (a child of `<url>`, any prefix). */
  alternate(name: string, body: string): void {
    if (this.entry === undefined || localName(name) !== 'link' || this.stack.length !== 2) return;
    const attributes = new Map<string, string>();
    for (const [, key, double, single] of body.matchAll(ATTRIBUTE)) {
      if (!attributes.has(key!)) attributes.set(key!, decodeXmlText(double ?? single ?? ''));
    }
    const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
    const hreflang = attributes.get('hreflang');
    const href = attributes.get('href');
    if (rel.includes('alternate') && hreflang !== undefined && href !== undefined) {
      this.entry.alternates.push({ hreflang: hreflang.trim(), href: href.trim() });
    }
  }

  /** The alternates of the `<url>` entry that just closed, if it had a `<loc>` and some. */
  entryDone(): SitemapEntryAlternates | undefined {
    const entry = this.entry;
    this.entry = undefined;
    if (entry?.loc === undefined || entry.alternates.length === 0) return undefined;
    return { kind: 'alternates', loc: entry.loc.loc, line: entry.loc.line, alternates: entry.alternates };
  }

  /** An element opens; returns nothing, or throws when the root is not a sitemap's. */
  open(name: string): void {
    const local = localName(name);
    if (this.root === undefined) {
      if (local !== 'urlset' && local !== 'sitemapindex') {
        throw malformedInput(`not a sitemap: the root element is <${name}>, not <urlset> or <sitemapindex>`);
      }
      this.root = local;
    }
    const parent = this.stack.at(-1);
    // A `loc` under another prefix than its parent's (`<image:loc>` in `<url>`) belongs to another namespace.
    const prefix = name.length > local.length ? name.slice(0, name.length - local.length - 1) : '';
    const samePrefix = prefix === this.prefixes.at(-1);
    if (local === 'loc' && samePrefix && this.stack.length === 2 && (parent === 'url' || parent === 'sitemap')) {
      this.loc = { text: '', line: this.line, kind: parent === 'url' ? 'page' : 'sitemap' };
    }
    if (this.stack.length >= MAX_DEPTH) throw malformedInput(`line ${this.line}: elements nested too deep`);
    if (this.withAlternates && local === 'url' && this.stack.length === 1) this.entry = { alternates: [] };
    this.stack.push(local);
    this.prefixes.push(prefix);
  }

  /** An element closes; returns the `<loc>` it completes, or the alternates of the `<url>` entry it ends. */
  close(): SitemapLoc | SitemapEntryAlternates | undefined {
    const local = this.stack.pop();
    this.prefixes.pop();
    if (local === 'url' && this.stack.length === 1) return this.entryDone();
    if (local !== 'loc' || this.loc === undefined) return undefined;
    const done: SitemapLoc = { kind: this.loc.kind, loc: this.loc.text.trim(), line: this.loc.line };
    this.loc = undefined;
    if (this.entry !== undefined && done.kind === 'page') this.entry.loc = done;
    return done;
  }

  text(text: string): void {
    if (this.loc === undefined) return;
    if (this.loc.text.length + text.length > MAX_XML_TOKEN)
      throw malformedInput(`line ${this.loc.line}: <loc> too long`);
    this.loc.text += text;
  }
}

/**
 * Handles the markup at the start of `rest` (which starts with `<`); returns how many characters it took, or -1 when
 * the markup is not complete yet.
 */
function markup(rest: string, state: LocState, found: Array<SitemapLoc | SitemapEntryAlternates>): number {
  for (const [start, end] of MARKUP) {
    if (rest.length < start.length && start.startsWith(rest)) return -1;
    if (!rest.startsWith(start)) continue;
    const close = rest.indexOf(end, start.length);
    if (close === -1) return -1;
    // CDATA is text taken as written, without entity decoding.
    if (start === '<![CDATA[') state.text(rest.slice(start.length, close));
    return close + end.length;
  }
  const close = rest.indexOf('>');
  if (close === -1) return -1;
  const body = rest.slice(1, close);
  if (body.startsWith('/')) {
    const loc = state.close();
    if (loc !== undefined) found.push(loc);
  } else {
    const name = /^[^\s/>]+/.exec(body)?.[0] ?? '';
    state.alternate(name, body);
    state.open(name);
    if (body.endsWith('/')) {
      // An empty `<loc/>` gives nothing; an empty `<url/>` entry may still end with alternates (none: it has no loc).
      const done = state.close();
      if (done?.kind === 'alternates') found.push(done);
    }
  }
  return close + 1;
}

/**
 * Reads the `<loc>`s of an XML sitemap or sitemap index as the stream arrives, holding only the piece of markup or
 * text being read (no DOM), so that a 50,000-URL file takes no more memory than a small one. Only a `<loc>` that is a
 * child of `<url>` or `<sitemap>` counts: an image's or a video's `<loc>` (`<image:loc>`) does not. Comments,
 * processing instructions and the doctype are passed over; CDATA sections are text. With `{ alternates: true }`,
 * each `<url>` entry's hreflang alternates follow once the entry closes.
 */
export function scanSitemapLocs(stream: Readable | AsyncIterable<Buffer | string>): AsyncGenerator<SitemapLoc>;
export function scanSitemapLocs(
  stream: Readable | AsyncIterable<Buffer | string>,
  options: { alternates: true },
): AsyncGenerator<SitemapLoc | SitemapEntryAlternates>;
export async function* scanSitemapLocs(
  stream: Readable | AsyncIterable<Buffer | string>,
  options?: { alternates: true },
): AsyncGenerator<SitemapLoc | SitemapEntryAlternates> {
  const decoder = new StringDecoder('utf8');
  const state = new LocState(options?.alternates === true);
  let pending = '';
  for await (const chunk of stream) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(Buffer.from(chunk as Uint8Array));
    const found: Array<SitemapLoc | SitemapEntryAlternates> = [];
    let at = 0;
    for (;;) {
      const lt = pending.indexOf('<', at);
      if (lt === -1) break;
      const text = pending.slice(at, lt);
      state.text(decodeXmlText(text));
      state.line += countLines(text);
      const taken = markup(pending.slice(lt, lt + MAX_XML_TOKEN + 16), state, found);
      if (taken === -1) {
        at = lt;
        break;
      }
      state.line += countLines(pending.slice(lt, lt + taken));
      at = lt + taken;
    }
    pending = pending.slice(at);
    if (pending.length > MAX_XML_TOKEN)
      throw malformedInput(`line ${state.line}: markup or text too long for a sitemap`);
    yield* found;
  }
  if (state.root === undefined) throw malformedInput('not a sitemap: no <urlset> or <sitemapindex> element');
}

/** Whether a file's name says it is a sitemap: `*.xml` or `*.xml.gz`. */
export function isSitemapName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.endsWith('.xml') || lower.endsWith('.xml.gz');
}
