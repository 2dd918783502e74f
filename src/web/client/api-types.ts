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

/**
 * What `GET /api/variants` answers (src/variants/index.ts, docs/api.md "Variants"). Written out here because the
 * service documents that answer as an open object and the page may not import the variants room; the e2e tests hold
 * the page to the API's real answers.
 */
export interface VariantRow {
  variant: string;
  kind: 'given' | 'url' | 'client';
  change: string;
  url: string;
  method: string;
  userAgent?: string;
  chain: Array<{
    url: string;
    status: number;
    responseTime?: number;
    redirectType?: 'permanent' | 'temporary';
    redirectVia?: Hop['redirectVia'];
  }>;
  finalUrl?: string;
  finalStatus?: number;
  redirects: number;
  error?: { code: string; message: string };
  /** Whether a finding names this variant. */
  odd: boolean;
}

export interface VariantFinding {
  type: string;
  severity: Issue['severity'];
  message: string;
  /** The ids of the rows it is about. */
  variants: string[];
  help: string;
}

export interface VariantsResponse {
  url: string;
  canonical?: string;
  grid: VariantRow[];
  findings: VariantFinding[];
  rateLimit?: RateLimit;
}
