import { performance } from 'node:perf_hooks';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Analyzer } from '../../core/analyzer.js';
import { HoplensError, isHoplensError } from '../../core/errors.js';
import { normalizeOptions } from '../../core/options.js';
import { parseTargetUrl } from '../../core/parse-url.js';
import type { ConcurrencyGate } from '../concurrency-gate.js';
import { sendError, toHoplensError } from '../error-reply.js';
import type { Lifecycle } from '../lifecycle.js';
import { queryErrorFormatter, strictQuery } from '../query-validation.js';
import { RATE_LIMIT_HEADERS } from '../rate-limit/headers.js';
import type { RequestLimiter } from '../rate-limit/request-limiter.js';
import { AnalysisResponseSchema } from '../schemas/analysis-result.js';
import { AnalyzeQuerySchema } from '../schemas/analyze-query.js';
import { ErrorBodySchema } from '../schemas/error-body.js';
import type { TurnPacer } from '../turn-pacer.js';

/** What the analyze route needs from the app. */
export interface AnalyzeRouteOptions {
  analyzer: Analyzer;
  limiter: RequestLimiter;
  gate: ConcurrencyGate;
  lifecycle: Lifecycle;
  /** Networks exempt from the block on non-public destinations. */
  allowNetworks: readonly string[];
  /** Bound on one whole analysis, in ms. */
  analysisTimeoutMs: number;
  /** Spreads bursts of analyses starting and answering over event-loop turns, so they cannot starve /healthz. */
  pacer: TurnPacer;
}

/** Facts about one request, for its single log line. */
interface AnalysisFacts {
  host?: string;
  hops?: number;
  code?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Filled by the analyze route for its log line. */
    analysis: AnalysisFacts | null;
  }
}

const integerHeader = (description: string) => Type.Integer({ description });
/** The rate-limit headers, as the OpenAPI document describes them on every response of the route. */
const rateLimitHeaderSchemas = {
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
  return { ...ErrorBodySchema, description, headers: { ...rateLimitHeaderSchemas, ...extraHeaders } };
}

/**
 * `GET /api/analyze`: counts the request against the client's limits, validates the query strictly, waits for an
 * analysis slot, then traces the chain under a deadline that also ends when the client leaves or shutdown's grace
 * runs out. CORS is open to any origin, with the rate-limit headers exposed.
 */
