/**
 * One frontier entry read: robots.txt asked, the host's turn awaited, the URL fetched without following its redirect
 * (a redirect's target joins the frontier), an HTML page's links collected, a sitemap's `<loc>`s read; then the page
 * and its links recorded, and the links' targets queued for analysis and, within the scope, for the crawl.
 */
import { decodePage, isHoplensError } from '../core/index.js';
import { analysedPage } from './analysed-page.js';
import { admit, type CrawlContext, FOLLOWED, recordCut, trapped } from './crawl-context.js';
import type { FrontierEntry, Leased, LinkRecord, PageRecord } from './crawl-store.js';
import { crawlUrl } from './crawl-url.js';
import { retryAfter } from './host-pacer.js';
import { pageLinks } from './page-links.js';
import { sitemapAlternateLinks } from './sitemap-alternates.js';
import { type SitemapItem, sitemapLocStream, sitemapLocs } from './sitemap-locs.js';

/** Googlebot reads the first 15 MB of an HTML file (https://developers.google.com/search/docs/crawling-indexing/googlebot). */
export const PAGE_LIMIT = 15 * 1024 * 1024;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/**
 * The links' targets queued for analysis, and those within the scope that lead to pages queued for the crawl. A store
 * that records a page's analysis when the page is read (`recordTarget`) gets no target for a URL in the frontier.
 */
async function followLinks(context: CrawlContext, entry: FrontierEntry, links: readonly LinkRecord[]): Promise<void> {
  const targets = new Set<string>();
  const pages: FrontierEntry[] = [];
  const depth = entry.kind === 'sitemap' ? 0 : entry.depth + 1;
  for (const link of links) {
    const url = new URL(link.url);
    const inScope = context.scope.includes(url);
    if (inScope && (await trapped(context, url, depth))) continue;
    targets.add(link.url);
    if (inScope && FOLLOWED.has(link.element)) {
      pages.push({ url: link.url, depth, source: entry.kind === 'sitemap' ? 'sitemap' : 'link', referrer: entry.url });
    }
  }
  const cut = await admit(context, pages);
  if (context.store.recordTarget !== undefined) {
    for (const page of pages) if (!cut.has(page.url)) targets.delete(page.url);
  }
  await context.store.addTargets([...targets]);
}

/** A sitemap's entries as links (element `sitemap`); an index's sitemaps join the frontier as sitemaps. */
async function readSitemap(context: CrawlContext, entry: FrontierEntry): Promise<[PageRecord, LinkRecord[]]> {
  const { status, locs, alternates, contentType } = await sitemapLocs(entry.url, context.fetcher, context.signal);
  const links: LinkRecord[] = [];
  const children: FrontierEntry[] = [];
  for (const loc of locs) {
    const url = crawlUrl(loc.loc.trim());
    if (url === undefined) continue;
    if (loc.kind === 'sitemap') children.push({ url: url.href, depth: 0, source: 'sitemap', kind: 'sitemap' });
    else links.push({ page: entry.url, element: 'sitemap', url: url.href, raw: loc.loc.trim(), text: '' });
  }
  links.push(...sitemapAlternateLinks(alternates, context.skip));
  await context.store.enqueue(children);
  return [{ url: entry.url, depth: 0, status, contentType, links: links.length }, links];
}

/** The page's status, headers and (when it read them whole) its HTML: by its analysis, or by a GET of its own. */
async function pageResponse(
  context: CrawlContext,
  entry: FrontierEntry,
): Promise<{ status: number; headers: Readonly<Record<string, string>>; text?: string | undefined } | 'retry'> {
  if (context.store.recordTarget !== undefined) {
    const analysed = await analysedPage(context, entry, (url, header) => backOff(context, url, header));
    if (analysed === 'retry' || analysed.text !== undefined || !isHtml(analysed)) return analysed;
  }
  const response = await context.fetcher.fetch(entry.url, { maxBytes: PAGE_LIMIT, signal: context.signal });
  const { status, headers } = response;
  if ((status === 429 || status === 503) && backOff(context, entry.url, headers['retry-after'])) return 'retry';
  if (!isHtml(response)) return { status, headers };
  return { status, headers, text: decodePage(response.body, headers['content-type']).text };
}

function mediaType(headers: Readonly<Record<string, string>>): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A 2xx HTML page: one whose links are read. */
function isHtml(response: { status: number; headers: Readonly<Record<string, string>> }): boolean {
  return response.status >= 200 && response.status <= 299 && HTML_TYPES.has(mediaType(response.headers));
}

/** Links of a sitemap followed and recorded a thousand at a time, so that its 50,000 are never held at once. */
const SITEMAP_PART = 1000;

