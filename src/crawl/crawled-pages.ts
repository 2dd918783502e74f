/**
 * The pages of a crawl state directory as `hoplens compare` and `hoplens suggest` read them: for each page the crawl
 * visited, its status, where its redirects end, its title, canonical, `noindex`, whether robots.txt let the crawl in,
 * its hreflang alternates (its own, from its markup and `Link` header, and those a sitemap entry gives it) and its
 * links within its host. Read as a stream: one pass for the sitemaps' alternates (kept in memory, as the crawl's
 * report keeps them), one for the pages. A state of another version is refused (src/crawl/state-manifest.ts).
 */
import { join } from 'node:path';
import type { LinkRecord, PageRecord } from './crawl-store.js';
import { PAGES_FILE, type PageLine } from './disk-store.js';
import { NdjsonLog } from './ndjson-log.js';
import { assertCurrentState } from './state-manifest.js';

export interface HreflangAlternate {
  readonly lang: string;
  readonly url: string;
}

export interface CrawledPage {
  readonly url: string;
  /** The page's own answer (a redirect's 3xx); null when the fetch failed or robots.txt kept the crawl out. */
  readonly status: number | null;
  /** Where its redirects end (the URL itself for a page that answers itself); null when unknown. */
  readonly finalUrl: string | null;
  readonly title: string | null;
  readonly canonical: string | null;
  readonly noindex: boolean;
  readonly robotsAllowed: boolean;
  readonly hreflang?: readonly HreflangAlternate[];
  /** Its `<a>` links to URLs of its own host, each once. */
  readonly links?: readonly string[];
  /** The status its redirects end on, and how many there are; null when unknown. */
  readonly finalStatus?: number | null;
  readonly redirects?: number | null;
  /** The error code of a fetch that failed (`TIMEOUT`, `DNS_ERROR`...). */
  readonly error?: string;
}

async function* linksOf(dir: string, line: PageLine): AsyncGenerator<LinkRecord> {
  yield* line.links;
  if (line.spool !== undefined) yield* new NdjsonLog<LinkRecord>(join(dir, line.spool)).all();
}

/** The hreflang alternates sitemap entries give their pages (`<xhtml:link>` children of a `<url>`). */
async function sitemapAlternates(dir: string, log: NdjsonLog<PageLine>, signal?: AbortSignal) {
  const alternates = new Map<string, HreflangAlternate[]>();
  for await (const line of log.all()) {
    signal?.throwIfAborted();
    if (line.page.kind !== 'sitemap') continue;
    for await (const link of linksOf(dir, line)) {
      if (link.element !== 'hreflang' || link.from !== 'sitemap') continue;
      const list = alternates.get(link.page) ?? [];
      list.push({ lang: link.text, url: link.url });
      alternates.set(link.page, list);
    }
  }
  return alternates;
}

/** The page as a reader sees it, with its alternates and same-host links. */
function crawledPage(page: PageRecord, links: readonly LinkRecord[], sitemap: readonly HreflangAlternate[]) {
  const host = new URL(page.url).host;
  const hreflang = [...sitemap];
  const internal = new Set<string>();
  for (const link of links) {
    if (link.element === 'hreflang') hreflang.push({ lang: link.text, url: link.url });
    else if (link.element === 'a' && new URL(link.url).host === host) internal.add(link.url);
  }
  const seen = new Set<string>();
  const alternates = hreflang.filter(({ lang, url }) => !seen.has(`${lang} ${url}`) && seen.add(`${lang} ${url}`));
  const crawled: CrawledPage = {
    url: page.url,
    status: page.status ?? null,
    finalUrl: page.finalUrl ?? null,
    title: page.title ?? null,
    canonical: page.canonical ?? null,
    noindex: page.noindex === true,
    robotsAllowed: page.skipped !== 'robots',
    hreflang: alternates,
    links: [...internal],
    finalStatus: page.finalStatus ?? null,
    redirects: page.redirects ?? null,
    ...(page.error === undefined ? {} : { error: page.error }),
  };
  return crawled;
}

/**
 * Every page the crawl in `stateDir` visited (or was kept out of by robots.txt), in the order it recorded them; not
 * the sitemaps and style sheets it read, nor the pages a trap limit left out. Throws `CRAWL_STATE_MISSING` or `CRAWL_STATE_OUTDATED`
 * (src/crawl/errors.ts) before yielding anything when the directory holds no state of this version.
 */
export async function* readCrawledPages(
  stateDir: string,
  options: { signal?: AbortSignal } = {},
): AsyncIterable<CrawledPage> {
  assertCurrentState(stateDir);
  const log = new NdjsonLog<PageLine>(join(stateDir, PAGES_FILE));
  const alternates = await sitemapAlternates(stateDir, log, options.signal);
  for await (const line of log.all()) {
    options.signal?.throwIfAborted();
    const { page } = line;
    // A sitemap or a style sheet read is no page.
    if (page.kind !== undefined || (page.skipped !== undefined && page.skipped !== 'robots')) continue;
    const links: LinkRecord[] = [];
    for await (const link of linksOf(stateDir, line)) links.push(link);
    yield crawledPage(page, links, alternates.get(page.url) ?? []);
  }
}
