import { createHash } from 'node:crypto';
import type { RowOutcome } from '../check/index.js';
import type { Hop, Issue } from '../core/index.js';

/** What one run of a monitor produced: the verdict of check's judging (src/check/judge.ts), and what it judged. */
export interface RunResult {
  outcome: RowOutcome;
  /** Why it failed or errored (the `check` row's reasons); empty when it passed. */
  reasons: string[];
  /** Why the analysis could not be done (`errored`). */
  error?: { code: string; message: string };
  finalUrl?: string;
  chain: Hop[];
  issues: Issue[];
}

/**
 * What makes two runs "the same" for the history: the outcome and its reasons, the chain's shape (each hop's URL and
 * status), the kinds of findings and the error code. Timings and headers are left out: they differ on every run. The
 * reasons are in so that a run judged by a changed expectation (an edit) starts a row of its own, which says what it
 * was judged against, instead of counting as a repeat of a row that names the old one.
 */
export function fingerprint(result: RunResult): string {
  const shape = [
    result.outcome,
    result.reasons,
    result.error?.code ?? null,
    result.chain.map((hop) => [hop.url, hop.status]),
    result.issues.map((issue) => issue.type).sort(),
  ];
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex');
}
