import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AnalyzeOptions,
  type Analyzer,
  type FindingsPolicy,
  isHoplensError,
  type Network,
  type PreparedAnalysis,
  publicPosture,
  QUERY_OPTIONS,
} from '../../core/index.js';
import type { AnalysisResponse } from '../../schemas/analysis-result.js';
import type { AnalyzeQuery } from '../../schemas/analyze-query.js';
import { AnalysisPreparers, type Preparer } from '../analysis-preparers.js';
import { type AnalysisFacts, type AnalysisObserver, reportAnalysis } from '../analysis-report.js';
import type { AnalysisScopes } from '../analysis-scope.js';
import type { ConcurrencyGate } from '../concurrency-gate.js';
import { sendError, toServiceError } from '../error-reply.js';
import { invalidParameter, isServiceError, type ServiceError, serviceError } from '../errors.js';
import type { EventLoopPacer } from '../event-loop-pacer.js';
import { apiRequestHeaders } from '../header-params.js';
import { DOCUMENTING_ONLY, strictQuery } from '../query-validation.js';
import { RATE_LIMIT_HEADERS } from '../rate-limit/headers.js';
import type { RequestLimiter } from '../rate-limit/request-limiter.js';
import type { RenderState } from '../renderer-setup.js';
import { ANALYZE_ROUTE_SCHEMA } from './analyze-schema.js';

/** What the two analysing routes (this one and `/api/variants`) need from the app. */
export interface AnalysingRouteOptions {
  analyzer: Analyzer;
  limiter: RequestLimiter;
  gate: ConcurrencyGate;
  /** The gate of analyses with `render=true`: they never hold a slot of `gate`. */
  renderGate: ConcurrencyGate;
  /** The requests' scopes: their signals, deadlines, and the client's and shutdown's ends. */
  scopes: AnalysisScopes;
  /** Networks exempt from the block on non-public destinations, parsed once at start-up. */
  allowNetworks: readonly Network[];
  /** Bound on one whole analysis, in ms. */
  analysisTimeoutMs: number;
  /** Whether callers may ask for `render=true` (`HOPLENS_RENDER=on`), and why it cannot be done when it cannot. */
  rendering: RenderState;
  /** The instance's policy (`HOPLENS_CONFIG`), compiled once at start-up; absent: none. */
  policy?: FindingsPolicy | undefined;
  /** Spreads bursts of analyses starting and answering over event-loop turns, so they cannot starve /healthz. */
  pacer: EventLoopPacer;
}

/** What the analyze route needs from the app. */
export interface AnalyzeRouteOptions extends AnalysingRouteOptions {
  /** Told what each request came to, once (its log line, the metrics). */
  observers: readonly AnalysisObserver[];
}

/**
 * `GET /api/analyze`: counts the request against the client's limits, validates the query strictly, prepares the
 * analysis (every input error is raised here, before a slot is taken), waits for an analysis slot, then runs it under
 * a deadline that also ends when the client leaves or shutdown's grace runs out. CORS is open to any origin, with the
 * rate-limit headers exposed.
 */
export async function analyzeRoute(app: FastifyInstance, options: AnalyzeRouteOptions): Promise<void> {
  const { limiter, pacer } = options;
  const preparers = new AnalysisPreparers((query) => optionsPreparer(options, query as AnalyzeQuery));
  await app.register(cors, { origin: '*', methods: ['GET'], exposedHeaders: [...RATE_LIMIT_HEADERS], maxAge: 86_400 });
  app.decorateRequest('analysis', null);

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/analyze',
    {
      schema: ANALYZE_ROUTE_SCHEMA,
      // Read once, by strictQuery below: the schema documents the query (OpenAPI) and types the handler's view.
      validatorCompiler: DOCUMENTING_ONLY,
      onRequest: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        request.analysis = {};
        await pacer.waitTurn();
        await limiter.count(request, reply);
      },
      preValidation: strictQuery(ANALYZE_ROUTE_SCHEMA.querystring),
      onError: async (request, _reply, error) => {
        if (request.analysis !== null) request.analysis.code = toServiceError(error).code;
      },
      onResponse: async (request, reply) => reportAnalysis(options.observers, request, reply),
    },
    async (request, reply) => {
      const facts: AnalysisFacts = request.analysis ?? {};
      request.analysis = facts;
      const prepared = prepare(options, preparers, request.query);
      facts.host = prepared.target.host;
      return runAnalysis(options, prepared, request, reply);
    },
  );
}

/** Step 1: the query turned into a prepared analysis, or the parameter error that says what is wrong. */
function prepare(options: AnalyzeRouteOptions, preparers: AnalysisPreparers, query: AnalyzeQuery): PreparedAnalysis {
  const { url, render } = query;
  if (render === true && options.rendering.kind === 'off') {
    throw serviceError('RENDER_DISABLED', 'This instance does not render pages (HOPLENS_RENDER is off)', {
      parameter: 'render',
    });
  }
  // The reason (the browser's path on the server) is the operator's, in the start-up log and /readyz, not the caller's.
  if (render === true && options.rendering.kind === 'unavailable') throw renderUnavailable();
  try {
    return preparers.for(query)(url);
  } catch (error) {
    throw asParameterError(error);
  }
}

