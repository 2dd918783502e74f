/**
 * Where a crawl keeps its state: the frontier of pages to fetch, the seen set, what each page linked to, and the
 * analysis of every distinct link target. Every method is async so that a store may live on disk (the local store,
 * src/crawl/disk-store.ts) or in PostgreSQL (src/crawl/pg/), shared by several workers.
 *
 * Work is handed out under a lease: an entry taken is the taker's until its lease runs out; an entry whose lease ran
 * out before it was completed (its worker was killed, or the run stopped with Ctrl-C) is given out again. Completing
 * an entry under a lease that is no longer the holder's is refused (returns false), so a page is recorded once.
 */
import type { AnalysisResult } from '../core/index.js';

/** How a URL came to be crawled. */
export type FrontierSource = 'start' | 'sitemap' | 'link' | 'redirect';

/** A page to fetch. Its `url` is the seen set's key (normalized: no fragment, src/crawl/crawl-url.ts). */
export interface FrontierEntry {
  readonly url: string;
  /** Links followed from a start URL or a sitemap to reach it (0 for those). */
  readonly depth: number;
  readonly source: FrontierSource;
  /** The page that linked to it first, when it came from a link. */
  readonly referrer?: string | undefined;
  /**
   * What to read at the URL: an HTML page (the default), a sitemap (its `<loc>`s become links) or a same-site style
   * sheet (its `url()`s and `@import`s become `css` links: src/crawl/stylesheet-visit.ts).
   */
  readonly kind?: 'page' | 'sitemap' | 'stylesheet' | undefined;
}

/** Something taken from a store under a lease. */
export interface Leased<T> {
  readonly item: T;
  /** Opaque to the taker: hand it back to complete or release the entry. */
  readonly lease: string;
  /** When the lease runs out (epoch ms). */
  readonly until: number;
}

/**
 * The kinds of link a crawl collects (each can be turned off; docs/crawl.md says what each reads). `form` is
 * recorded and reported, never requested: a form's action is where a visitor's data is sent, not a page to load.
 */
export const LINK_ELEMENTS = [
  'a',
  'area',
  'canonical',
  'hreflang',
  'og:url',
  'twitter',
  'next',
  'prev',
  'amphtml',
  'manifest',
  'icon',
  'img',
  'srcset',
  'script',
  'json-ld',
  'stylesheet',
  'css',
  'iframe',
  'form',
  'sitemap',
] as const;
export type LinkElement = (typeof LINK_ELEMENTS)[number];

/** One link found on a page (or one `<loc>` of a sitemap: `element` 'sitemap', `page` the sitemap's URL). */
export interface LinkRecord {
  /** The page (or sitemap) the link is on. */
  readonly page: string;
  readonly element: LinkElement;
  /** The link's target, resolved against the page's base URL, without its fragment. */
  readonly url: string;
  /** The link as written (its `href`, `src` or `<loc>`), for reports and rewrites. */
  readonly raw: string;
  /** An `<a>`'s text, an `<img>`'s `alt`, an alternate's `hreflang`; '' when there is none. */
  readonly text: string;
  /**
   * Where the link came from: `'header'` for a `Link` response header, `'sitemap'` for a sitemap entry's hreflang
   * alternate (its `page` is then the entry's `<loc>`), else the document.
   */
  readonly from?: 'document' | 'header' | 'sitemap';
  /**
   * A sitemap entry on a host the sitemap may not list (src/crawl/sitemap-hosts.ts): recorded to be reported
   * (`sitemap_url_off_site`), never requested.
   */
  readonly offSite?: true;
}

/** A page fetched (or that could not be), as the crawl records it. */
export interface PageRecord {
  readonly url: string;
  readonly depth: number;
  /** The fetch's status; absent when it failed (see `error`). */
  readonly status?: number | undefined;
  /** The media type of its `Content-Type`, lower case ('' when none). */
  readonly contentType?: string | undefined;
  /** How many links were read on it (after the kinds turned off). */
  readonly links: number;
  /** The error code of a fetch that failed (`TIMEOUT`, `BLOCKED_DESTINATION`...). */
  readonly error?: string | undefined;
  /** Why a page in the frontier was not fetched: robots.txt, or a trap limit (then it is also a cut). */
  readonly skipped?: string | undefined;
  /** A sitemap read for its `<loc>`s, or a style sheet for its `url()`s: not a page (absent for pages). */
  readonly kind?: 'sitemap' | 'stylesheet' | undefined;
  /**
   * Where the URL's redirects end and how (state version 2: what `hoplens compare` reads), from the URL's analysis:
   * the final URL and status, and the redirects on the way (0 for a page that answers itself). A store that does not
   * analyse its pages (the shared one) records the first `Location` as the final URL and leaves the others out.
   */
  readonly finalUrl?: string | undefined;
  readonly finalStatus?: number | undefined;
  readonly redirects?: number | undefined;
  /** What a 2xx HTML page says of itself (src/crawl/page-facts.ts): its title, canonical and indexing rule. */
  readonly title?: string | undefined;
  readonly canonical?: string | undefined;
  readonly noindex?: boolean | undefined;
}

