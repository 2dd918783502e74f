/**
 * A sitemap read: its entries in parts of a thousand (its 50,000 are never held at once), each entry judged by the
 * hosts the sitemap may list (src/crawl/sitemap-hosts.ts) and held to the crawl's budgets
 * (src/crawl/sitemap-budget.ts). An entry on those hosts is a link (element `sitemap`), followed as a page's links
 * are; one elsewhere is recorded off-site (reported as `sitemap_url_off_site`) and never requested; an index's
 * sitemaps on its own host join the frontier as sitemaps. Entries and sitemaps past a budget are counted, one cut
 * record a part, and never requested: a flood of entries costs neither requests nor state beyond the budgets.
 */
import { isHoplensError } from '../core/index.js';
import { type CrawlContext, recordCut } from './crawl-context.js';
import type { FrontierEntry, Leased, LinkElement, LinkRecord, PageRecord } from './crawl-store.js';
import { crawlUrl } from './crawl-url.js';
import { followLinks } from './link-follow.js';
import type { SitemapAllowance } from './shared-limits.js';
import { sitemapAlternateLinks } from './sitemap-alternates.js';
import { SITEMAP_FLAGS } from './sitemap-budget.js';
import { sitemapHosts } from './sitemap-hosts.js';
import { type SitemapItem, sitemapLocStream } from './sitemap-locs.js';

/** Entries of a sitemap judged, followed and recorded a thousand at a time. */
const SITEMAP_PART = 1000;

/** Part of a sitemap read: its entries (links, alternates and off-site ones, in order) and the sitemaps it lists. */
interface Part {
  readonly entries: LinkRecord[];
  readonly children: FrontierEntry[];
}

/** The URLs past a budget, cut in one record that counts them (`url` the first): one line of state a part. */
async function cutPast(context: CrawlContext, allowance: SitemapAllowance, urls: readonly string[], from: string) {
  if (urls.length === 0) return;
  const what = allowance === 'sitemaps' ? 'sitemaps' : 'sitemap entries';
  const limit = context.sitemapBudget.limits[allowance];
  await recordCut(context, {
    url: urls[0]!,
    reason: allowance === 'sitemaps' ? 'max-sitemaps' : 'max-sitemap-urls',
    detail: `${urls.length} ${what} of ${from} past ${SITEMAP_FLAGS[allowance]} ${limit}`,
    count: urls.length,
  });
}

/** Sitemaps queued within `--max-sitemaps`; the rest counted and cut. */
export async function admitSitemaps(context: CrawlContext, entries: readonly FrontierEntry[], from: string) {
  const room = await context.sitemapBudget.take('sitemaps', entries.length);
  await context.store.enqueue(entries.slice(0, room));
  await cutPast(
    context,
    'sitemaps',
    entries.slice(room).map((entry) => entry.url),
    from,
  );
}

/** One item of the sitemap put in its place in `part`. */
function sortItem(
  item: SitemapItem,
  sitemap: URL,
  hosts: ReadonlySet<string>,
  skip: ReadonlySet<LinkElement>,
  part: Part,
) {
  if (item.kind === 'alternates') {
    // An off-site entry's alternates are its own: not taken either.
    if (hosts.has(crawlUrl(item.loc)?.host ?? '')) part.entries.push(...sitemapAlternateLinks([item], skip));
    return;
  }
  const raw = item.loc.trim();
  const url = crawlUrl(raw);
  if (url === undefined) return;
  const link: LinkRecord = { page: sitemap.href, element: 'sitemap', url: url.href, raw, text: '' };
  if (item.kind === 'sitemap' && url.host === sitemap.host) {
    part.children.push({ url: url.href, depth: 0, source: 'sitemap', kind: 'sitemap', referrer: sitemap.href });
    return;
  }
  // An index lists sitemaps of its own host only; an entry, URLs of the sitemap's hosts.
  const onSite = item.kind === 'page' && hosts.has(url.host);
  part.entries.push(onSite ? link : { ...link, offSite: true });
}

/** A part held to the budgets, its sitemaps queued and its links followed; resolves with the links to record. */
async function settle(context: CrawlContext, sitemap: string, part: Part): Promise<LinkRecord[]> {
  const room = await context.sitemapBudget.take('sitemapUrls', part.entries.length);
  const kept = part.entries.slice(0, room);
  await cutPast(
    context,
    'sitemapUrls',
    part.entries.slice(room).map((link) => link.url),
    sitemap,
  );
  await admitSitemaps(context, part.children, sitemap);
  await followLinks(
    context,
    { url: sitemap, depth: 0, source: 'sitemap', kind: 'sitemap' },
    kept.filter((link) => link.offSite !== true),
  );
  return kept;
}

/** The sitemap's entries in parts, each settled (followed, queued, cut) before it is given to the store. */
export async function* sitemapParts(
  context: CrawlContext,
  entry: FrontierEntry,
  items: AsyncIterable<SitemapItem> | Iterable<SitemapItem>,
): AsyncGenerator<LinkRecord[]> {
  const sitemap = new URL(entry.url);
  const hosts = await sitemapHosts(context, entry);
  let part: Part = { entries: [], children: [] };
  for await (const item of items) {
    sortItem(item, sitemap, hosts, context.skip, part);
    if (part.entries.length + part.children.length >= SITEMAP_PART) {
      yield await settle(context, entry.url, part);
      part = { entries: [], children: [] };
    }
  }
  yield await settle(context, entry.url, part);
}

/** A sitemap read whole, its links followed: for a store that does not take a page in parts. */
export async function readSitemap(context: CrawlContext, entry: FrontierEntry): Promise<[PageRecord, LinkRecord[]]> {
  const { status, locs, contentType } = await sitemapLocStream(entry.url, context.fetcher, context.signal);
  const links: LinkRecord[] = [];
  for await (const part of sitemapParts(context, entry, locs)) links.push(...part);
  return [{ url: entry.url, depth: 0, kind: 'sitemap', status, contentType, links: links.length }, links];
}

/** A sitemap read and recorded in parts, with a store that takes them (`completeInParts`). */
export async function streamSitemap(
  context: CrawlContext,
  leased: Leased<FrontierEntry>,
  delayMs: number | undefined,
): Promise<void> {
  const entry = leased.item;
  const release = await context.pacer.acquire(new URL(entry.url).host, delayMs, context.signal);
  try {
    const { status, locs, contentType } = await sitemapLocStream(entry.url, context.fetcher, context.signal);
    const page = (links: number): PageRecord => ({
      url: entry.url,
      depth: 0,
      kind: 'sitemap',
      status,
      contentType,
      links,
    });
    await context.store.completeInParts!(leased.lease, sitemapParts(context, entry, locs), page);
  } catch (error) {
    if (context.signal?.aborted === true || !isHoplensError(error)) throw error;
    const failed: PageRecord = { url: entry.url, depth: 0, kind: 'sitemap', links: 0, error: error.code };
    await context.store.complete(leased.lease, failed, []);
  } finally {
    release();
  }
}