/** The preparer of the analyses a query's options ask for (made once per set of options, src/service/analysis-preparers.ts). */
function optionsPreparer(options: AnalyzeRouteOptions, query: AnalyzeQuery): Preparer {
  // The option table's query parameters only: any other option is the instance's to set, not the caller's.
  const asked: AnalyzeOptions = Object.fromEntries(QUERY_OPTIONS.map((name) => [name, query[name]]));
  const requestHeaders = apiRequestHeaders(query);
  if (requestHeaders !== undefined) asked.requestHeaders = requestHeaders;
  return options.analyzer.preparer({
    ...asked,
    ...(options.policy === undefined ? {} : { policy: options.policy }),
    ...publicPosture(options.allowNetworks),
  });
}

/** Step 2: waits for a slot, runs the analysis under its scope, and answers with the result or the failure. */
async function runAnalysis(
  options: AnalyzeRouteOptions,
  prepared: PreparedAnalysis,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<AnalysisResponse | FastifyReply> {
  const { analyzer, limiter, pacer } = options;
  const gate = prepared.options.render ? options.renderGate : options.gate;
  const facts = request.analysis ?? {};
  const scope = options.scopes.open(reply, { sharesSignal: prepared.options.render });
  let release: (() => void) | undefined;
  try {
    release = await gate.acquire(scope.signal);
    await pacer.waitTurn();
    scope.startDeadline(options.analysisTimeoutMs);
    const result = await analyzer.run(prepared, scope.signal);
    facts.hops = result.chain.length;
    await pacer.waitTurn();
    const rateLimit = request.rateLimit ?? (await limiter.describe(request, reply));
    // JSON.stringify rather than the schema's compiled serialiser, which built each answer out of some 13 KB of
    // intermediate strings (issue 33); the answer holds only the schema's fields (test/service/answer-serialisation.test.ts).
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    return { success: result.success, url: result.url, chain: result.chain, summary: result.summary, rateLimit };
  } catch (error) {
    const failure = explainFailure(error, scope.signal);
    if (!isHoplensError(error)) request.log.error({ err: error }, 'analysis crashed');
    if (failure.code === 'RENDER_UNAVAILABLE') request.log.error({ err: error }, 'render unavailable');
    facts.code = failure.code;
    facts.hops = failure.chain.length;
    await pacer.waitTurn();
    // A request refused before its analysis started (no slot, shutdown) has no chain to report. Awaited, so that the
    // report below, for a client that left, has the status.
    return await sendError(limiter, request, reply, failure, release === undefined ? {} : { chain: failure.chain });
  } finally {
    release?.();
    scope.dispose();
    if (scope.clientLeft) {
      // Its answer will never finish, so Fastify's onResponse will not report it; an analysis that ended as its client
      // left is reported as stopped too, since nobody got it.
      facts.code ??= 'ABORTED';
      reportAnalysis(options.observers, request, reply);
    }
  }
}

/**
 * The error to answer with. When the service itself stopped the analysis (deadline, shutdown, client gone), its own
 * reason is the answer, with the hops the core completed; the core may report such an abort as its reason or as
 * `ABORTED`, and the service does not depend on which.
 */
function explainFailure(error: unknown, signal: AbortSignal): ServiceError {
  const chain = isHoplensError(error) ? error.chain : [];
  if (signal.aborted && isServiceError(signal.reason)) return signal.reason.withChain(chain);
  if (isServiceError(error) && error.code === 'RENDER_UNAVAILABLE') return renderUnavailable().withChain(chain);
  if (isServiceError(error)) return error;
  return serviceError('INTERNAL_ERROR', 'Internal server error');
}

/**
 * The answer when the browser cannot be started or died: the same words whatever the cause, which names paths on the
 * server (the log has it).
 */
function renderUnavailable(): ServiceError {
  return serviceError(
    'RENDER_UNAVAILABLE',
    'This instance cannot render now: its browser is unavailable; try again later',
  );
}

/**
 * The core's input errors, said about the query parameter they concern: the core names its option and what it must
 * be, the service names its parameter (the query parameters are named as the core's options).
 */
function asParameterError(error: unknown): unknown {
  if (!isHoplensError(error)) return error;
  if (error.code === 'INVALID_URL') {
    return serviceError('INVALID_URL', error.message, { ...error.details, parameter: 'url' }, { cause: error });
  }
  if (error.code === 'INVALID_OPTION') {
    const { option = 'query', requirement = 'is invalid', got } = error.details;
    return invalidParameter(option, requirement, got);
  }
  return error;
}
