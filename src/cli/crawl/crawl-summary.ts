import type { CrawlTotals } from '../../crawl/index.js';

/** The crawl's figures and what it cut, for standard error: pages, links, targets, and each cut reason's count. */
export function cutsText(totals: CrawlTotals): string {
  const lines = [
    `crawled ${totals.pages} pages (${totals.pagesOk} 2xx), ${totals.links} links to ${totals.targets} distinct URLs; ${totals.linksWithFindings} links with findings`,
  ];
  const pages = [...totals.redirectingByPage].sort((a, b) => b[1] - a[1]).slice(0, 10);
  for (const [page, count] of pages) lines.push(`  ${count} redirecting link${count === 1 ? '' : 's'} on ${page}`);
  for (const [reason, count] of totals.cuts) {
    const examples = totals.cutExamples.get(reason) ?? [];
    lines.push(`cut ${count} URL${count === 1 ? '' : 's'} (${reason}), e.g. ${examples.slice(0, 2).join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}
