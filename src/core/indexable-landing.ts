/** The page a chain lands on, when it lands on one that can be indexed: what the destination detectors judge. */
import type { FinishedChain } from './detectors/finished-chain.js';
import type { Hop } from './types.js';

/** The last hop and its index, when the chain completed on a 2xx page; undefined otherwise. */
export function indexableLanding(
  input: Pick<FinishedChain, 'chain' | 'stop'>,
): { hop: Hop; index: number } | undefined {
  const index = input.chain.length - 1;
  const hop = input.chain[index];
  if (input.stop.kind !== 'complete' || hop === undefined || hop.status < 200 || hop.status > 299) return undefined;
  return { hop, index };
}