/** The sitemap's `<loc>`s in parts, each followed (queued) before it is given to the store. */
async function* sitemapParts(
  context: CrawlContext,
  entry: FrontierEntry,
  locs: AsyncIterable<SitemapItem> | Iterable<SitemapItem>,
): AsyncGenerator<LinkRecord[]> {
  let part: LinkRecord[] = [];
  let children: FrontierEntry[] = [];
  const flush = async () => {
    await context.store.enqueue(children);
    await followLinks(context, entry, part);
  };
  for await (const loc of locs) {
    if (loc.kind === 'alternates') {
      part.push(...sitemapAlternateLinks([loc], context.skip));
      continue;
    }
    const url = crawlUrl(loc.loc.trim());
    if (url === undefined) continue;
    if (loc.kind === 'sitemap') children.push({ url: url.href, depth: 0, source: 'sitemap', kind: 'sitemap' });
    else part.push({ page: entry.url, element: 'sitemap', url: url.href, raw: loc.loc.trim(), text: '' });
    if (part.length >= SITEMAP_PART) {
      await flush();
      yield part;
      part = [];
      children = [];
    }
  }
  await flush();
  yield part;
}

/** A sitemap read and recorded in parts, with a store that takes them (`completeInParts`). */
async function streamSitemap(
  context: CrawlContext,
  leased: Leased<FrontierEntry>,
  delayMs: number | undefined,
): Promise<void> {
  const entry = leased.item;
  const release = await context.pacer.acquire(new URL(entry.url).host, delayMs, context.signal);
  try {
    const { status, locs, contentType } = await sitemapLocStream(entry.url, context.fetcher, context.signal);
    const page = (links: number): PageRecord => ({ url: entry.url, depth: 0, status, contentType, links });
    await context.store.completeInParts!(leased.lease, sitemapParts(context, entry, locs), page);
  } catch (error) {
    if (context.signal?.aborted === true || !isHoplensError(error)) throw error;
    await context.store.complete(leased.lease, { url: entry.url, depth: 0, links: 0, error: error.code }, []);
  } finally {
    release();
  }
}

/** An HTML page's links, a redirect's target admitted, or nothing for anything else. */
async function readPage(context: CrawlContext, entry: FrontierEntry): Promise<[PageRecord, LinkRecord[]] | 'retry'> {
  const response = await pageResponse(context, entry);
  if (response === 'retry') return 'retry';
  const { status, headers, text } = response;
  const record = { url: entry.url, depth: entry.depth, status, contentType: mediaType(headers) };
  const location = headers.location;
  if (status >= 300 && status < 400 && location !== undefined) {
    const target = crawlUrl(location, entry.url);
    if (target !== undefined && context.scope.includes(target) && !(await trapped(context, target, entry.depth))) {
      await admit(context, [{ url: target.href, depth: entry.depth, source: 'redirect', referrer: entry.url }]);
    }
    return [{ ...record, links: 0 }, []];
  }
  if (text === undefined || !isHtml(response)) return [{ ...record, links: 0 }, []];
  const links = pageLinks(text, entry.url, headers.link, context.skip);
  return [{ ...record, links: links.length }, links];
}

/** A 429 or 503: the host paused until its Retry-After; true when the URL is to be tried again. */
export function backOff(context: CrawlContext, url: string, header: string | undefined): boolean {
  const now = Date.now();
  const until = retryAfter(header, now, 1000);
  const tries = (context.tries.get(url) ?? 0) + 1;
  if (until - now > context.maxRetryAfterMs || tries >= context.maxTries) {
    context.tries.delete(url);
    return false;
  }
  context.tries.set(url, tries);
  context.pacer.pause(new URL(url).host, until);
  return true;
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
    await context.store.complete(leased.lease, { url: entry.url, depth: entry.depth, links: 0, skipped: 'robots' }, []);
    return;
  }
  if (entry.kind === 'sitemap' && context.store.completeInParts !== undefined)
    return streamSitemap(context, leased, robots.crawlDelayMs);
  const release = await context.pacer.acquire(url.host, robots.crawlDelayMs, context.signal);
  let read: [PageRecord, LinkRecord[]] | 'retry';
  try {
    read = entry.kind === 'sitemap' ? await readSitemap(context, entry) : await readPage(context, entry);
  } catch (error) {
    if (context.signal?.aborted === true || !isHoplensError(error)) throw error;
    read = [{ url: entry.url, depth: entry.depth, links: 0, error: error.code }, []];
  } finally {
    release();
  }
  if (read === 'retry') return context.store.release(leased.lease, Date.now());
  const [page, links] = read;
  // Followed before the page is recorded: a run stopped in between reads the page again, and the seen sets drop what
  // was already queued; the other way round, its links would be lost.
  await followLinks(context, entry, links);
  await context.store.complete(leased.lease, page, links);
}
