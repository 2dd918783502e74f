import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { type AnalyzeOptions, isHoplensError, publicPosture, QUERY_OPTIONS } from '../../core/index.js';
import type { AnalyzeQuery } from '../../schemas/analyze-query.js';
import { analyzeVariants, variantCount } from '../../variants/index.js';
import { sendError, toServiceError } from '../error-reply.js';
import { invalidParameter, serviceError } from '../errors.js';
import { apiRequestHeaders } from '../header-params.js';
import { DOCUMENTING_ONLY, strictQuery } from '../query-validation.js';
import type { AnalysingRouteOptions } from './analyze.js';
import { ANALYZE_ROUTE_SCHEMA, errorResponse, RATE_LIMIT_HEADER_SCHEMAS } from './analyze-schema.js';

/** The schema of `GET /api/variants`: the analyze query (but `render`), and the variants report. */
export const VARIANTS_ROUTE_SCHEMA = {
  tags: ['analysis'],
  operationId: 'analyzeVariants',
  summary: 'Check that every variant of a URL ends on one canonical URL in one hop',
  description:
    'Analyses `url` and, one change at a time, its variants (http/https, www or the apex, a trailing slash, upper ' +
    'case, index.html, index.php, the default port written out) and clients (Googlebot smartphone and desktop, Bingbot, Chrome, HEAD), ' +
    'then its http:// form in a returning browser that knows the HSTS hosts the other variants heard (`as-browser`): ' +
    '`{ url, canonical, grid, findings, rateLimit }` (docs/api.md, "Variants"). Each variant counts as one analysis ' +
    'against the rate limits, and the whole request is refused up front (429) when too few remain. `render` is refused.',
  querystring: ANALYZE_ROUTE_SCHEMA.querystring,
  response: {
    200: Type.Object(
      {},
      {
        additionalProperties: true,
        description: 'The variants report: `url`, `canonical`, `grid` (a row per variant), `findings`, `rateLimit`',
        headers: RATE_LIMIT_HEADER_SCHEMAS,
      },
    ),
    400: errorResponse('Invalid parameter (`INVALID_PARAMETER`, `INVALID_URL`)'),
    429: errorResponse('Rate limit exceeded (`RATE_LIMITED`): fewer analyses left than the URL has variants'),
    503: errorResponse('Too many analyses in flight (`OVERLOADED`) or shutting down (`SHUTTING_DOWN`)'),
  },
};

/** How many analyses a request costs: its URL's variants, or one for a request without a usable URL. */
function costOf(query: unknown): number {
  const url = (query as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'string' || !URL.canParse(url)) return 1;
  return variantCount(url);
}

/** The query's analysis options, under the public posture; `render` refused (a dozen renders per request). */
function optionsOf(query: AnalyzeQuery, route: AnalysingRouteOptions): AnalyzeOptions {
  if (query.render === true) throw invalidParameter('render', 'is not offered by /api/variants');
  const asked: AnalyzeOptions = Object.fromEntries(QUERY_OPTIONS.map((name) => [name, query[name]]));
  const requestHeaders = apiRequestHeaders(query);
  if (requestHeaders !== undefined) asked.requestHeaders = requestHeaders;
  return {
    ...asked,
    ...(route.policy === undefined ? {} : { policy: route.policy }),
    ...publicPosture(route.allowNetworks),
  };
}

/**
 * `GET /api/variants`: counts the request as one analysis per variant (all or none), validates the query as
 * `/api/analyze` does, checks the URL and options before any request, then runs the variants under one analysis slot
 * and the analysis deadline.
 */
export async function variantsRoute(app: FastifyInstance, route: AnalysingRouteOptions): Promise<void> {
  const { limiter, analyzer } = route;
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/variants',
    {
      schema: VARIANTS_ROUTE_SCHEMA,
      validatorCompiler: DOCUMENTING_ONLY,
      onRequest: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        await route.pacer.waitTurn();
        await limiter.count(request, reply, costOf(request.query));
      },
      preValidation: strictQuery(ANALYZE_ROUTE_SCHEMA.querystring),
    },
    async (request, reply) => {
      const options = optionsOf(request.query, route);
      try {
        analyzer.prepare(request.query.url, options);
      } catch (error) {
        if (isHoplensError(error) && error.code === 'INVALID_OPTION') {
          const { option = 'query', requirement = 'is invalid', got } = error.details;
          throw invalidParameter(option, requirement, got);
        }
        if (isHoplensError(error) && error.code === 'INVALID_URL') {
          throw serviceError('INVALID_URL', error.message, { parameter: 'url' });
        }
        throw error;
      }
      // No rendering here (refused above): the signal is only listened to.
      const scope = route.scopes.open(reply, { sharesSignal: false });
      let release: (() => void) | undefined;
      try {
        release = await route.gate.acquire(scope.signal);
        scope.startDeadline(route.analysisTimeoutMs);
        const report = await analyzeVariants(
          request.query.url,
          (url, own) => analyzer.analyze(url, { ...own, signal: scope.signal }),
          options,
        );
        const rateLimit = request.rateLimit ?? (await limiter.describe(request, reply));
        return { ...report, rateLimit };
      } catch (error) {
        return sendError(limiter, request, reply, toServiceError(error), {});
      } finally {
        release?.();
        scope.dispose();
      }
    },
  );
}
