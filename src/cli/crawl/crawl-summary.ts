import type { CrawlTotals } from '../../crawl/index.js';
import { plural } from '../plural.js';

/** The redirects the crawl followed to reach pages, when there were any. */
function followed(redirects: number): string {
  return redirects === 0 ? '' : ` through ${plural(redirects, 'redirect')}`;
}

/** The crawl's figures and what it cut, for standard error: pages, links, targets, and each cut reason's count. */
export function cutsText(totals: CrawlTotals): string {
  const lines = [
    `crawled ${plural(totals.pages, 'page')} (${totals.pagesOk} 2xx)${followed(totals.redirects)}, ${plural(totals.links, 'link')} to ${plural(totals.targets, 'distinct URL')}; ${plural(totals.linksWithFindings, 'link')} with findings`,
  ];
  const pages = [...totals.redirectingByPage].sort((a, b) => b[1] - a[1]).slice(0, 10);
  for (const [page, count] of pages) lines.push(`  ${count} redirecting link${count === 1 ? '' : 's'} on ${page}`);
  for (const [reason, count] of totals.cuts) {
    const examples = totals.cutExamples.get(reason) ?? [];
    lines.push(`cut ${count} URL${count === 1 ? '' : 's'} (${reason}), e.g. ${examples.slice(0, 2).join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}
