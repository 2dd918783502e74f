/**
 * The crawl's requests through the CLI's analyzer, so that the address policy, the TLS mode, `--resolve`, the
 * request headers and every other analysis option apply to each fetch exactly as `hoplens check` applies them
 * (src/cli/analyzer.ts, src/cli/analyzer-settings.ts).
 */
import { type AnalyzeOptions, Analyzer, type AnalyzerConfig } from '../../core/index.js';
import type { CrawlFetcher } from '../../crawl/index.js';
import type { CliIo } from '../io.js';

/** hoplens's own product token: the robots.txt group the crawl obeys unless `--crawler` names another. */
export const CRAWL_TOKEN = 'hoplens';

export async function cliCrawlFetcher(
  io: CliIo,
  config: AnalyzerConfig,
  options: AnalyzeOptions,
  crawler: string | undefined,
): Promise<{ fetcher: CrawlFetcher; close: () => Promise<void> }> {
  // The crawl needs the analyzer's page fetch, which only the core's Analyzer has: an injected one is used when it is.
  const injected = typeof io.analyzer === 'function' ? io.analyzer(config) : io.analyzer;
  const analyzer = injected instanceof Analyzer ? injected : new Analyzer(config);
  const owned = analyzer !== io.analyzer;
  const analyze = await analyzer.withOptions(options);
  const { policy: _policy, signal: _signal, ...fetchOptions } = options;
  const fetcher: CrawlFetcher = {
    analyze: (url, _signal, finalPage) => analyze(url, finalPage),
    fetch: (url, request) => analyzer.fetch(analyzer.prepare(url, fetchOptions), request),
    robotsToken: crawler ?? CRAWL_TOKEN,
  };
  return { fetcher, close: () => (owned ? analyzer.close() : Promise.resolve()) };
}
