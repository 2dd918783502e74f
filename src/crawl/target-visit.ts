/**
 * One link target analysed with the core's analyzer (its whole chain and findings), once per crawl whichever pages
 * link to it, on its host's turn and as robots.txt allows.
 */
import { isHoplensError } from '../core/index.js';
import type { CrawlContext } from './crawl-context.js';
import type { Leased, TargetRecord } from './crawl-store.js';
import { backOff } from './visit-answer.js';

export async function visitTarget(context: CrawlContext, leased: Leased<string>): Promise<void> {
  const url = new URL(leased.item);
  const robots = await context.robots.for(url);
  if (!robots.allowed(url.href)) {
    await context.store.saveTarget(leased.lease, { url: url.href, skipped: 'disallowed by robots.txt' });
    return;
  }
  const release = await context.pacer.acquire(url.host, robots.crawlDelayMs, context.signal);
  let record: TargetRecord;
  try {
    const result = await context.fetcher.analyze(url.href, context.signal);
    const last = result.chain.at(-1);
    const status = result.summary.finalStatus;
    if ((status === 429 || status === 503) && backOff(context, url.href, last?.headers['retry-after'])) {
      await context.store.releaseTarget(leased.lease, Date.now());
      return;
    }
    record = { url: url.href, result };
  } catch (error) {
    if (context.signal?.aborted === true || !isHoplensError(error)) throw error;
    record = { url: url.href, error: { code: error.code, message: error.message } };
  } finally {
    release();
  }
  await context.store.saveTarget(leased.lease, record);
}
