/**
 * A same-site style sheet read: a frontier entry of kind `stylesheet` (a `<link rel=stylesheet>` or an `@import`
 * within the scope, src/crawl/link-follow.ts). Visited as a page is (robots.txt, the host's turn, its analysis
 * recorded as its target's), it is read only when it answers 200 `text/css`: one GET more, through the crawl's
 * fetcher, of at most {@link STYLESHEET_LIMIT}. Its `url()`s and `@import`s become `css` links whose page is the
 * style sheet, resolved against the style sheet's own URL ("For CSS style sheets, the base URL is that of the style
 * sheet, not that of the source document": CSS Values and Units 4, 4.5.1, https://www.w3.org/TR/css-values-4/#relative-urls).
 * A redirect's target within the scope is read in turn as a style sheet; an `@import`ed one is queued by
 * link-follow.ts, the seen set ending a loop of imports.
 */
import { analysedPage } from './analysed-page.js';
import { type CrawlContext, recordCut } from './crawl-context.js';
import type { FrontierEntry, LinkRecord, PageRecord } from './crawl-store.js';
import { crawlUrl } from './crawl-url.js';
import { styleSheetLinks } from './embedded-links.js';
import { stylesheetText } from './stylesheet-text.js';
import { admitRedirect, analysedEnds, backOff, ends, mediaType, type VisitAnswer } from './visit-answer.js';

/** The most of a style sheet read: past it, the sheet is read up to its last whole rule and the cut recorded. */
export const STYLESHEET_LIMIT = 1024 * 1024;

/** The Accept a browser sends for a style sheet (Fetch standard, "fetch", destination "style": https://fetch.spec.whatwg.org/#fetching). */
const CSS_ACCEPT = 'text/css,*/*;q=0.1';

interface SheetAnswer extends VisitAnswer {
  /** The body of a 200 `text/css` answer, up to one byte past the limit. */
  readonly body?: Buffer | undefined;
}

/** A 200 `text/css` answer: a style sheet a browser applies, whose body is read. */
function isCss(answer: VisitAnswer): boolean {
  return answer.status === 200 && mediaType(answer.headers) === 'text/css';
}

/** The sheet's first answer (by its analysis when the store records one) and, when it is CSS, its body by a GET. */
async function sheetAnswer(context: CrawlContext, entry: FrontierEntry): Promise<SheetAnswer | 'retry'> {
  const retry = (url: string, header: string | undefined) => backOff(context, url, header);
  const analysed = context.store.recordTarget === undefined ? undefined : await analysedPage(context, entry, retry);
  if (analysed === 'retry') return 'retry';
  // The analysis keeps no style sheet's body: only a sheet it found answering as CSS is fetched again.
  if (analysed !== undefined && !isCss(analysed)) return analysed;
  const request = { maxBytes: STYLESHEET_LIMIT + 1, accept: CSS_ACCEPT, signal: context.signal };
  const response = await context.fetcher.fetch(entry.url, request);
  const { status, headers } = response;
  if ((status === 429 || status === 503) && backOff(context, entry.url, headers['retry-after'])) return 'retry';
  return { status, headers, ...analysedEnds(analysed), ...(isCss(response) ? { body: response.body } : {}) };
}

/** The sheet's text within the limit: a larger one up to its last whole rule or statement, its cut recorded. */
async function withinLimit(context: CrawlContext, url: string, body: Buffer, contentType: string | undefined) {
  if (body.length <= STYLESHEET_LIMIT) return stylesheetText(body, contentType);
  const text = stylesheetText(body.subarray(0, STYLESHEET_LIMIT), contentType);
  const detail = `read its first ${STYLESHEET_LIMIT / (1024 * 1024)} MiB, up to its last whole rule`;
  await recordCut(context, { url, reason: 'stylesheet-size', detail });
  // A token cut in two (`url("/fonts/a.wo`) would be read as a URL that is not one.
  return text.slice(0, Math.max(text.lastIndexOf('}'), text.lastIndexOf(';')) + 1);
}

/** The sheet's links, resolved against its URL, without those that are not http(s). */
function sheetLinks(css: string, sheet: string): LinkRecord[] {
  const links: LinkRecord[] = [];
  for (const raw of styleSheetLinks(css)) {
    const href = raw.href.trim();
    const url = crawlUrl(href, sheet);
    if (url !== undefined) links.push({ page: sheet, element: 'css', url: url.href, raw: href, text: raw.text });
  }
  return links;
}

/** A style sheet's `css` links, a redirect's target admitted, or nothing for any other answer. */
export async function readStylesheet(
  context: CrawlContext,
  entry: FrontierEntry,
): Promise<[PageRecord, LinkRecord[]] | 'retry'> {
  const answer = await sheetAnswer(context, entry);
  if (answer === 'retry') return 'retry';
  const { status, headers, body } = answer;
  const record = { url: entry.url, depth: entry.depth, kind: 'stylesheet' as const, status };
  const read = { ...record, contentType: mediaType(headers), ...ends(answer, entry.url) };
  if (status >= 300 && status < 400 && headers.location !== undefined) {
    await admitRedirect(context, entry, headers.location);
    return [{ ...read, links: 0 }, []];
  }
  if (body === undefined) return [{ ...read, links: 0 }, []];
  const css = await withinLimit(context, entry.url, body, headers['content-type']);
  const links = context.skip.has('css') ? [] : sheetLinks(css, entry.url);
  return [{ ...read, links: links.length }, links];
}
