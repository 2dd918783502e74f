/**
 * One crawl state's pages held for the comparison: each page as readCrawledPages gives it (its links left out), and how
 * many links of the crawl's other pages point at each URL. Memory grows with the pages of the two crawls (a few
 * hundred bytes a page), not with their links, which are read again from the state when they are needed.
 */
import { type CrawledPage, readCrawledPages } from '../crawl/index.js';

export type IndexedPage = Omit<CrawledPage, 'links'>;

export interface PageIndex {
  readonly pages: ReadonlyMap<string, IndexedPage>;
  /** Links to each URL from other pages of the crawl. */
  readonly inbound: ReadonlyMap<string, number>;
}

export async function indexPages(stateDir: string, signal?: AbortSignal): Promise<PageIndex> {
  const pages = new Map<string, IndexedPage>();
  const inbound = new Map<string, number>();
  for await (const page of readCrawledPages(stateDir, { signal })) {
    const { links, ...kept } = page;
    pages.set(page.url, kept);
    for (const link of links ?? []) if (link !== page.url) inbound.set(link, (inbound.get(link) ?? 0) + 1);
  }
  return { pages, inbound };
}

/** A 2xx status. */
export function ok(status: number | null | undefined): boolean {
  return status !== null && status !== undefined && status >= 200 && status <= 299;
}

/** A redirect: a 3xx answer. */
export function redirects(page: IndexedPage | undefined): boolean {
  return page?.status !== null && page?.status !== undefined && page.status >= 300 && page.status <= 399;
}

/** A page a visitor reaches: a 2xx, or a redirect that ends on one. */
export function reachable(page: IndexedPage | undefined): boolean {
  if (page === undefined || !page.robotsAllowed) return false;
  return ok(page.status) || (redirects(page) && ok(page.finalStatus));
}
