import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { Analyzer, type AnalyzerConfig, PACKAGE_VERSION } from '../core/index.js';
import { everyObserver, MonitorSystem, type MonitorSystemDeps } from '../monitor/index.js';
import { DEFAULT_PUBLIC_DIR, webPage } from '../web/plugin.js';
import { analysisLog } from './analysis-log.js';
import { AnalysisScopes } from './analysis-scope.js';
import { ClientIpResolver } from './client-ip.js';
import { ConcurrencyGate } from './concurrency-gate.js';
import type { ServiceConfig } from './config.js';
import { clientErrorReply, frameworkErrorReply, installErrorReplies } from './error-reply.js';
import { serviceError } from './errors.js';
import { EventLoopPacer } from './event-loop-pacer.js';
import { Lifecycle } from './lifecycle.js';
import { analysisMetrics, countRateLimitRejections } from './metrics/analysis-metrics.js';
import { metricsRoute } from './metrics/metrics-route.js';
import { monitorMetrics } from './metrics/monitor-metrics.js';
import { registerGauges } from './metrics/service-gauges.js';
import { ServiceMetrics } from './metrics/service-metrics.js';
import { monitorLog } from './monitor-log.js';
import { MemoryStore } from './rate-limit/memory-store.js';
import { RedisStore } from './rate-limit/redis-store.js';
import { RequestLimiter } from './rate-limit/request-limiter.js';
import type { RateLimitStore } from './rate-limit/store.js';
import { type RenderState, setUpRendering } from './renderer-setup.js';
import { analyzeRoute } from './routes/analyze.js';
import { analyzeMethodsRoute } from './routes/analyze-methods.js';
import { docPages } from './routes/doc-pages.js';
import { docsRoutes } from './routes/docs.js';
import { healthRoutes } from './routes/health.js';
import { limitsRoute } from './routes/limits.js';
import { monitorRoutes } from './routes/monitors.js';
import { variantsRoute } from './routes/variants.js';

/** Seams for tests and embedding. Everything has a production default. */
export interface AppDeps {
  /** The analyzer (default: a new one with the system resolver and `config.ca`; closed with the app either way). */
  analyzer?: Analyzer;
  /** Wall clock in ms, for the rate-limit reset times (default `Date.now`). */
  now?: () => number;
  /** A ready-made pino-compatible logger (default: pino at `config.logLevel`). */
  logger?: FastifyBaseLogger;
  /** Where the default pino logger writes its JSON lines (default stdout). Ignored when `logger` is given. */
  logStream?: { write(line: string): void };
  /** The rate-limit store (default: Redis when `config.redisUrl` is set, else memory). Closed with the app. */
  store?: RateLimitStore;
  /** The built web page's directory (default: the web plugin's, dist/web/public; see src/web/plugin.ts). */
  webPublicDir?: string;
  /** The monitors' seams: clock, scheduler period, pg-boss timings (src/monitor/monitor-system.ts). */
  monitors?: MonitorSystemDeps;
  /**
   * Start the monitors' scheduler with the app (default false: `buildApp` starts no timer of its own; `npm start`
   * and `hoplens serve` ask for it through src/service/start-service.ts).
   */
  startMonitors?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Service internals, for `main.ts` and tests. */
    hoplens: {
      readonly lifecycle: Lifecycle;
      readonly gate: ConcurrencyGate;
      /** The gate of analyses with `render=true`, apart, so that they never hold a plain analysis's slot. */
      readonly renderGate: ConcurrencyGate;
      readonly store: RateLimitStore;
      /** The monitors, when `HOPLENS_ADMIN_TOKEN` turns them on. */
      readonly monitors: MonitorSystem | undefined;
    };
  }
}

/**
 * Analyses let through per event-loop turn when they start and when they answer: a burst of a thousand is spread over
 * a few dozen turns of a few milliseconds each, with I/O polled between them. Smaller budgets cost steady traffic a
 * turn of latency per step (16 cost a tenth of the throughput at 50 concurrent clients); this one keeps a turn to a
 * few milliseconds.
 */
