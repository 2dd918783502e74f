import type { RowOutcome, RowResult } from './result.js';
import { type SlowChain, SlowestChains } from './slowest.js';

/** Redirects per row are counted in these buckets; the last one holds every row with that many or more. */
export const REDIRECT_BUCKETS = 6;

/** What a whole run's chains looked like, for the closing summary. */
export interface RunStats {
  /** Rows by outcome. */
  outcomes: Record<RowOutcome, number>;
  /** `redirects[n]`: rows with n redirects; the last entry counts rows with `REDIRECT_BUCKETS - 1` or more. */
  redirects: number[];
  /** Redirect hops over the whole run that were permanent (301, 308) and temporary (302, 303, 307). */
  permanent: number;
  temporary: number;
  /** The ten slowest chains, slowest first. */
  slowest: SlowChain[];
}

/** Folds row results into {@link RunStats} as they come, in constant memory. */
export class RunStatsCounter {
  private readonly outcomes: Record<RowOutcome, number> = { passed: 0, failed: 0, errored: 0, inconclusive: 0 };
  private readonly redirects = new Array<number>(REDIRECT_BUCKETS).fill(0);
  private permanent = 0;
  private temporary = 0;
  private readonly slowest = new SlowestChains(10);

  add(result: RowResult): void {
    this.outcomes[result.outcome]++;
    if (result.outcome === 'errored') return;
    this.redirects[Math.min(result.redirects, REDIRECT_BUCKETS - 1)]!++;
    for (const hop of result.chain) {
      if (hop.redirectType === 'permanent') this.permanent++;
      else if (hop.redirectType === 'temporary') this.temporary++;
    }
    const chain: SlowChain = { source: result.source, time: result.time, hops: result.hops };
    if (result.finalUrl !== undefined) chain.finalUrl = result.finalUrl;
    this.slowest.add(chain);
  }

  snapshot(): RunStats {
    return {
      outcomes: { ...this.outcomes },
      redirects: [...this.redirects],
      permanent: this.permanent,
      temporary: this.temporary,
      slowest: this.slowest.list(),
    };
  }
}
