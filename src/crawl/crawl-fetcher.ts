import type { AnalysisResult, FetchedResponse, FinalPageReader } from '../core/index.js';

/**
 * The crawl's requests, all under the address policy and analysis options of the face that runs it (the CLI's
 * analyzer: src/cli/commands/crawl.ts): a link target's analysis (its chain and findings), and one GET whose
 * redirects are not followed (a page's markup, robots.txt, a sitemap). A seam, so that tests and a worker may supply
 * their own.
 */
export interface CrawlFetcher {
  /** `finalPage` receives the final page's HTML the analysis read (a page read once, not fetched again). */
  analyze(url: string, signal?: AbortSignal, finalPage?: FinalPageReader): Promise<AnalysisResult>;
  fetch(
    url: string,
    request: { maxBytes: number; accept?: string; signal?: AbortSignal | undefined },
  ): Promise<FetchedResponse>;
  /** The User-Agent's product token whose robots.txt group the crawl obeys. */
  readonly robotsToken: string;
}
