import { type Static, Type } from 'typebox';
import { ERROR_CODES } from '../core/index.js';
import { HopSchema, RateLimitSchema } from './analysis-result.js';

/**
 * The codes the API answers with besides the core's (the request, the limits, capacity and routing), each with what it
 * means (`hoplens explain CODE` prints it).
 */
export const SERVICE_ERROR_WORDS = Object.freeze({
  INVALID_PARAMETER: 'A parameter is missing, malformed, out of range or repeated: the error names it (parameter).',
  RENDER_DISABLED: 'render=true was asked of a service where HOPLENS_RENDER is off.',
  RATE_LIMITED: 'The per-minute or per-day limit is spent: retry after retryAfter seconds.',
  UNAUTHORIZED: '/api/monitors without Authorization: Bearer <HOPLENS_ADMIN_TOKEN>, or with a wrong token.',
  OVERLOADED: 'Too many analyses in flight, and none finished within HOPLENS_QUEUE_TIMEOUT_MS.',
  NOT_FOUND: 'An unknown route, or a monitor that does not exist.',
  METHOD_NOT_ALLOWED: 'A method the route does not take, such as POST on /api/analyze.',
  SHUTTING_DOWN: 'The instance is stopping.',
  INTERNAL_ERROR: 'A bug in the service: the details are logged, not returned.',
});

/** The codes the API answers with besides the core's. */
export const SERVICE_ERROR_CODES = Object.freeze(
  Object.keys(SERVICE_ERROR_WORDS) as Array<keyof typeof SERVICE_ERROR_WORDS>,
);

/** Every code of the API's error body: the core's and the service's. */
export const API_ERROR_CODES = Object.freeze([...ERROR_CODES, ...SERVICE_ERROR_CODES]);

/** A code of the API's error body. */
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The `error` object of every error response. */
export const ErrorDetailSchema = Type.Object({
  code: Type.Enum(API_ERROR_CODES, { description: 'Stable machine-readable code' }),
  message: Type.String({ description: 'What went wrong, for people' }),
  parameter: Type.Optional(
    Type.String({ description: 'The query parameter, or the dotted field of a body, at fault (400)' }),
  ),
  retryAfter: Type.Optional(Type.Integer({ minimum: 0, description: 'Seconds to wait before retrying (429, 503)' })),
  limit: Type.Optional(Type.Enum(['minute', 'day'], { description: 'Which limit refused the request (429)' })),
  url: Type.Optional(Type.String({ description: 'The URL being requested when the analysis failed' })),
  reason: Type.Optional(Type.String({ description: 'Why a TLS handshake failed (TLS_ERROR)' })),
});

/** The body of every error response, whatever the route. */
export const ErrorBodySchema = Type.Object(
  {
    success: Type.Literal(false),
    error: ErrorDetailSchema,
    rateLimit: Type.Optional(RateLimitSchema),
    chain: Type.Optional(Type.Array(HopSchema, { description: 'Hops completed before an analysis failed' })),
  },
  { description: 'Error' },
);

/** An error response body. */
export type ErrorBody = Static<typeof ErrorBodySchema>;
