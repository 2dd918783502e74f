/**
 * Internal links that now point at a redirect: a link of the after crawl's 2xx pages to a URL of its own host that
 * redirects now and did not before (it answered itself, or was not linked). Each (page, URL) once; the links are read
 * again from the after state, a page at a time.
 */
import { readCrawledPages } from '../crawl/index.js';
import type { CrawlChange } from './crawl-change.js';
import { answerOf, makeChange } from './page-changes.js';
import { ok, type PageIndex, redirects } from './page-index.js';

export async function* linkChanges(
  afterDir: string,
  before: PageIndex,
  after: PageIndex,
  signal?: AbortSignal,
): AsyncGenerator<CrawlChange> {
  for await (const page of readCrawledPages(afterDir, { signal })) {
    if (!ok(page.status) || !page.robotsAllowed) continue;
    for (const link of page.links ?? []) {
      const now = after.pages.get(link);
      if (link === page.url || !redirects(now) || redirects(before.pages.get(link))) continue;
      const inbound = { before: before.inbound.get(link) ?? 0, after: after.inbound.get(link) ?? 0 };
      const sides = { before: answerOf(before.pages.get(link)), after: answerOf(now), related: page.url };
      yield makeChange('link_to_redirect', link, sides, inbound);
    }
  }
}
