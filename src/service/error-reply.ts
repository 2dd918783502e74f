import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Hop } from '../core/index.js';
import type { RateLimitBody } from '../schemas/analysis-result.js';
import type { ErrorBody } from '../schemas/error-body.js';
import { statusFor } from './error-status.js';
import { fromMonitorError, isServiceError, type ServiceError, serviceError } from './errors.js';
import type { RequestLimiter } from './rate-limit/request-limiter.js';

/**
 * Turns anything thrown while handling a request into a {@link ServiceError}. Fastify's own errors keep their
 * meaning (404, or a malformed request as `INVALID_PARAMETER`); anything unexpected becomes `INTERNAL_ERROR`, whose
 * message reveals nothing of the cause.
 */
export function toServiceError(error: unknown): ServiceError {
  if (isServiceError(error)) return error;
  const monitor = fromMonitorError(error);
  if (monitor !== undefined) return monitor;
  const status = (error as Partial<FastifyError> | undefined)?.statusCode;
  if (status === 404) return serviceError('NOT_FOUND', 'Not found');
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return serviceError('INVALID_PARAMETER', `Malformed request: ${(error as Error).message}`);
  }
  return serviceError('INTERNAL_ERROR', 'Internal server error', {}, { cause: error });
}

/** The JSON body of an error: `{ success: false, error: { code, message, ... }, rateLimit, chain? }`. */
export function errorBody(error: ServiceError, rateLimit: RateLimitBody | undefined, chain?: Hop[]): ErrorBody {
  const { parameter, retryAfter, limit, url, reason } = error.details;
  const body: ErrorBody = {
    success: false,
    error: {
      code: error.code,
      message: error.message,
      ...(parameter !== undefined && { parameter }),
      ...(retryAfter !== undefined && { retryAfter }),
      ...(limit !== undefined && { limit }),
      ...(url !== undefined && { url }),
      ...(reason !== undefined && { reason }),
    },
  };
  if (rateLimit !== undefined) body.rateLimit = rateLimit;
  if (chain !== undefined) body.chain = chain;
  return body;
}

/**
 * Whether an error answer describes the caller's rate limit: not on `/api/monitors`, which no rate limit applies to
 * (its admin token guards it), so that its errors do not suggest one (docs/monitors.md).
 */
function describesRateLimit(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0]!;
  return path !== '/api/monitors' && !path.startsWith('/api/monitors/');
}

/** Options of {@link sendError}. */
export interface SendErrorOptions {
  /** The hops completed before an analysis failed (only analysis failures carry a chain). */
  chain?: Hop[];
}

/**
 * Answers with an error: the status from the error-status table, the JSON body, `Cache-Control: no-store`,
 * `Retry-After` when the error says when to retry, and the rate-limit headers and body (counted already on
 * `/api/analyze`, peeked elsewhere).
 */
export async function sendError(
  limiter: RequestLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  error: ServiceError,
  options: SendErrorOptions = {},
): Promise<FastifyReply> {
  let rateLimit: RateLimitBody | undefined;
  try {
    if (describesRateLimit(request)) rateLimit = await limiter.describe(request, reply);
  } catch (storeError) {
    // The store already falls back to memory; if even that failed, the error still deserves an answer.
    request.log.error({ err: storeError }, 'rate-limit status unavailable');
  }
  if (error.details.retryAfter !== undefined) reply.header('retry-after', String(error.details.retryAfter));
  return (
    reply
      .code(statusFor(error.code))
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      // Not the route's response schema: a route's own 503 (readiness) has another shape than an error's.
      .serializer((payload) => JSON.stringify(payload))
      .send(errorBody(error, rateLimit, options.chain))
  );
}

/**
 * Routes every error and every unknown route through {@link sendError}, so no answer is ever HTML or a stack trace.
 */
export function installErrorReplies(app: FastifyInstance, limiter: RequestLimiter): void {
  app.setErrorHandler(async (error, request, reply) => {
    const hoplens = toServiceError(error);
    if (hoplens.code === 'INTERNAL_ERROR') request.log.error({ err: error }, 'unexpected error');
    return sendError(limiter, request, reply, hoplens);
  });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const shown = path.length > 100 ? `${path.slice(0, 100)}…` : path;
    return sendError(limiter, request, reply, serviceError('NOT_FOUND', `No route for ${request.method} ${shown}`));
  });
}

/** Fastify's `frameworkErrors` option: a malformed request path becomes a JSON 400 too. */
export function frameworkErrorReply(limiter: RequestLimiter) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const refused = serviceError('INVALID_PARAMETER', `Malformed request: ${error.message}`);
    sendError(limiter, request, reply, refused).catch((sendFailure) => request.log.error({ err: sendFailure }));
  };
}

/**
 * Fastify's `clientErrorHandler`: a request Node could not even parse gets a JSON 400 written on the socket (there
 * is no request, hence no rate-limit status to report).
 */
export function clientErrorReply(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const why =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 'the request did not arrive in time'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 'the request headers are too large'
        : 'the request could not be parsed';
  const refused = serviceError('INVALID_PARAMETER', `Malformed request: ${why}`);
  const status = statusFor(refused.code);
  const body = JSON.stringify(errorBody(refused, undefined));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