const PACE_PER_TURN = 64;

/**
 * Slow callers (slowloris): a request head must arrive within HEADERS_TIMEOUT_MS and a whole request within
 * REQUEST_TIMEOUT_MS, or the connection is answered and closed, checked every TIMEOUT_CHECK_MS. Node's own defaults
 * (60 s, checked every 30 s; none at all for the request, which Fastify turns off) let one client hold a connection,
 * and a file descriptor, for a minute per trickled byte stream. Neither bounds how long an analysis may take to answer.
 */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 15_000;
const TIMEOUT_CHECK_MS = 1_000;

/** Longest start-up wait for a configured Redis before serving on the in-memory fallback. */
const REDIS_STARTUP_WAIT_MS = 3000;

/** The parts of a running service that its routes and hooks share. */
interface ServiceParts {
  lifecycle: Lifecycle;
  gate: ConcurrencyGate;
  renderGate: ConcurrencyGate;
  store: RateLimitStore;
  limiter: RequestLimiter;
  analyzer: Analyzer;
  /** Whether the instance renders (`HOPLENS_RENDER`), and why not when it cannot. */
  rendering: RenderState;
  /** The monitors, when `HOPLENS_ADMIN_TOKEN` is set; monitors are off without it. */
  monitors: MonitorSystem | undefined;
  /** The Prometheus metrics, when `HOPLENS_METRICS` is on. */
  metrics: ServiceMetrics | undefined;
}

/** The default analyzer's settings: the configured CAs, and the renderer when the instance renders. */
function analyzerConfig(config: ServiceConfig, rendering: RenderState): AnalyzerConfig {
  return {
    ...(config.ca !== undefined && { ca: config.ca }),
    ...(rendering.kind === 'on' && { renderer: rendering.renderer }),
  };
}

/**
 * Builds the service: routes, hooks, rate limiting, docs and the web page. Never listens; the caller does
 * (`main.ts`, or tests with `inject()` or `listen({ port: 0 })`). Closing the app drains in-flight analyses for at
 * most `config.shutdownGraceMs`, then closes the rate-limit store and the analyzer's connection pools.
 */
export async function buildApp(config: ServiceConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  // Assigned right after Fastify is created (the store logs through Fastify's logger), before any request.
  let limiter: RequestLimiter | undefined;
  const app = createServer(config, deps, () => limiter as RequestLimiter);
  const store = await openStore(config, deps, app);
  limiter = new RequestLimiter(store, new ClientIpResolver(config.trustProxy), deps.now ?? Date.now);
  const rendering = setUpRendering(config);
  const gateOptions = { limit: config.maxConcurrency, maxQueue: config.maxQueue, timeoutMs: config.queueTimeoutMs };
  const parts: ServiceParts = {
    lifecycle: new Lifecycle(),
    gate: new ConcurrencyGate(gateOptions),
    // Rendered analyses wait for the renderer's few slots: in a gate of their own, a flood of them cannot take the
    // plain analyses' slots and get those answered 503 (issue 22).
    renderGate: new ConcurrencyGate(gateOptions),
    store,
    limiter,
    analyzer: deps.analyzer ?? new Analyzer(analyzerConfig(config, rendering)),
    rendering,
    monitors: undefined,
    metrics: config.metrics.enabled ? new ServiceMetrics() : undefined,
  };
  if (rendering.kind === 'unavailable') {
    app.log.error({ event: 'render_unavailable' }, `HOPLENS_RENDER is on, but ${rendering.reason}`);
  }
  try {
    parts.monitors = await openMonitors(config, deps, parts, app);
    app.decorate('hoplens', {
      lifecycle: parts.lifecycle,
      gate: parts.gate,
      renderGate: parts.renderGate,
      store,
      monitors: parts.monitors,
    });
    app.decorateRequest('rateLimit', null);
    installErrorReplies(app, limiter);
    installShutdownHooks(app, config, parts);
    installMetrics(app, config, parts);
    await registerRoutes(app, config, deps, parts);
  } catch (error) {
    // A half-built app must not leave a Redis connection, a pool or a database behind.
    await parts.monitors?.close().catch(() => {});
    await Promise.allSettled([store.close(), parts.analyzer.close()]);
    throw error;
  }
  return app;
}

