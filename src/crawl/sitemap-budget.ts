/**
 * The crawl's two sitemap budgets (`--max-sitemaps`, `--max-sitemap-urls`: src/crawl/crawl-options.ts): room taken
 * from the shared crawl's counters when several workers share it, else counted here. What finds no room is counted
 * and reported, never requested (src/crawl/sitemap-visit.ts).
 */
import type { PageBudget, SitemapAllowance } from './shared-limits.js';

export type SitemapLimits = Readonly<Record<SitemapAllowance, number>>;

/** The flag of each budget, for the words of what it cut. */
export const SITEMAP_FLAGS: Readonly<Record<SitemapAllowance, string>> = {
  sitemaps: '--max-sitemaps',
  sitemapUrls: '--max-sitemap-urls',
};

export class SitemapBudget {
  private readonly taken: Record<SitemapAllowance, number> = { sitemaps: 0, sitemapUrls: 0 };

  constructor(
    readonly limits: SitemapLimits,
    private readonly shared?: PageBudget | undefined,
  ) {}

  /** What a resumed run had taken already (counted again from its state: src/crawl/crawl-run.ts). */
  spent(allowance: SitemapAllowance, count: number): void {
    this.taken[allowance] += count;
  }

  /** Room for up to `wanted` more: resolves with how many fit (0 to `wanted`), counted as taken. */
  async take(allowance: SitemapAllowance, wanted: number): Promise<number> {
    if (wanted <= 0) return 0;
    const limit = this.limits[allowance];
    if (this.shared !== undefined) return this.shared.takeSitemapRoom(allowance, wanted, limit);
    const room = Math.max(0, Math.min(wanted, limit - this.taken[allowance]));
    this.taken[allowance] += room;
    return room;
  }
}
