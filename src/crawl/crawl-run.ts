/**
 * The crawl: seeds the frontier (start URLs, sitemaps given and those robots.txt names), then runs workers that each
 * take a link target to analyse or, when there is none, a page to read, until nothing is left or the run is stopped.
 * Everything found goes to the store; the report is made from it afterwards (src/crawl/crawl-report.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CrawlContext } from './crawl-context.js';
import { admit } from './crawl-context.js';
import type { CrawlFetcher } from './crawl-fetcher.js';
import { CRAWL_OPTION_TABLE } from './crawl-options.js';
import type { CrawlStore, FrontierEntry, LinkElement, StoreCounts } from './crawl-store.js';
import { type CrawlScope, crawlUrl, ScopeRule } from './crawl-url.js';
import { HostPacer } from './host-pacer.js';
import { visitPage } from './page-visit.js';
import type { PacingGate, PageBudget } from './shared-limits.js';
import { RobotsBook } from './site-robots.js';
import { SitemapBudget } from './sitemap-budget.js';
import { admitSitemaps } from './sitemap-visit.js';
import { visitTarget } from './target-visit.js';
import { TRAP_DEFAULTS, TrapGuard, type TrapLimits } from './trap-guard.js';

export interface CrawlSettings {
  readonly starts: readonly string[];
  readonly sitemaps?: readonly string[];
  /** Read the sitemaps the start URLs' robots.txt names (default true). */
  readonly robotsSitemaps?: boolean;
  readonly scope?: CrawlScope;
  readonly maxPages?: number;
  /** Sitemap files read per crawl (`--max-sitemaps`: src/crawl/crawl-options.ts has its default). */
  readonly maxSitemaps?: number;
  /** Sitemap entries taken per crawl, all sitemaps together (`--max-sitemap-urls`). */
  readonly maxSitemapUrls?: number;
  readonly traps?: Partial<TrapLimits>;
  readonly skip?: ReadonlySet<LinkElement>;
  /** Visits at once (default 16). */
  readonly concurrency?: number;
  /** Requests at once on one host (default 4). */
  readonly perHost?: number;
  /** Requests per second over all hosts. */
  readonly rate?: number | undefined;
  /** Obey robots.txt (default true). */
  readonly robots?: boolean;
  readonly maxRetryAfterMs?: number;
  /**
   * How long a page or target taken stays the taker's (default 10 minutes). A shared store renews it while its
   * worker lives, so this is how long a killed worker's entries wait to be given out again (`--lease`).
   */
  readonly leaseMs?: number;
  readonly signal?: AbortSignal | undefined;
  /** A shared crawl's `--max-pages`, counted with its other workers (src/crawl/shared-limits.ts). */
  readonly budget?: PageBudget | undefined;
  /** A shared crawl's `--per-host` and `--rate`, held with its other workers. */
  readonly gate?: PacingGate | undefined;
  /** The crawler a page's `noindex` is judged for (`--crawler`; Googlebot, as the analysis, when absent). */
  readonly crawler?: string | undefined;
  /** Called now and then with the store's counts (a progress line). */
  readonly onProgress?: (counts: StoreCounts) => void;
}

export interface CrawlRun {
  /** Stopped by the signal before the frontier was empty. */
  readonly interrupted: boolean;
  readonly counts: StoreCounts;
}

export const CRAWL_DEFAULTS = Object.freeze({
  maxPages: 10_000,
  concurrency: 16,
  perHost: 4,
  maxRetryAfterMs: 120_000,
  leaseMs: 10 * 60_000,
});

/** The start URLs as pages, the sitemaps (given, and robots.txt's) as sitemaps to read; on a fresh store only. */
async function seed(context: CrawlContext, starts: readonly URL[], settings: CrawlSettings): Promise<void> {
  const pages: FrontierEntry[] = starts.map((url) => ({ url: url.href, depth: 0, source: 'start' }));
  await admit(context, pages);
  const sitemaps = new Set<string>();
  for (const given of settings.sitemaps ?? []) {
    const url = crawlUrl(given);
    if (url !== undefined) sitemaps.add(url.href);
  }
  if (settings.robotsSitemaps !== false) {
    for (const start of starts) {
      for (const listed of (await context.robots.for(start)).sitemaps) {
        const url = crawlUrl(listed, start);
        if (url !== undefined) sitemaps.add(url.href);
      }
    }
  }
  const entries = [...sitemaps].map((url): FrontierEntry => ({ url, depth: 0, source: 'sitemap', kind: 'sitemap' }));
  await admitSitemaps(context, entries, '--sitemap and robots.txt');
}

/** A resumed run's sitemap budgets as its state has them spent: the sitemaps queued, and the entries they gave. */
async function spentSitemaps(context: CrawlContext, sitemaps: ReadonlySet<string>): Promise<void> {
  context.sitemapBudget.spent('sitemaps', sitemaps.size);
  if (sitemaps.size === 0) return;
  let entries = 0;
  for await (const page of context.store.pages()) if (sitemaps.has(page.url)) entries += page.links;
  context.sitemapBudget.spent('sitemapUrls', entries);
}

