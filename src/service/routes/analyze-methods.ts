import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { sendError } from '../error-reply.js';
import { serviceError } from '../errors.js';
import type { RequestLimiter } from '../rate-limit/request-limiter.js';
import { errorResponse } from './analyze-schema.js';

/** What the method-refusing routes need from the app. */
export interface AnalyzeMethodsOptions {
  limiter: RequestLimiter;
}

/** The methods `/api/analyze` answers; the value of `Allow` on a 405 (RFC 9110, section 15.5.6). */
export const ANALYZE_METHODS = 'GET, HEAD';

/** The methods that change things, which the read-only analysis refuses (OPTIONS is the CORS preflight's). */
const REFUSED_METHODS = ['POST', 'PUT', 'DELETE', 'PATCH'] as const;

/**
 * `POST`, `PUT`, `DELETE` and `PATCH` on `/api/analyze`: the path exists, the method does not, so the answer is a
 * 405 with `Allow`, not a 404. Refused in `onRequest`, before any body is read or parsed, so that no body, however
 * large or malformed, turns the answer into another error. The client's rate-limit status is reported, not counted,
 * like any answer outside the analysis itself.
 */
export async function analyzeMethodsRoute(app: FastifyInstance, options: AnalyzeMethodsOptions): Promise<void> {
  const { limiter } = options;
  app.route({
    method: [...REFUSED_METHODS],
    url: '/analyze',
    schema: {
      // Not an operation: the reference lists what the path answers; the 405 is stated in its description.
      hide: true,
      tags: ['analysis'],
      summary: 'Not allowed: the analysis is read-only',
      description: `\`/api/analyze\` answers \`${ANALYZE_METHODS}\` only; every other method is refused with 405.`,
      response: {
        405: errorResponse('Method not allowed (`METHOD_NOT_ALLOWED`)', {
          Allow: Type.String({ description: `The methods the path answers: \`${ANALYZE_METHODS}\`` }),
        }),
      },
    },
    onRequest: async (request, reply) => {
      reply.header('allow', ANALYZE_METHODS);
      const refused = serviceError(
        'METHOD_NOT_ALLOWED',
        `Method ${request.method} not allowed on /api/analyze; use ${ANALYZE_METHODS}`,
      );
      return sendError(limiter, request, reply, refused);
    },
    // Never reached: onRequest has answered.
    handler: async (_request, reply) => reply,
  });
}