export async function analyzeRoute(app: FastifyInstance, options: AnalyzeRouteOptions): Promise<void> {
  const { analyzer, limiter, gate, lifecycle, pacer } = options;
  await app.register(cors, {
    origin: '*',
    methods: ['GET'],
    exposedHeaders: [...RATE_LIMIT_HEADERS],
    maxAge: 86_400,
  });
  app.decorateRequest('analysis', null);

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/analyze',
    {
      schema: {
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
          200: { ...AnalysisResponseSchema, description: 'The analysis result', headers: rateLimitHeaderSchemas },
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
      },
      schemaErrorFormatter: queryErrorFormatter(AnalyzeQuerySchema),
      onRequest: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        request.analysis = {};
        await pacer.pass();
        await limiter.count(request, reply);
      },
      preValidation: strictQuery(AnalyzeQuerySchema),
      onError: async (request, _reply, error) => {
        if (request.analysis !== null) request.analysis.code = toHoplensError(error).code;
      },
      onResponse: async (request, reply) => {
        // Working out the line's fields (the client's key among them) is wasted when it would not be written.
        if (!WRITES_INFO.has(request.log.level)) return;
        const facts = request.analysis ?? {};
        request.log.info(
          {
            event: 'analysis',
            host: facts.host ?? hostOf((request.query as { url?: unknown } | undefined)?.url),
            status: reply.statusCode,
            hops: facts.hops,
            ms: Math.round(reply.elapsedTime),
            code: facts.code,
            client: limiter.keyOf(request),
          },
          'analysis',
        );
      },
    },
    async (request, reply) => {
      const { url, userAgent, maxHops, timeout } = request.query;
      const facts: AnalysisFacts = request.analysis ?? {};
      request.analysis = facts;
      const analyzeOptions = {
        maxHops,
        timeout,
        userAgent,
        blockPrivate: true,
        allowNetworks: options.allowNetworks,
      };
      // What the schema cannot say (URL syntax, a Latin-1 User-Agent) is checked before taking a slot.
      try {
        facts.host = parseTargetUrl(url).host;
        normalizeOptions(analyzeOptions);
      } catch (error) {
        throw asParameterError(error);
      }

      const abort = new AbortController();
      const stop = (reason: unknown) => {
        if (!abort.signal.aborted) abort.abort(reason);
      };
      const onClientGone = () => {
        if (!reply.raw.writableEnded) stop(new HoplensError('ABORTED', 'The client closed the connection'));
      };
      const onShutdown = () => stop(lifecycle.signal.reason);
      reply.raw.once('close', onClientGone);
      lifecycle.signal.addEventListener('abort', onShutdown, { once: true });
      if (lifecycle.signal.aborted) onShutdown();
      let release: (() => void) | undefined;
      let deadline: NodeJS.Timeout | undefined;
      try {
        release = await gate.acquire(abort.signal);
        await pacer.pass();
        deadline = setTimeout(
          () => stop(new HoplensError('TIMEOUT', `The analysis did not finish within ${options.analysisTimeoutMs} ms`)),
          options.analysisTimeoutMs,
        );
        const started = performance.now();
        const result = await analyzer.analyze(url, { ...analyzeOptions, signal: abort.signal });
        facts.hops = result.chain.length;
        request.log.debug({ ms: Math.round(performance.now() - started) }, 'analysis finished');
        await pacer.pass();
        const rateLimit = request.rateLimit ?? (await limiter.describe(request, reply));
        return { success: result.success, url: result.url, chain: result.chain, summary: result.summary, rateLimit };
      } catch (error) {
        const failure = explainFailure(error, abort.signal);
        if (!isHoplensError(error)) request.log.error({ err: error }, 'analysis crashed');
        facts.code = failure.code;
        facts.hops = failure.chain.length;
        await pacer.pass();
        // A request refused before its analysis started (no slot, shutdown) has no chain to report.
        return sendError(limiter, request, reply, failure, release === undefined ? {} : { chain: failure.chain });
      } finally {
        clearTimeout(deadline);
        release?.();
        lifecycle.signal.removeEventListener('abort', onShutdown);
        reply.raw.off('close', onClientGone);
      }
    },
  );
}

/** The log levels at which the per-analysis line is written. */
const WRITES_INFO: ReadonlySet<string> = new Set(['info', 'debug', 'trace']);

/**
 * The error to answer with. When the service itself stopped the analysis (deadline, shutdown, client gone), its own
 * reason is the answer, with the hops the core completed; the core may report such an abort as its reason or as
 * `ABORTED`, and the service does not depend on which.
 */
function explainFailure(error: unknown, signal: AbortSignal): HoplensError {
  const chain = isHoplensError(error) ? error.chain : [];
  if (signal.aborted && isHoplensError(signal.reason)) return signal.reason.withChain(chain);
  if (isHoplensError(error)) return error;
  return new HoplensError('INTERNAL_ERROR', 'Internal server error');
}

/** The host of a submitted URL, when it has one (for the log line of a request refused before the handler). */
function hostOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}

/** The core's input errors, said about the query parameter they concern. */
function asParameterError(error: unknown): unknown {
  if (!isHoplensError(error)) return error;
  if (error.code === 'INVALID_URL') {
    return new HoplensError('INVALID_URL', `Invalid parameter "url": ${error.message}`, { option: 'url' });
  }
  if (error.code === 'INVALID_OPTION') {
    const option = error.details.option ?? 'query';
    const why = error.message.replace(/^Invalid option "[^"]*": /, '');
    return new HoplensError('INVALID_PARAMETER', `Invalid parameter "${option}": ${why}`, { option });
  }
  return error;
}
