import type { Attempt, RowResult, RuleChains } from '../../check/index.js';
import { tlsHint } from '../tls-hint.js';

/**
 * The reasons the command line adds to a row that did not pass (src/check's `explain`), in its own words: the rules
 * file's chain that sends the row's target on, as lint says it, and how to trust a private certificate authority.
 */
export function explainFor(chains: RuleChains | undefined): (result: RowResult, attempt: Attempt) => string[] {
  return (result, attempt) => {
    const reasons: string[] = [];
    // The row failed, and the rules send its target on: say so, rather than only what the chain did.
    const chain = result.outcome === 'failed' ? chains?.get(result.line) : undefined;
    if (chain !== undefined) reasons.push(chain);
    const hint = tlsHint(attempt.error);
    if (hint !== undefined) reasons.push(`hint: ${hint}`);
    return reasons;
  };
}