/** Step 1: Fastify, with the service's logger, timeouts and error answers for what never reaches a route. */
function createServer(config: ServiceConfig, deps: AppDeps, limiterOf: () => RequestLimiter): FastifyInstance {
  const loggerOptions =
    deps.logger === undefined
      ? { logger: { level: config.logLevel, ...(deps.logStream !== undefined && { stream: deps.logStream }) } }
      : { loggerInstance: deps.logger };
  return Fastify({
    ...loggerOptions,
    // One log line per analysis is written by the analyze route; Fastify's two per request would be noise.
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify's own closing answer is not our JSON; the shutdown hook answers instead.
    return503OnClosing: false,
    // Client IPs come from ClientIpResolver (HOPLENS_TRUST_PROXY), not from Fastify's trustProxy.
    trustProxy: false,
    frameworkErrors: (error, request, reply) => frameworkErrorReply(limiterOf())(error, request, reply),
    clientErrorHandler: clientErrorReply,
    routerOptions: { ignoreTrailingSlash: true },
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_MS },
  });
}

/** Step 2: the rate-limit store: the injected one, Redis when configured, else memory. */
async function openStore(config: ServiceConfig, deps: AppDeps, app: FastifyInstance): Promise<RateLimitStore> {
  const store =
    deps.store ??
    (config.redisUrl === undefined
      ? new MemoryStore(config.rateLimit)
      : new RedisStore({ url: config.redisUrl, limits: config.rateLimit, logger: app.log }));
  // Start counting in Redis when it is there; when it is not, start anyway on the in-memory fallback.
  if (store instanceof RedisStore) await store.waitUntilReady(REDIS_STARTUP_WAIT_MS);
  return store;
}

/**
 * Step 2b: the monitors, when `HOPLENS_ADMIN_TOKEN` turns them on: the database opened (the embedded one under
 * `HOPLENS_DATA_DIR`, or `DATABASE_URL`'s) and migrated. Their runs use the service's analyzer and address policy.
 * The scheduler starts only when asked (`deps.startMonitors`).
 */
async function openMonitors(
  config: ServiceConfig,
  deps: AppDeps,
  parts: ServiceParts,
  app: FastifyInstance,
): Promise<MonitorSystem | undefined> {
  if (config.monitors.adminToken === undefined) return undefined;
  // Every run, alert, migration and scheduler start and stop is logged, and counted when metrics are on.
  const observer = everyObserver(
    monitorLog(app.log),
    ...(parts.metrics === undefined ? [] : [monitorMetrics(parts.metrics)]),
    ...(deps.monitors?.observer === undefined ? [] : [deps.monitors.observer]),
  );
  const monitors = await MonitorSystem.open(
    config.monitors,
    { analyzer: parts.analyzer, allowNetworks: config.allowNetworks, analysisTimeoutMs: config.analysisTimeoutMs },
    { log: app.log, ...deps.monitors, observer },
  );
  try {
    if (deps.startMonitors === true) await monitors.start();
  } catch (error) {
    await monitors.close().catch(() => {});
    throw error;
  }
  return monitors;
}

