import type { PageSignals } from '../html/page-signals.js';
import type { StopReason } from '../trace.js';
import type { Hop } from '../types.js';

/**
 * The part of a detector's input that the chain's facts, its landing page and its canonicals are read from: apart
 * from the detector's input, which holds those facts, so that they need not import it back.
 */
export interface FinishedChain {
  readonly chain: readonly Hop[];
  readonly stop: StopReason;
  /** The first MiB of the final HTML page (2xx or error), decoded in its charset, when it was read with GET. */
  readonly finalBody?: string;
  /**
   * What that HTML declares, read as a browser parses it (src/core/html/page-signals.ts `readPage`): what the built-in
   * detectors read of the page (the analyzer gives it whenever it gives `finalBody`).
   */
  readonly finalSignals?: PageSignals;
}
