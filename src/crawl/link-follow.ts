/**
 * The links read on a page, a sitemap or a style sheet, followed: their targets queued for analysis, and those within
 * the scope that lead to pages, or load style sheets, queued for the crawl (page-visit.ts and sitemap-visit.ts both
 * follow theirs so).
 */
import { admit, type CrawlContext, FOLLOWED, readsStylesheet, trapped, UNREQUESTED } from './crawl-context.js';
import type { FrontierEntry, LinkRecord } from './crawl-store.js';

/**
 * The links' targets queued for analysis, and those within the scope that lead to pages queued for the crawl. A store
 * that records a page's analysis when the page is read (`recordTarget`) gets no target for a URL in the frontier.
 */
export async function followLinks(
  context: CrawlContext,
  entry: FrontierEntry,
  links: readonly LinkRecord[],
): Promise<void> {
  const targets = new Set<string>();
  const pages: FrontierEntry[] = [];
  const depth = entry.kind === 'sitemap' ? 0 : entry.depth + 1;
  for (const link of links) {
    if (UNREQUESTED.has(link.element)) continue;
    const url = new URL(link.url);
    const inScope = context.scope.includes(url);
    if (inScope && (await trapped(context, url, depth))) continue;
    targets.add(link.url);
    const source = entry.kind === 'sitemap' ? 'sitemap' : 'link';
    if (inScope && FOLLOWED.has(link.element)) pages.push({ url: link.url, depth, source, referrer: entry.url });
    else if (inScope && readsStylesheet(link, context.skip)) {
      pages.push({ url: link.url, depth, source, referrer: entry.url, kind: 'stylesheet' });
    }
  }
  const cut = await admit(context, pages);
  if (context.store.recordTarget !== undefined) {
    for (const page of pages) if (!cut.has(page.url)) targets.delete(page.url);
  }
  await context.store.addTargets([...targets]);
}