/** Step 3: refuse new requests once shutdown begins, drain for the grace period, then close what the app owns. */
function installShutdownHooks(app: FastifyInstance, config: ServiceConfig, parts: ServiceParts): void {
  const { lifecycle } = parts;
  app.addHook('onRequest', async (_request, reply) => {
    if (!lifecycle.closing) return;
    reply.header('connection', 'close');
    throw serviceError('SHUTTING_DOWN', 'The service is shutting down; try another instance', { retryAfter: 5 });
  });
  app.addHook('onSend', async (_request, reply) => {
    // Responses finishing during shutdown close their connection, so keep-alive clients move on.
    if (lifecycle.closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    lifecycle.beginShutdown(config.shutdownGraceMs);
  });
  app.addHook('onClose', async () => {
    lifecycle.dispose();
    // Before the analyzer: a scheduled run still in flight is stopped, not left without its analyzer.
    await parts.monitors?.close().catch((error: unknown) => app.log.error({ err: error }, 'closing monitors failed'));
    await Promise.allSettled([parts.store.close(), parts.analyzer.close()]);
  });
}

/** Step 3b: with `HOPLENS_METRICS` on, the rate limits' refusals counted (a hook, before the routes) and the gauges' sources. */
function installMetrics(app: FastifyInstance, config: ServiceConfig, parts: ServiceParts): void {
  if (parts.metrics === undefined) return;
  countRateLimitRejections(app, parts.metrics);
  registerGauges(parts.metrics, {
    gate: parts.gate,
    renderGate: parts.renderGate,
    maxConcurrency: config.maxConcurrency,
    rendering: parts.rendering,
    renderConcurrency: config.renderConcurrency,
    monitors: parts.monitors,
  });
}

/**
 * Step 4a: the routes that analyse (`/api/analyze`, `/api/variants`, and `/mcp` when on) share the analyzer, the
 * limits, the gates and the scopes; each paces its own answers.
 */
async function registerAnalysingRoutes(
  app: FastifyInstance,
  config: ServiceConfig,
  parts: ServiceParts,
): Promise<void> {
  const scopes = new AnalysisScopes(parts.lifecycle);
  const analysing = () => ({
    prefix: '/api',
    analyzer: parts.analyzer,
    limiter: parts.limiter,
    gate: parts.gate,
    renderGate: parts.renderGate,
    scopes,
    allowNetworks: config.allowNetworks,
    analysisTimeoutMs: config.analysisTimeoutMs,
    rendering: parts.rendering,
    policy: config.policy,
    pacer: new EventLoopPacer(PACE_PER_TURN),
  });
  // Each analysis is logged, and counted when metrics are on.
  const observers = [
    analysisLog(parts.limiter),
    ...(parts.metrics === undefined ? [] : [analysisMetrics(parts.metrics)]),
  ];
  await app.register(analyzeRoute, { ...analysing(), observers });
  await app.register(variantsRoute, analysing());
  if (config.mcp) {
    // Loaded only when on: the SDK is a megabyte the service does not otherwise need.
    const { mcpRoute } = await import('./routes/mcp.js');
    await app.register(mcpRoute, { ...analysing(), prefix: '' });
  }
}

/** Step 4: docs, health, the API, metrics and the web page. */
async function registerRoutes(
  app: FastifyInstance,
  config: ServiceConfig,
  deps: AppDeps,
  parts: ServiceParts,
): Promise<void> {
  const { store, lifecycle } = parts;
  const publicDir = deps.webPublicDir ?? DEFAULT_PUBLIC_DIR;
  await docsRoutes(app, {
    version: PACKAGE_VERSION,
    markFile: join(publicDir, 'favicon.svg'),
    tokensFile: join(publicDir, 'tokens.css'),
  });
  await app.register(docPages);
  await app.register(healthRoutes, {
    store,
    lifecycle,
    redisConfigured: config.redisUrl !== undefined,
    render: parts.rendering.kind,
    monitors: parts.monitors,
  });
  await registerAnalysingRoutes(app, config, parts);
  await app.register(analyzeMethodsRoute, { prefix: '/api', limiter: parts.limiter });
  await app.register(limitsRoute, { prefix: '/api', limiter: parts.limiter });
  const { adminToken } = config.monitors;
  if (parts.monitors !== undefined && adminToken !== undefined) {
    await app.register(monitorRoutes, {
      prefix: '/api',
      monitors: parts.monitors,
      adminToken,
      rendering: parts.rendering,
    });
  }
  if (parts.metrics !== undefined) {
    await app.register(metricsRoute, { metrics: parts.metrics, token: config.metrics.token });
  }
  // The page offers rendering only where it can be done: on, and with a Chromium to drive.
  await app.register(webPage, { publicDir, renderEnabled: parts.rendering.kind === 'on' });
}
