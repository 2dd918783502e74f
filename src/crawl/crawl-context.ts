/**
 * What the crawl's visits share: the store, the fetcher, the scope, the trap limits, the sitemap budgets, robots.txt
 * and the pacing, and how a URL found is admitted to the frontier (scope, traps, `--max-pages`) or to the link
 * analyses.
 */
import type { CrawlFetcher } from './crawl-fetcher.js';
import type { CrawlStore, CutRecord, FrontierEntry, LinkElement, LinkRecord } from './crawl-store.js';
import type { ScopeRule } from './crawl-url.js';
import { IMPORT_TEXT } from './embedded-links.js';
import type { HostPacer } from './host-pacer.js';
import type { PageBudget } from './shared-limits.js';
import type { RobotsBook } from './site-robots.js';
import type { SitemapBudget } from './sitemap-budget.js';
import type { TrapGuard } from './trap-guard.js';

/**
 * Kinds of link that lead to pages the crawl reads; images, scripts, stylesheets and the other resources are checked,
 * not crawled. An `<area>` is a hyperlink as an `<a>` is (HTML standard, 4.8.14), an amphtml link names the page's AMP
 * version (https://developers.google.com/search/docs/crawling-indexing/amp/enhance-amp).
 */
export const FOLLOWED: ReadonlySet<LinkElement> = new Set([
  'a',
  'area',
  'amphtml',
  'canonical',
  'hreflang',
  'og:url',
  'next',
  'prev',
  'iframe',
  'sitemap',
]);

/**
 * Kinds of link recorded and reported, never requested (neither followed nor analysed): a form's action is submitted
 * with a visitor's data (HTML standard, 4.10.21.3 "Form submission algorithm"), and a GET of it asserts nothing about
 * the POST a browser sends.
 */
export const UNREQUESTED: ReadonlySet<LinkElement> = new Set(['form']);

/**
 * Whether a link loads a style sheet the crawl reads when it is within the scope (src/crawl/stylesheet-visit.ts): a
 * `<link rel=stylesheet>`, or a `css` link that is an `@import`. `--skip css` (the links a sheet would give) or
 * `--skip stylesheet` leaves every sheet unread.
 */
export function readsStylesheet(link: LinkRecord, skip: ReadonlySet<LinkElement>): boolean {
  if (skip.has('css') || skip.has('stylesheet')) return false;
  return link.element === 'stylesheet' || (link.element === 'css' && link.text === IMPORT_TEXT);
}

export interface CrawlContext {
  readonly store: CrawlStore;
  readonly fetcher: CrawlFetcher;
  readonly scope: ScopeRule;
  /** The start URLs: their robots.txt may cross-submit a sitemap on another host (src/crawl/sitemap-hosts.ts). */
  readonly starts: readonly URL[];
  /** `--max-sitemaps` and `--max-sitemap-urls`, for the whole crawl. */
  readonly sitemapBudget: SitemapBudget;
  readonly traps: TrapGuard;
  readonly robots: RobotsBook;
  readonly pacer: HostPacer;
  readonly skip: ReadonlySet<LinkElement>;
  readonly maxPages: number;
  readonly leaseMs: number;
  /** Tries of a URL answered 429 or 503 before it is recorded as it is. */
  readonly maxTries: number;
  /** The longest Retry-After waited out, in ms. */
  readonly maxRetryAfterMs: number;
  readonly signal?: AbortSignal | undefined;
  /** Distinct URLs admitted to the frontier so far (the seen set's size), for `--max-pages`. */
  admitted: number;
  /** A shared crawl's `--max-pages`, counted across its workers; absent, `admitted` counts this process's. */
  readonly budget?: PageBudget | undefined;
  /** The crawler a page's `noindex` is judged for (`--crawler`; the analysis's Googlebot when absent). */
  readonly crawler?: string | undefined;
  /** Tries per URL that met a 429 or 503 (only those URLs: small). */
  readonly tries: Map<string, number>;
}

/** Records a cut once per URL and reason (a calendar page linked from every month is cut once). */
const cutSeen = new WeakMap<CrawlContext, Set<string>>();
export async function recordCut(context: CrawlContext, cut: CutRecord): Promise<void> {
  let seen = cutSeen.get(context);
  if (seen === undefined) {
    seen = new Set();
    cutSeen.set(context, seen);
  }
  const key = `${cut.reason} ${cut.url}`;
  if (seen.has(key) || seen.size > 100_000) return;
  seen.add(key);
  await context.store.cut(cut);
}

/**
 * Adds in-scope URLs to the frontier, within `--max-pages`; the rest are cut with the reason, and returned: every
 * other entry given is in the frontier now (added, or there already).
 */
export async function admit(context: CrawlContext, entries: readonly FrontierEntry[]): Promise<Set<string>> {
  if (context.budget !== undefined) return admitShared(context, context.budget, entries);
  const cut = new Set<string>();
  for (const entry of entries) {
    if (context.admitted >= context.maxPages) {
      cut.add(entry.url);
      await recordCut(context, { url: entry.url, reason: 'max-pages', detail: `past ${context.maxPages} pages` });
      continue;
    }
    const fresh = await context.store.enqueue([entry]);
    context.admitted += fresh.length;
  }
  return cut;
}

/** {@link admit} within the budget every worker of a shared crawl counts against. */
async function admitShared(
  context: CrawlContext,
  budget: PageBudget,
  entries: readonly FrontierEntry[],
): Promise<Set<string>> {
  const cut = new Set<string>();
  if (entries.length === 0) return cut;
  const { fresh, capped } = await budget.admitPages(entries, context.maxPages);
  context.admitted += fresh.length;
  for (const entry of capped) {
    cut.add(entry.url);
    await recordCut(context, { url: entry.url, reason: 'max-pages', detail: `past ${context.maxPages} pages` });
  }
  return cut;
}

/** Whether a URL the crawl would fetch is cut by a trap limit (and records why). */
export async function trapped(context: CrawlContext, url: URL, depth: number): Promise<boolean> {
  const cut = context.traps.cut(url, depth);
  if (cut === undefined) return false;
  await recordCut(context, cut);
  return true;
}
