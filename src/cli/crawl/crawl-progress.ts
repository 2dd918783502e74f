/**
 * `hoplens crawl`'s progress line, drawn as check's bar is (src/cli/terminal-line.ts): on stderr when it is a terminal
 * and `--no-progress` is not given, nothing otherwise, so a CI log does not fill with redraws. It tells the pages read,
 * the links found on them, the targets analysed and how many of those redirect, loop or fail, what is still queued,
 * and the pages read per second.
 */
import type { CrawlTally, StoreCounts } from '../../crawl/index.js';
import type { CliIo } from '../io.js';
import { plural } from '../plural.js';
import { duration, startStatusLine } from '../terminal-line.js';

/** The line: counts so far, the queue (pages and targets still to do) and the rate of pages read. */
export function crawlProgressLine(tally: CrawlTally, counts: StoreCounts | undefined, elapsedSeconds: number): string {
  const rate = elapsedSeconds > 0 ? tally.pages / elapsedSeconds : 0;
  const queued = counts === undefined ? '?' : String(counts.queued + counts.leased + counts.targetsQueued);
  return [
    `crawling: ${plural(tally.pages, 'page')}`,
    plural(tally.links, 'link'),
    `${plural(tally.targets, 'target')} analysed, ${tally.targetsWithFindings} with findings`,
    `queue ${queued}`,
    `${rate.toFixed(1)} pages/s`,
    duration(elapsedSeconds),
  ].join(' | ');
}

export interface CrawlProgress {
  /** The store's latest counts (runCrawl's onProgress). */
  update(counts: StoreCounts): void;
  /** Erases the line for good: the report comes next. */
  stop(): void;
}

const NONE: CrawlProgress = { update() {}, stop() {} };

/** The progress line of a crawl counting into `tally`, or nothing when stderr is no terminal or it was turned off. */
export function crawlProgress(io: CliIo, enabled: boolean, tally: CrawlTally): CrawlProgress {
  if (!enabled || !io.stderrIsTTY) return NONE;
  let counts: StoreCounts | undefined;
  const line = startStatusLine(io.stderr, (elapsed) => crawlProgressLine(tally, counts, elapsed));
  return {
    update(latest) {
      counts = latest;
    },
    stop() {
      line.stop();
    },
  };
}
