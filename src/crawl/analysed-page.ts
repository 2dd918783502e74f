/**
 * A page of the frontier read through its analysis, so that it is fetched once: the analysis (the one a link target
 * gets, src/crawl/target-visit.ts) is recorded as the URL's target analysis, and its first hop is the page's response.
 * When that hop is the chain's last, an HTML page whose body the analysis kept whole, its links are read from that
 * body; otherwise (the body was cut at the analysis's 1 MiB, or a client redirect was followed to another page) the
 * caller fetches the page as before.
 */
import { type AnalysisResult, type FinalPage, isHoplensError } from '../core/index.js';
import type { CrawlContext } from './crawl-context.js';
import type { FrontierEntry } from './crawl-store.js';

export interface AnalysedPage {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The page's decoded HTML, when the analysis kept all of it; else the page is to be fetched for its links. */
  readonly text?: string | undefined;
  /** Where the URL's redirects end, and how many there are on the way. */
  readonly finalUrl: string;
  readonly finalStatus: number;
  readonly redirects: number;
}

/**
 * Analyses `entry`'s URL and records the analysis (or its error) as the URL's target; 'retry' when the host answered
 * 429 or 503 and is paused (nothing recorded). Rethrows an error, once recorded, for the page to record it too.
 */
export async function analysedPage(
  context: CrawlContext,
  entry: FrontierEntry,
  backOff: (url: string, header: string | undefined) => boolean,
): Promise<AnalysedPage | 'retry'> {
  const record = context.store.recordTarget!.bind(context.store);
  let page: FinalPage | undefined;
  let result: AnalysisResult;
  try {
    result = await context.fetcher.analyze(entry.url, context.signal, (final) => {
      page = final;
    });
  } catch (error) {
    if (context.signal?.aborted !== true && isHoplensError(error)) {
      await record({ url: entry.url, error: { code: error.code, message: error.message } });
    }
    throw error;
  }
  const first = result.chain[0]!;
  const last = result.chain.at(-1)!;
  const status = result.summary.finalStatus;
  if ((status === 429 || status === 503) && backOff(entry.url, last.headers['retry-after'])) return 'retry';
  await record({ url: entry.url, result });
  const whole = page !== undefined && !page.cut && result.chain.length === 1 ? page.text : undefined;
  const { finalUrl, totalHops } = result.summary;
  return {
    status: first.status,
    headers: first.headers,
    text: whole,
    finalUrl,
    finalStatus: status,
    redirects: totalHops - 1,
  };
}
