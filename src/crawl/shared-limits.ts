/**
 * Limits a crawl holds across processes when several workers share it (src/crawl/pg/shared-limits.ts implements them
 * in PostgreSQL): without them each worker would apply `--max-pages`, the sitemap budgets, `--per-host` and `--rate`
 * to its own requests only, so two workers would fetch twice the pages and ask a host twice as often as the crawl was
 * told to.
 */
import type { FrontierEntry } from './crawl-store.js';

/** The `--max-pages` budget of a shared crawl: pages admitted to its frontier, counted where every worker sees them. */
export interface PageBudget {
  /**
   * Adds the entries never added before to the frontier while the crawl has admitted fewer than `maxPages` pages;
   * returns those added and those refused for the budget (entries already seen are in neither).
   */
  admitPages(
    entries: readonly FrontierEntry[],
    maxPages: number,
  ): Promise<{ fresh: FrontierEntry[]; capped: FrontierEntry[] }>;
  /**
   * Takes room for up to `wanted` more of a sitemap allowance (`--max-sitemaps`, `--max-sitemap-urls`), counted for
   * the whole crawl against `max`; resolves with the room given (0 to `wanted`).
   */
  takeSitemapRoom(allowance: SitemapAllowance, wanted: number, max: number): Promise<number>;
}

/** The crawl's two sitemap budgets: sitemap files read, and sitemap entries taken. */
export type SitemapAllowance = 'sitemaps' | 'sitemapUrls';

/** A turn on a host that every worker of the crawl respects: at most `limit` at once, and the crawl's rate. */
export interface PacingGate {
  /** Waits for one of the host's `limit` turns and the crawl's next moment under its rate; resolves with its end. */
  enter(host: string, limit: number, signal?: AbortSignal): Promise<() => void>;
}