/** A resumed run's trap limits and (of a store of its own) sitemap budgets counted again from the entries it has. */
async function resumed(context: CrawlContext): Promise<void> {
  const sitemaps = new Set<string>();
  for await (const entry of context.store.entries()) {
    context.traps.cut(new URL(entry.url), entry.depth);
    if (entry.kind === 'sitemap') sitemaps.add(entry.url);
  }
  // A shared crawl counts its budgets on its row, which a resumed worker finds as they were.
  if (context.budget === undefined) await spentSitemaps(context, sitemaps);
}

/** The fetcher robots.txt is read with: each read a turn on its host too, so `--per-host` counts it. */
function pacedFetcher(fetcher: CrawlFetcher, pacer: HostPacer): CrawlFetcher {
  return {
    robotsToken: fetcher.robotsToken,
    analyze: (url, signal) => fetcher.analyze(url, signal),
    async fetch(url, request) {
      const release = await pacer.acquire(new URL(url).host, undefined, request.signal);
      try {
        return await fetcher.fetch(url, request);
      } finally {
        release();
      }
    },
  };
}

function contextFor(store: CrawlStore, fetcher: CrawlFetcher, starts: URL[], settings: CrawlSettings): CrawlContext {
  const pacer = new HostPacer({
    perHost: settings.perHost ?? CRAWL_DEFAULTS.perHost,
    rate: settings.rate,
    gate: settings.gate,
  });
  return {
    store,
    fetcher,
    scope: new ScopeRule(settings.scope ?? 'site', starts),
    starts,
    sitemapBudget: new SitemapBudget(
      {
        sitemaps: settings.maxSitemaps ?? CRAWL_OPTION_TABLE.maxSitemaps.default,
        sitemapUrls: settings.maxSitemapUrls ?? CRAWL_OPTION_TABLE.maxSitemapUrls.default,
      },
      settings.budget,
    ),
    traps: new TrapGuard({ ...TRAP_DEFAULTS, ...settings.traps }),
    robots: new RobotsBook(pacedFetcher(fetcher, pacer), settings.robots !== false),
    pacer,
    skip: settings.skip ?? new Set(),
    maxPages: settings.maxPages ?? CRAWL_DEFAULTS.maxPages,
    leaseMs: settings.leaseMs ?? CRAWL_DEFAULTS.leaseMs,
    maxTries: 5,
    maxRetryAfterMs: settings.maxRetryAfterMs ?? CRAWL_DEFAULTS.maxRetryAfterMs,
    signal: settings.signal,
    admitted: 0,
    budget: settings.budget,
    crawler: settings.crawler,
    tries: new Map(),
  };
}

/**
 * One worker: a target if there is one, else a page, until the store has nothing left and no one is busy, or until
 * `halt` (another worker failed).
 */
async function work(context: CrawlContext, busy: { count: number }, halt: AbortSignal): Promise<void> {
  const { store } = context;
  while (context.signal?.aborted !== true && !halt.aborted) {
    const [target] = await store.takeTargets(1, context.leaseMs);
    const [page] = target === undefined ? await store.take(1, context.leaseMs) : [];
    if (target === undefined && page === undefined) {
      const counts = await store.counts();
      // Pages leased elsewhere (another worker of a shared store) may still add links: wait for them too.
      if (busy.count === 0 && counts.queued === 0 && counts.leased === 0 && counts.targetsQueued === 0) return;
      await sleep(20);
      continue;
    }
    busy.count++;
    try {
      if (target !== undefined) await visitTarget(context, target);
      else await visitPage(context, page!);
    } finally {
      busy.count--;
    }
  }
}

/** Crawls into `store` (fresh, or opened to resume) and resolves when done or stopped. */
export async function runCrawl(store: CrawlStore, fetcher: CrawlFetcher, settings: CrawlSettings): Promise<CrawlRun> {
  const starts = settings.starts.map((start) => crawlUrl(start)).filter((url): url is URL => url !== undefined);
  const context = contextFor(store, fetcher, starts, settings);
  const before = await store.counts();
  context.admitted = before.seen;
  if (before.seen === 0) await seed(context, starts, settings);
  else await resumed(context);
  const busy = { count: 0 };
  const progress = settings.onProgress;
  const timer = progress === undefined ? undefined : setInterval(() => void store.counts().then(progress), 250);
  // A worker that fails (the store's database gone, an unexpected error) stops the others: they would otherwise wait
  // for ever for the entry it held, which stays leased (a shared store renews it while this process lives).
  const halt = new AbortController();
  try {
    const workers = Array.from({ length: settings.concurrency ?? CRAWL_DEFAULTS.concurrency }, () =>
      work(context, busy, halt.signal).catch((error: unknown) => {
        halt.abort(error);
        throw error;
      }),
    );
    const outcomes = await Promise.allSettled(workers);
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure !== undefined && context.signal?.aborted !== true) throw (failure as PromiseRejectedResult).reason;
  } finally {
    if (timer !== undefined) clearInterval(timer);
  }
  const counts = await store.counts();
  const left = counts.queued + counts.leased + counts.targetsQueued;
  return { interrupted: context.signal?.aborted === true && left > 0, counts };
}