/** A link target's analysis: the core's result, or the error code its analysis failed with. */
export interface TargetRecord {
  readonly url: string;
  readonly result?: AnalysisResult | undefined;
  readonly error?: { readonly code: string; readonly message: string } | undefined;
  /** Why it was not analysed (robots.txt disallows it): then no finding is made of the links to it. */
  readonly skipped?: string | undefined;
}

/** Why the crawl left a URL out (a trap limit, the scope, robots.txt), counted per reason in the report. */
export interface CutRecord {
  readonly url: string;
  readonly reason: CutReason;
  /** The limit's pattern or value, in words ('/calendar/* with more than 50 query variants'). */
  readonly detail: string;
  /**
   * How many URLs the record stands for (default 1): a sitemap's entries past a budget are counted in one record per
   * part of a thousand, `url` the first of them, so that a flood of entries costs the state directory nothing per entry.
   */
  readonly count?: number;
}
export type CutReason =
  | 'max-pages'
  | 'max-depth'
  | 'url-length'
  | 'repeated-segments'
  | 'query-variants'
  | 'robots'
  | 'not-html'
  | 'max-sitemaps'
  | 'max-sitemap-urls'
  | 'stylesheet-size';

/** The sizes a report and a progress line need. */
export interface StoreCounts {
  /** Pages in the frontier not yet taken, or whose lease ran out. */
  readonly queued: number;
  /** Pages taken under a live lease. */
  readonly leased: number;
  readonly pages: number;
  readonly targetsQueued: number;
  readonly targetsDone: number;
  /** Distinct URLs ever added to the frontier (the seen set's size). */
  readonly seen: number;
}

export interface CrawlStore {
  /**
   * Adds the entries whose URL was never added before (the seen set) to the frontier; returns those that were new,
   * in the order given. An entry is added once in the store's life, whoever adds it.
   */
  enqueue(entries: readonly FrontierEntry[]): Promise<FrontierEntry[]>;
  /** Takes up to `count` entries off the frontier under a lease of `leaseMs` (expired leases included). */
  take(count: number, leaseMs: number): Promise<Leased<FrontierEntry>[]>;
  /**
   * Records a page and its links and removes its entry from the frontier, if `lease` is still the holder's;
   * otherwise records nothing and returns false.
   */
  complete(lease: string, page: PageRecord, links: readonly LinkRecord[]): Promise<boolean>;
  /**
   * {@link complete} for a page of many links (a sitemap's 50,000 `<loc>`s), given in parts as they are read: the
   * store writes each part as it comes, and records the page (made by `page` from the count of links) once all are.
   */
  completeInParts?(
    lease: string,
    parts: AsyncIterable<readonly LinkRecord[]>,
    page: (links: number) => PageRecord,
  ): Promise<boolean>;
  /** Gives an entry back to the frontier, not to be taken before `notBefore` (epoch ms): a 429's Retry-After. */
  release(lease: string, notBefore?: number): Promise<void>;

  /** Adds link targets never added before to the analysis queue; returns the new ones. */
  addTargets(urls: readonly string[]): Promise<string[]>;
  /** Takes up to `count` targets to analyse, under a lease as {@link take}. */
  takeTargets(count: number, leaseMs: number): Promise<Leased<string>[]>;
  /** Records a target's analysis if `lease` is still the holder's (else false). */
  saveTarget(lease: string, record: TargetRecord): Promise<boolean>;
  /**
   * Records the analysis of a URL that is a page of the frontier, made when the page was read (so it is fetched once),
   * as if it had been queued, taken and saved as a target; false (nothing recorded) when the URL was a target already.
   * A store without it (the shared one) has every linked URL analysed as a target, and each page fetched again.
   */
  recordTarget?(record: TargetRecord): Promise<boolean>;
  /** Gives a target back, not before `notBefore`. */
  releaseTarget(lease: string, notBefore?: number): Promise<void>;

  /** Records a URL left out and why. */
  cut(record: CutRecord): Promise<void>;

  counts(): Promise<StoreCounts>;
  /**
   * Every entry ever added to the frontier, in the order added: a resumed run counts its trap limits (query variants
   * per path) again from them.
   */
  entries(): AsyncIterable<FrontierEntry>;
  /** Everything recorded, for the report: each in the order it was recorded. */
  pages(): AsyncIterable<PageRecord>;
  links(): AsyncIterable<LinkRecord>;
  targets(): AsyncIterable<TargetRecord>;
  /**
   * The targets with where each is kept, to be read again with {@link targetAt}: a report keeps the places of the
   * targets it needs, not the records (a store without them has its report keep those records in memory).
   */
  targetsWithPlaces?(): AsyncIterable<[TargetRecord, number]>;
  targetAt?(place: number): Promise<TargetRecord | undefined>;
  cuts(): AsyncIterable<CutRecord>;

  /** Writes out what is buffered; the store may be opened again (`--resume`) afterwards. */
  close(): Promise<void>;
}
