/**
 * One frontier entry read: robots.txt asked, the host's turn awaited, the URL fetched without following its redirect
 * (a redirect's target joins the frontier), an HTML page's links collected, a sitemap's `<loc>`s read
 * (src/crawl/sitemap-visit.ts), a style sheet's `url()`s read (src/crawl/stylesheet-visit.ts); then the page and its
 * links recorded, and the links' targets queued for analysis and, within the scope, for the crawl.
 */
import { decodePage, isHoplensError } from '../core/index.js';
import { analysedPage } from './analysed-page.js';
import { type CrawlContext, recordCut } from './crawl-context.js';
import type { FrontierEntry, Leased, LinkRecord, PageRecord } from './crawl-store.js';
import { followLinks } from './link-follow.js';
import { pageFacts } from './page-facts.js';
import { readPageMarkup } from './page-links.js';
import { readSitemap, streamSitemap } from './sitemap-visit.js';
import { readStylesheet } from './stylesheet-visit.js';
import { admitRedirect, analysedEnds, backOff, ends, mediaType, type VisitAnswer } from './visit-answer.js';

/** Googlebot reads the first 15 MB of an HTML file (https://developers.google.com/search/docs/crawling-indexing/googlebot). */
export const PAGE_LIMIT = 15 * 1024 * 1024;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** A page's first response, its HTML when read whole, and where its redirects end when it was analysed. */
interface PageResponse extends VisitAnswer {
  readonly text?: string | undefined;
}

/** The page's status, headers and (when it read them whole) its HTML: by its analysis, or by a GET of its own. */
async function pageResponse(context: CrawlContext, entry: FrontierEntry): Promise<PageResponse | 'retry'> {
  const retry = (url: string, header: string | undefined) => backOff(context, url, header);
  const analysed = context.store.recordTarget === undefined ? undefined : await analysedPage(context, entry, retry);
  if (analysed === 'retry') return 'retry';
  // Read whole, or no HTML page to read: the analysis's first hop is the page's response.
  if (analysed !== undefined && (analysed.text !== undefined || !isHtml(analysed))) return analysed;
  const ends = analysedEnds(analysed);
  const response = await context.fetcher.fetch(entry.url, { maxBytes: PAGE_LIMIT, signal: context.signal });
  const { status, headers } = response;
  if ((status === 429 || status === 503) && backOff(context, entry.url, headers['retry-after'])) return 'retry';
  if (!isHtml(response)) return { status, headers, ...ends };
  return { status, headers, text: decodePage(response.body, headers['content-type']).text, ...ends };
}

/** A 2xx HTML page: one whose links are read. */
function isHtml(response: { status: number; headers: Readonly<Record<string, string>> }): boolean {
  return response.status >= 200 && response.status <= 299 && HTML_TYPES.has(mediaType(response.headers));
}

/** An HTML page's links, a redirect's target admitted, or nothing for anything else. */
async function readPage(context: CrawlContext, entry: FrontierEntry): Promise<[PageRecord, LinkRecord[]] | 'retry'> {
  const response = await pageResponse(context, entry);
  if (response === 'retry') return 'retry';
  const { status, headers, text } = response;
  const record = {
    url: entry.url,
    depth: entry.depth,
    status,
    contentType: mediaType(headers),
    ...ends(response, entry.url),
  };
  if (status >= 300 && status < 400 && headers.location !== undefined) {
    await admitRedirect(context, entry, headers.location);
    return [{ ...record, links: 0 }, []];
  }
  if (text === undefined || !isHtml(response)) return [{ ...record, links: 0 }, []];
  const reading = readPageMarkup(text, entry.url, headers.link, context.skip);
  const facts = pageFacts(reading, headers, context.crawler);
  return [{ ...record, ...facts, links: reading.links.length }, reading.links];
}

/** The entry read as its kind says: a page, a sitemap or a style sheet. */
function readEntry(context: CrawlContext, entry: FrontierEntry): Promise<[PageRecord, LinkRecord[]] | 'retry'> {
  if (entry.kind === 'sitemap') return readSitemap(context, entry);
  if (entry.kind === 'stylesheet') return readStylesheet(context, entry);
  return readPage(context, entry);
}

/** Reads one frontier entry and records it. Rejects only when the crawl was aborted (the entry is then read again). */
export async function visitPage(context: CrawlContext, leased: Leased<FrontierEntry>): Promise<void> {
  const entry = leased.item;
  const url = new URL(entry.url);
  const robots = await context.robots.for(url);
  if (!robots.allowed(entry.url)) {
    await recordCut(context, { url: entry.url, reason: 'robots', detail: 'disallowed by robots.txt' });
    if (entry.kind !== 'sitemap')
      await context.store.recordTarget?.({ url: entry.url, skipped: 'disallowed by robots.txt' });
    // A style sheet kept out is no page kept out (src/crawl/crawled-pages.ts leaves style sheets out).
    const kind = entry.kind === 'stylesheet' ? { kind: entry.kind } : {};
    const page: PageRecord = { url: entry.url, depth: entry.depth, links: 0, skipped: 'robots', ...kind };
    await context.store.complete(leased.lease, page, []);
    return;
  }
  if (entry.kind === 'sitemap' && context.store.completeInParts !== undefined)
    return streamSitemap(context, leased, robots.crawlDelayMs);
  const release = await context.pacer.acquire(url.host, robots.crawlDelayMs, context.signal);
  let read: [PageRecord, LinkRecord[]] | 'retry';
  try {
    read = await readEntry(context, entry);
  } catch (error) {
    if (context.signal?.aborted === true || !isHoplensError(error)) throw error;
    const kind = entry.kind === 'stylesheet' ? { kind: entry.kind } : {};
    read = [{ url: entry.url, depth: entry.depth, links: 0, error: error.code, ...kind }, []];
  } finally {
    release();
  }
  if (read === 'retry') return context.store.release(leased.lease, Date.now());
  const [page, links] = read;
  // Followed before the page is recorded: a run stopped in between reads the page again, and the seen sets drop what
  // was already queued; the other way round, its links would be lost. A sitemap's were followed as it was read.
  if (entry.kind !== 'sitemap') await followLinks(context, entry, links);
  await context.store.complete(leased.lease, page, links);
}
