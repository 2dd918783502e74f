import { Type } from 'typebox';
import { AnalysisResponseSchema } from '../../schemas/analysis-result.js';
import { AnalyzeQuerySchema } from '../../schemas/analyze-query.js';
import { ErrorBodySchema } from '../../schemas/error-body.js';

const integerHeader = (description: string) => Type.Integer({ description });

/** The rate-limit headers, as the OpenAPI document describes them on every response of the route. */
export const RATE_LIMIT_HEADER_SCHEMAS = {
  'X-RateLimit-Limit': integerHeader('The per-minute limit'),
  'X-RateLimit-Remaining': integerHeader('Requests left before a 429: the smaller of the minute and day windows'),
  'X-RateLimit-Reset': integerHeader('UTC epoch seconds at which the window X-RateLimit-Remaining reflects resets'),
  'RateLimit-Policy': Type.String({
    description: 'IETF draft: both quota policies, e.g. `"minute";q=30;w=60, "day";q=3000;w=86400`',
  }),
  RateLimit: Type.String({
    description: 'IETF draft: what is left of each policy, e.g. `"minute";r=29;t=60, "day";r=2999;t=86400`',
  }),
};
const retryAfterHeader = { 'Retry-After': integerHeader('Seconds to wait before trying again') };

/** An error response as the OpenAPI document shows it. */
export function errorResponse(description: string, extraHeaders: Record<string, unknown> = {}) {
  return { ...ErrorBodySchema, description, headers: { ...RATE_LIMIT_HEADER_SCHEMAS, ...extraHeaders } };
}

/** The schema of `GET /api/analyze`: query validation, response serialisation and the OpenAPI operation. */
export const ANALYZE_ROUTE_SCHEMA = {
  tags: ['analysis'],
  operationId: 'analyzeUrl',
  summary: 'Analyze the redirect chain of a URL',
  description:
    'Follows the redirects of `url` hop by hop and reports each hop, a summary with detected issues, and the ' +
    "caller's rate-limit status. Loops, too many hops, bad Location headers and redirects into non-public " +
    'address space are findings (200 with `summary.issues`); a network failure or timeout is a 500 with the ' +
    'partial chain. Every request counts against the per-IP limits, invalid ones included.',
  querystring: AnalyzeQuerySchema,
  response: {
    200: { ...AnalysisResponseSchema, description: 'The analysis result', headers: RATE_LIMIT_HEADER_SCHEMAS },
    400: errorResponse(
      'Invalid parameter (`INVALID_PARAMETER`, `INVALID_URL`) or a destination outside public address space (`BLOCKED_DESTINATION`)',
    ),
    429: errorResponse('Rate limit exceeded (`RATE_LIMITED`)', retryAfterHeader),
    500: errorResponse(
      'The analysis failed: `TIMEOUT`, `DNS_ERROR`, `CONNECTION_REFUSED`, `CONNECTION_RESET`, `TLS_ERROR`, `PROTOCOL_ERROR`, `RESPONSE_TOO_LARGE`, `NETWORK_ERROR`; carries the partial `chain`',
    ),
    503: errorResponse(
      'Too many analyses in flight (`OVERLOADED`) or shutting down (`SHUTTING_DOWN`)',
      retryAfterHeader,
    ),
  },
};
