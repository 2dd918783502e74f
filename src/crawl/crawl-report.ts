/**
 * The crawl's report, made from its store once the crawl ends: each link whose target redirects, loops or fails,
 * with its findings (src/crawl/link-findings.ts), the hreflang alternates not returned, how many links redirect on
 * each page, and what the crawl cut and why. Memory holds only the targets with a problem and the hreflang links,
 * never every link.
 */
import { countRedirects } from '../core/index.js';
import { UNREQUESTED } from './crawl-context.js';
import type { CrawlStore, CutReason, LinkRecord, TargetRecord } from './crawl-store.js';
import { DistinctCount } from './distinct-count.js';
import { type CrawlFinding, formActionNotChecked, linkFindings, notReciprocal, offSiteEntry } from './link-findings.js';
import { TargetPlaces } from './target-places.js';

/** One link with a finding, and the analysis of its target (absent for hreflang_not_reciprocal, sitemap_url_off_site, form_action_not_checked). */
export interface ReportedLink {
  readonly link: LinkRecord;
  readonly target?: TargetRecord | undefined;
  readonly findings: readonly CrawlFinding[];
}

export interface CrawlTotals {
  /** Pages read: every URL the crawl fetched but the redirects it followed (counted in `redirects`). */
  pages: number;
  /** Pages fetched whose status was 2xx. */
  pagesOk: number;
  /** URLs the crawl fetched that answered with a redirect, whose target it then fetched. */
  redirects: number;
  links: number;
  /** The distinct URLs the links point at (not the hops of their redirects, nor the pages no link names). */
  targets: number;
  /** Links with at least one finding. */
  linksWithFindings: number;
  /**
   * Per page, the links on it whose target redirects: the {@link TOP_PAGES} pages with the most (a page's links are
   * read together, so each is counted whole before it is compared), not every page.
   */
  redirectingByPage: Map<string, number>;
  cuts: Map<CutReason, number>;
  /** A few cut URLs per reason, for the report. */
  cutExamples: Map<CutReason, string[]>;
}

/** The pages with the most redirecting links kept for the summary. */
export const TOP_PAGES = 10;

/** One more redirecting link on `page`; past twice {@link TOP_PAGES} pages, the fewest are dropped (not `page`). */
function countRedirecting(byPage: Map<string, number>, page: string): void {
  byPage.set(page, (byPage.get(page) ?? 0) + 1);
  if (byPage.size <= TOP_PAGES * 2) return;
  const ranked = [...byPage].filter(([other]) => other !== page).sort((a, b) => b[1] - a[1]);
  for (const [other] of ranked.slice(TOP_PAGES)) byPage.delete(other);
}

/** Whether a target redirects, loops, fails or is parked: the links to it have findings. */
export function problem(target: TargetRecord): boolean {
  if (target.result === undefined) return target.error !== undefined;
  const { summary, chain } = target.result;
  if (summary.hasLoop || summary.finalStatus >= 400 || countRedirects(chain) > 0) return true;
  // A parked domain answers 200 without a redirect, and is a link's problem all the same (`link_to_parked`).
  return summary.issues.some((issue) => issue.type === 'parked_domain');
}

/**
 * The targets with a problem, to be looked up by URL: their places in the store when it gives them (16 bytes a
 * target in typed arrays, src/crawl/target-places.ts; the record read again when a link to it is reported), else the
 * records themselves.
 */
async function problemTargets(store: CrawlStore): Promise<(url: string) => Promise<TargetRecord | undefined>> {
  if (store.targetsWithPlaces !== undefined && store.targetAt !== undefined) {
    const places = new TargetPlaces();
    for await (const [target, place] of store.targetsWithPlaces()) {
      if (problem(target)) places.add(target.url, place);
    }
    places.seal();
    const at = store.targetAt.bind(store);
    return async (url) => {
      const place = places.get(url);
      const target = place === undefined ? undefined : await at(place);
      return target?.url === url ? target : undefined;
    };
  }
  const targets = new Map<string, TargetRecord>();
  for await (const target of store.targets()) {
    if (problem(target)) targets.set(target.url, target);
  }
  return async (url) => targets.get(url);
}

async function countCuts(store: CrawlStore, totals: CrawlTotals): Promise<void> {
  for await (const cut of store.cuts()) {
    totals.cuts.set(cut.reason, (totals.cuts.get(cut.reason) ?? 0) + (cut.count ?? 1));
    const examples = totals.cutExamples.get(cut.reason) ?? [];
    if (examples.length < 5) examples.push(cut.url);
    totals.cutExamples.set(cut.reason, examples);
  }
}

/** The pages crawled with a 2xx among `wanted` (the hreflang alternates), and the totals of pages. */
async function crawledOk(store: CrawlStore, wanted: ReadonlySet<string>, totals: CrawlTotals): Promise<Set<string>> {
  const ok = new Set<string>();
  for await (const page of store.pages()) {
    if (page.status !== undefined && page.status >= 300 && page.status < 400) totals.redirects++;
    else totals.pages++;
    const fine = page.status !== undefined && page.status >= 200 && page.status < 300;
    if (fine) totals.pagesOk++;
    if (fine && wanted.has(page.url)) ok.add(page.url);
  }
  return ok;
}

/** The alternates of `page` that were crawled and do not list it back. */
function unreturned(alternates: Map<string, LinkRecord[]>, crawled: ReadonlySet<string>): ReportedLink[] {
  const found: ReportedLink[] = [];
  for (const [page, links] of alternates) {
    for (const link of links) {
      if (link.url === page || !crawled.has(link.url)) continue;
      const back = alternates.get(link.url) ?? [];
      if (!back.some((other) => other.url === page)) found.push({ link, findings: [notReciprocal(link)] });
    }
  }
  return found;
}

/**
 * Reads the store and calls `each` with every link that has a finding, in the order the pages were recorded, then
 * the hreflang alternates not returned; resolves with the totals.
 */
export async function crawlReport(store: CrawlStore, each: (row: ReportedLink) => Promise<void>): Promise<CrawlTotals> {
  const totals: CrawlTotals = {
    pages: 0,
    pagesOk: 0,
    redirects: 0,
    links: 0,
    targets: 0,
    linksWithFindings: 0,
    redirectingByPage: new Map(),
    cuts: new Map(),
    cutExamples: new Map(),
  };
  const targets = await problemTargets(store);
  const alternates = new Map<string, LinkRecord[]>();
  const linked = new DistinctCount();
  for await (const link of store.links()) {
    totals.links++;
    linked.add(link.url);
    if (link.offSite === true || UNREQUESTED.has(link.element)) {
      // Never requested, so never analysed: its one finding is where it is.
      totals.linksWithFindings++;
      await each({ link, findings: [link.offSite === true ? offSiteEntry(link) : formActionNotChecked(link)] });
      continue;
    }
    if (link.element === 'hreflang') alternates.set(link.page, [...(alternates.get(link.page) ?? []), link]);
    const target = await targets(link.url);
    if (target === undefined) continue;
    const findings = linkFindings(link, target);
    if (findings.length === 0) continue;
    totals.linksWithFindings++;
    if (target.result !== undefined && countRedirects(target.result.chain) > 0) {
      countRedirecting(totals.redirectingByPage, link.page);
    }
    await each({ link, target, findings });
  }
  totals.targets = linked.size;
  const wanted = new Set([...alternates.values()].flat().map((link) => link.url));
  const crawled = await crawledOk(store, wanted, totals);
  for (const row of unreturned(alternates, crawled)) {
    totals.linksWithFindings++;
    await each(row);
  }
  await countCuts(store, totals);
  return totals;
}
