/**
 * What the `as-browser` variant's returning browser knows: the HSTS its visits to the site's other variants taught it
 * (the headers their https answers sent, RFC 6797 §8.1), in the grid's order, so that a run's answer does not depend
 * on which analysis finished first.
 */
import { type AnalysisResult, type Hop, HstsStore, isHoplensError } from '../core/index.js';

/** The hops an analysis made: its chain, or the hops completed before it failed. */
function hopsOf(outcome: PromiseSettledResult<AnalysisResult> | undefined): readonly Hop[] {
  if (outcome?.status === 'fulfilled') return outcome.value.chain;
  const error: unknown = outcome?.reason;
  return isHoplensError(error) ? error.chain : [];
}

/** The Known HSTS Hosts of a browser that made the analyses of `outcomes`, in their order. */
export function browserAfter(outcomes: readonly (PromiseSettledResult<AnalysisResult> | undefined)[]): HstsStore {
  const store = new HstsStore();
  for (const outcome of outcomes) {
    for (const hop of hopsOf(outcome)) store.observe(new URL(hop.url), hop.hsts);
  }
  return store;
}
