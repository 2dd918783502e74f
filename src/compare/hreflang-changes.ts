/**
 * hreflang pairs broken: a page of the after crawl names an alternate that named it back in the before crawl (both
 * pages 2xx then), and now does not, or is no longer a 2xx page. Google ignores an alternate that does not name its
 * page back ("If two pages don't both point to each other, the tags will be ignored":
 * https://developers.google.com/search/docs/specialty/international/localized-versions).
 */
import type { CrawlChange } from './crawl-change.js';
import { answerOf, makeChange } from './page-changes.js';
import { ok, type PageIndex } from './page-index.js';

/** Whether `from` is a 2xx page of `index` that names `to` as an alternate. */
function names(index: PageIndex, from: string, to: string): boolean {
  const page = index.pages.get(from);
  return page?.robotsAllowed === true && ok(page.status) && (page.hreflang ?? []).some((alt) => alt.url === to);
}

/** What the alternate is now, in words. */
function brokenBy(after: PageIndex, alternate: string): string {
  const page = after.pages.get(alternate);
  const answers = page?.robotsAllowed === true && ok(page.status);
  return answers ? 'no longer names it back' : `now answers ${answerOf(page)}`;
}

export function hreflangChanges(before: PageIndex, after: PageIndex): CrawlChange[] {
  const changes: CrawlChange[] = [];
  for (const page of after.pages.values()) {
    if (!page.robotsAllowed || !ok(page.status)) continue;
    const seen = new Set<string>();
    for (const { url: alternate } of page.hreflang ?? []) {
      if (alternate === page.url || seen.has(alternate)) continue;
      seen.add(alternate);
      const paired = names(before, page.url, alternate) && names(before, alternate, page.url);
      if (!paired || names(after, alternate, page.url)) continue;
      const inbound = { before: before.inbound.get(page.url) ?? 0, after: after.inbound.get(page.url) ?? 0 };
      const sides = { before: 'named it back', after: brokenBy(after, alternate), related: alternate };
      changes.push(makeChange('hreflang_broken', page.url, sides, inbound));
    }
  }
  return changes;
}
