/**
 * What `/api/analyze` answers, as the page sees it: the static types of the API's own schemas (src/schemas/), so
 * that the page can never drift from what the service sends.
 */
import type { Static } from 'typebox';
import type {
  AnalysisResponseSchema,
  HopSchema,
  IssueSchema,
  RateLimitSchema,
  SummarySchema,
} from '../../schemas/analysis-result.js';
import type { ErrorBodySchema } from '../../schemas/error-body.js';

export type Hop = Static<typeof HopSchema>;
export type Issue = Static<typeof IssueSchema>;
export type Summary = Static<typeof SummarySchema>;
/** The caller's rate-limit status, as in the body and the X-RateLimit-* headers. */
export type RateLimit = Static<typeof RateLimitSchema>;
/** A 200 answer. */
export type AnalysisResponse = Static<typeof AnalysisResponseSchema>;
/** Every non-200 answer of the service. */
export type ErrorResponse = Static<typeof ErrorBodySchema>;
