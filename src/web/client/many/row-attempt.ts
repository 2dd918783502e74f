/**
 * One row's answer from `/api/analyze` as the check room's {@link Attempt}, which the check room then judges exactly
 * as `hoplens check` judges a row it analysed itself: a 200 is the analysis; a failed analysis (or a URL the service
 * refused) is the error, with its code, its message and the hops made before it, as the core raises it.
 */
import type { Attempt } from '../../../check/judging.js';
import { defineErrors, type HoplensErrorDetails } from '../../../core/portable/index.js';
import type { CheckRow } from '../../../inputs/portable.js';
import type { RequestOutcome } from '../api-client.js';

/** The service's error codes reach the page as text: any code is made into the one error class. */
const errors = defineErrors<string, HoplensErrorDetails>([]);

/** An answer that settles a row: not a 429, a 503 or a cancellation, which the run retries or stops on. */
export type RowAnswer = Extract<RequestOutcome, { kind: 'ok' | 'failed' | 'invalid' }>;

export function isRowAnswer(outcome: RequestOutcome): outcome is RowAnswer {
  return outcome.kind === 'ok' || outcome.kind === 'failed' || outcome.kind === 'invalid';
}

/** The attempt of `row` whose analysis answered `answer` after `elapsed` ms. */
export function rowAttempt(row: CheckRow, answer: RowAnswer, elapsed: number): Attempt {
  const base = { row, attempts: 1, elapsed };
  switch (answer.kind) {
    case 'ok':
      // The API's result is the core's AnalysisResult on the wire (src/schemas/analysis-result.ts mirrors it).
      return { ...base, result: answer.result as unknown as NonNullable<Attempt['result']> };
    case 'failed':
      return { ...base, error: errors.make(answer.code, answer.message, { chain: answer.chain as never }) };
    case 'invalid':
      return { ...base, error: errors.make(answer.code, answer.message) };
  }
}
