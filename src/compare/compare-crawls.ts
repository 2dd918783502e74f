/**
 * `hoplens compare`'s one function: two crawl state directories in, every change between them out, ranked by what a
 * search engine would notice first (src/compare/change-kinds.ts), with the comparison's figures.
 */
import { CHANGE_KINDS, type ChangeKind, changeRank } from './change-kinds.js';
import type { Comparison, CrawlChange } from './crawl-change.js';
import { hreflangChanges } from './hreflang-changes.js';
import { linkChanges } from './link-changes.js';
import { pageChanges } from './page-changes.js';
import { indexPages } from './page-index.js';

/** Kind first, then the URL the crawl's pages link to most (after, then before), then the URL, then the other URL. */
function ranked(a: CrawlChange, b: CrawlChange): number {
  return (
    changeRank(a.kind) - changeRank(b.kind) ||
    b.inboundAfter - a.inboundAfter ||
    b.inboundBefore - a.inboundBefore ||
    a.url.localeCompare(b.url) ||
    (a.related ?? '').localeCompare(b.related ?? '')
  );
}

export async function compareCrawls(
  beforeDir: string,
  afterDir: string,
  options: { signal?: AbortSignal } = {},
): Promise<Comparison> {
  const { signal } = options;
  const before = await indexPages(beforeDir, signal);
  const after = await indexPages(afterDir, signal);
  const changes: CrawlChange[] = [];
  for (const page of before.pages.values()) {
    const inbound = { before: before.inbound.get(page.url) ?? 0, after: after.inbound.get(page.url) ?? 0 };
    changes.push(...pageChanges(page, after.pages.get(page.url), inbound));
  }
  changes.push(...hreflangChanges(before, after));
  for await (const change of linkChanges(afterDir, before, after, signal)) changes.push(change);
  changes.sort(ranked);
  const byKind = Object.fromEntries(CHANGE_KINDS.map((kind) => [kind, 0])) as Record<ChangeKind, number>;
  for (const change of changes) byKind[change.kind]++;
  let pagesNew = 0;
  for (const url of after.pages.keys()) if (!before.pages.has(url)) pagesNew++;
  const summary = {
    before: beforeDir,
    after: afterDir,
    pagesBefore: before.pages.size,
    pagesAfter: after.pages.size,
    pagesNew,
    changes: changes.length,
    byKind,
  };
  return { summary, changes };
}
