import type { SecureContext } from 'node:tls';
import { Agent } from 'undici';
import {
  AddressBook,
  AddressPolicy,
  createGuardedConnector,
  HeldNames,
  legacyTls,
  pinnedResolver,
  policyKey,
  systemResolver,
} from './address/index.js';
import { CertificateVerdicts } from './connection/certificate-verdicts.js';
import { ConnectionRoutes } from './connection/connection-routes.js';
import { ChainFacts, detectIssues } from './detectors/index.js';
import { HoplensError } from './errors.js';
import { createGuardedFetch } from './guarded-fetch.js';
import { openGuardedStream, type StreamedResponse } from './guarded-stream.js';
import { recordPoolConnection } from './hop/index.js';
import { HstsStore } from './hsts/hsts-store.js';
import { type NormalizedOptions, normalizeOptions } from './options.js';
import type { FetchedResponse, PageRenderer } from './page-renderer.js';
import { NameServerCheck, type NameServerLookup, systemNameServers } from './parking/index.js';
import { parseTargetUrl } from './parse-url.js';
import { applyPolicy } from './policy/apply-policy.js';
import { compilePolicy } from './policy/policy-compile.js';
import type { RobotsVerdict } from './robots/index.js';
import { RobotsCheck } from './robots/index.js';
import { summarize } from './summary.js';
import { type TraceOutcome, trace } from './trace.js';
import type { AnalysisResult, AnalyzeOptions, Hop, Resolver } from './types.js';
import { refuseUnknownKeys } from './unknown-keys.js';

/** Construction-time settings of an {@link Analyzer}: its seams and connection pool. */
export interface AnalyzerConfig {
  /** Host name resolution (default: the system resolver). Inject one to control DNS answers. */
  resolver?: Resolver;
  /**
   * The NS records of the host a chain ends on, for `parked_domain` (a domain delegated to a parking service's name
   * servers). Default: the system resolver's, unless `resolver`, `resolve` or `connectTo` is given (then none are looked
   * up unless this is given too).
   */
  nameServers?: NameServerLookup;
  /**
   * curl's `--resolve` entries, `HOST:PORT:ADDRESS[,ADDRESS]` (HOST `*`: any host): connections to HOST on PORT go to
   * these addresses instead of DNS's, on every hop, robots.txt and render included. The addresses are judged by each
   * analysis's address policy as a DNS answer is; the request and TLS (SNI, certificate) keep the URL's host name.
   */
  resolve?: readonly string[];
  /**
   * curl's `--connect-to` entries, `HOST1:PORT1:HOST2:PORT2` (HOST1, PORT1 empty: any; HOST2, PORT2 empty: the
   * request's own): a request for HOST1 on PORT1 connects to HOST2 on PORT2, its Host and TLS name unchanged.
   */
  connectTo?: readonly string[];
  /** How long an idle keep-alive connection is kept, in ms (default 4000). */
  keepAliveTimeout?: number;
  /** Largest response header block accepted, in bytes (default 64 KiB); larger gives `RESPONSE_TOO_LARGE`. */
  maxHeaderSize?: number;
  /**
   * Extra certificate authorities (PEM) trusted besides Node's bundled roots, for sites under a private PKI (and for
   * tests). Certificates added with `NODE_EXTRA_CA_CERTS` are not kept when this is set.
   */
  ca?: string | readonly string[];
  /**
   * The headless browser that renders pages for `render: true` (src/render/ has one driving Chromium). Without it,
   * an analysis asking to render fails with `RENDER_UNAVAILABLE`. Closed with the analyzer.
   */
  renderer?: PageRenderer;
  /** The clock certificates' `daysLeft` is counted from, and `unavailable_after` dates are judged at, in epoch ms (default `Date.now`). */
  now?: () => number;
  /**
   * How many hosts' robots.txt are remembered (default 1000) and for how long in ms (default ten minutes), and the
   * clock that ages them (default `Date.now`; a seam for tests).
   */
  robotsCache?: { maxEntries?: number; ttlMs?: number; now?: () => number };
}

/**
 * An analysis ready to run: its URL and options validated, its address policy chosen. Made by
 * {@link Analyzer.prepare}, which is where every input error is raised; running it raises only tracing's errors.
 */
/**
 * The final page of an analysis, handed to a caller that asked for it (a crawl reads the links of the page it has just
 * analysed instead of fetching it again): its HTML as decoded for the detectors, up to the analysis's body limit.
 */
export interface FinalPage {
  /** The URL of the hop whose body this is (the chain's last). */
  readonly url: string;
  readonly text: string;
  /** The body was cut at the analysis's limit (1 MiB): a reader that needs more must fetch the page itself. */
  readonly cut: boolean;
}

/** Receives an analysis's final page, when it ended on an HTML page fetched with GET. */
export type FinalPageReader = (page: FinalPage) => void;

export interface PreparedAnalysis {
  /** The URL as submitted. */
  readonly url: string;
  /** The parsed URL of the first hop. */
  readonly target: URL;
  readonly options: NormalizedOptions;
  readonly policy: AddressPolicy;
}

const POOL_DEFAULTS = Object.freeze({ keepAliveTimeout: 4_000, maxHeaderSize: 64 * 1024 });

/** A connection pool, and for one that does not reject bad certificates, what its connections were found to be. */
interface Pool {
  readonly key: string;
  readonly agent: Agent;
  /** Where the pool's open connections went, by name: an analysis holding a name elsewhere goes around them. */
  readonly held: HeldNames;
  readonly verdicts?: CertificateVerdicts;
}

/** Distinct address policies an analyzer keeps; callers use one or two, and a stream of odd ones must not grow it. */
const MAX_POLICIES = 64;

/**
 * Whether every hop's URL is on the first one's authority (`user@host:port`) as the WHATWG parser wrote them: then
 * the chain stays on one host, and the public suffix list is not needed: decided without parsing the URLs.
 */
function oneAuthority(chain: readonly Hop[]): boolean {
  const first = chain[0]?.url ?? '';
  const start = first.indexOf('//') + 2;
  const end = first.slice(start).search(/[/?#]|$/) + start;
  const prefix = first.slice(0, end);
  return chain.every(({ url }) => url.startsWith(prefix) && (url.length === end || '/?#'.includes(url[end]!)));
}

/** Every key of {@link AnalyzerConfig}, made whole by its type: any other is refused as a typo (issue 44). */
const ANALYZER_CONFIG_KEYS = new Set(
  Object.keys({
    resolver: true,
    nameServers: true,
    resolve: true,
    connectTo: true,
    keepAliveTimeout: true,
    maxHeaderSize: true,
    ca: true,
    renderer: true,
    now: true,
    robotsCache: true,
  } satisfies Record<keyof AnalyzerConfig, true>),
);

/**
 * Owns the connection pools and runs analyses. Pools are kept per address policy and per TLS mode, because a
 * connection opened under a lenient policy, or whose certificate was not verified, must never be reused by an analysis
 * under a strict one.
 */
export class Analyzer {
  private readonly resolver: Resolver;
  private readonly routes: ConnectionRoutes;
  private readonly renderer: PageRenderer | undefined;
  private readonly now: () => number;
  private readonly pool: { keepAliveTimeout: number; maxHeaderSize: number };
  /** Built once: a context per connection would re-parse every root certificate each time. */
  private readonly secureContext: SecureContext | undefined;
  private readonly pools = new Map<string, Pool>();
  /** One policy object per distinct policy, so its verdict cache serves every analysis under it. */
  private readonly policies = new Map<string, AddressPolicy>();
  private readonly robots: RobotsCheck;
  private readonly nameServers: NameServerCheck;
  private closed = false;
  /** src/core/site-of.ts's `siteOf`, once a chain has needed it. */
  private sites: Promise<(hostname: string) => string> | undefined;

  constructor(config: AnalyzerConfig = {}) {
    refuseUnknownKeys(config, ANALYZER_CONFIG_KEYS);
    this.resolver = config.resolver ?? systemResolver;
    this.routes = ConnectionRoutes.parse(config.resolve, config.connectTo);
    this.renderer = config.renderer;
    this.now = config.now ?? Date.now;
    this.robots = new RobotsCheck(config.robotsCache);
    // A resolver of one's own, or `resolve`/`connect-to` rules, say where names go: their delegation is not asked for.
    const own = config.resolver !== undefined || !this.routes.empty;
    const lookup = config.nameServers ?? (own ? undefined : systemNameServers());
    this.nameServers = new NameServerCheck(lookup, this.now);
    this.pool = {
      keepAliveTimeout: config.keepAliveTimeout ?? POOL_DEFAULTS.keepAliveTimeout,
      maxHeaderSize: config.maxHeaderSize ?? POOL_DEFAULTS.maxHeaderSize,
    };
    if (config.ca !== undefined) {
      const extra = typeof config.ca === 'string' ? [config.ca] : [...config.ca];
      const { createSecureContext, rootCertificates } = process.getBuiltinModule('node:tls');
      this.secureContext = createSecureContext({ ca: [...rootCertificates, ...extra], ...legacyTls() });
    }
  }

  /**
   * Validates `url` and `options` and chooses the address policy: everything an analysis needs before it may run.
   * Throws `INVALID_URL` or `INVALID_OPTION`; makes no request.
   */
  prepare(url: string, options: AnalyzeOptions = {}): PreparedAnalysis {
    return this.prepareUrl(url, this.prepareOptions(options));
  }

  /**
   * {@link prepare} for many URLs under one set of options (a service's requests that ask the same options): the
   * options are validated and the address policy chosen once, here, and the function returned only parses each URL.
   * Takes a compiled policy, as `prepare` does. Throws as `prepare` does for the options; the function, for the URL.
   */
  preparer(options: AnalyzeOptions = {}): (url: string) => PreparedAnalysis {
    const prepared = this.prepareOptions(options);
    return (url) => this.prepareUrl(url, prepared);
  }

  /** The options half of {@link prepare}: validated, and the address policy chosen. */
  private prepareOptions(options: AnalyzeOptions): Omit<PreparedAnalysis, 'url' | 'target'> {
    const normalized = normalizeOptions(options);
    if (normalized.render && this.renderer === undefined) {
      throw new HoplensError(
        'RENDER_UNAVAILABLE',
        'Rendering was asked for, but this analyzer has no browser to render with',
      );
    }
    return { options: normalized, policy: this.policyFor(normalized) };
  }

  private prepareUrl(url: string, prepared: Omit<PreparedAnalysis, 'url' | 'target'>): PreparedAnalysis {
    return { url, target: parseTargetUrl(url), ...prepared };
  }

  /**
   * An analysis of many URLs under one set of options (a bulk check's rows): the options are validated, a policy file's
   * contents compiled and the address policy chosen once, here, instead of for every URL. Throws as {@link prepare}
   * does for the options; the function it returns rejects as {@link analyze} does.
   */
  async withOptions(
    options: AnalyzeOptions = {},
  ): Promise<(url: string, finalPage?: FinalPageReader) => Promise<AnalysisResult>> {
    const policy = options.policy === undefined ? undefined : await compilePolicy(options.policy);
    const prepare = this.preparer({ ...options, policy });
    // Not an async arrow: that would add a promise and a turn of the microtask queue to every row.
    return (url, finalPage) => {
      let analysis: PreparedAnalysis;
      try {
        analysis = prepare(url);
      } catch (error) {
        return Promise.reject(error);
      }
      return this.run(analysis, options.signal, finalPage);
    };
  }

  /**
   * Traces a prepared analysis's redirect chain and detects issues. Resolves with the result (findings included);
   * rejects with a `HoplensError` whose `chain` holds the hops completed before a failure. `finalPage`, when given,
   * receives the final page's HTML the analysis read anyway (nothing more is fetched for it).
   */
  async run(prepared: PreparedAnalysis, signal?: AbortSignal, finalPage?: FinalPageReader): Promise<AnalysisResult> {
    if (this.closed) throw new HoplensError('ABORTED', 'This Analyzer is closed');
    const { options, policy } = prepared;
    const pool = this.poolFor(policy, options);
    // One address per name for the whole analysis. With `--resolve` or `--connect-to` rules, the user says where
    // connections go, and the hops follow the rules rather than the book (a rule may change the port too).
    const book = new AddressBook();
    const outcome = await trace(prepared.target, options, {
      dispatcher: pool.agent,
      policy,
      signal,
      verdicts: pool.verdicts,
      renderer: this.renderer,
      renderPool: () => this.renderPool(policy, options, book, pool.verdicts),
      book: this.routes.empty ? book : undefined,
      openAt: (hostname) => pool.held.addressOf(hostname),
      hsts: options.asBrowser ? (options.hstsStore ?? new HstsStore(this.now)) : undefined,
      now: this.now,
    });
    // Both are usually known at once (robots.txt already read, one host): awaited only when they are not.
    const verdict = this.robotsVerdict(outcome, options, pool, signal);
    const robots = verdict instanceof Promise ? await verdict : verdict;
    const siteOf = oneAuthority(outcome.chain) ? undefined : await this.siteResolver();
    const nameServers = await this.nameServers.forChain(outcome.chain, outcome.stop.kind === 'complete', signal);
    // Built with every key, absent facts as undefined: one shape for every analysis, so that the 25 detectors read it
    // at monomorphic speed. Spread from the trace's outcome (keys present or not), it cost a bulk check about a tenth
    // of its time (BENCHMARKS.md).
    if (finalPage !== undefined && outcome.finalBody !== undefined) {
      const url = outcome.chain.at(-1)?.url ?? prepared.target.href;
      finalPage({ url, text: outcome.finalBody, cut: outcome.finalBodyCut === true });
    }
    const facts = new ChainFacts(outcome.chain, outcome.stop, outcome.finalSignals);
    const detected = detectIssues({
      chain: outcome.chain,
      stop: outcome.stop,
      finalBody: outcome.finalBody,
      finalSignals: outcome.finalSignals,
      clientRedirects: outcome.clientRedirects,
      certificateProblems: outcome.certificateProblems,
      robots,
      crawler: options.crawler,
      now: this.now(),
      thresholds: options.policy.thresholds,
      siteOf,
      renderIncomplete: outcome.renderIncomplete,
      nameServers,
      facts,
    });
    const issues = applyPolicy(detected, outcome, options.policy);
    // Whether the chain loops is a fact of the chain, whatever the policy says of the finding.
    const summary = summarize(outcome.chain, issues, options.crawler, facts.canonical);
    summary.hasLoop = outcome.stop.kind === 'loop';
    if (outcome.renderIncomplete !== undefined) summary.renderIncomplete = outcome.renderIncomplete.reason;
    return { success: true, url: prepared.url, chain: outcome.chain, summary };
  }

  /**
   * The robots.txt verdict on a chain that ended on a page (a complete chain whose last status is 2xx): only a page
   * can be indexed, and only a page's robots.txt verdict is worth a request.
   */
  private robotsVerdict(
    outcome: TraceOutcome,
    options: NormalizedOptions,
    pool: Pool,
    signal: AbortSignal | undefined,
  ): RobotsVerdict | undefined | Promise<RobotsVerdict | undefined> {
    const last = outcome.chain[outcome.chain.length - 1];
    if (!options.robots || outcome.stop.kind !== 'complete' || last === undefined) return undefined;
    if (last.status < 200 || last.status > 299) return undefined;
    return this.robots.verdict(last.url, {
      dispatcher: pool.agent,
      poolKey: pool.key,
      timeout: options.timeout,
      userAgent: options.userAgent,
      crawler: options.crawler,
      requestHeaders: options.requestHeaders,
      requestCookie: options.requestCookie,
      signal,
    });
  }

  /**
   * The public suffix list's `siteOf`, for a chain that crosses hosts (within one host, every URL is on one site).
   * Loaded on first need: it is a large table that most single-host runs never consult.
   */
  private siteResolver(): Promise<(hostname: string) => string> {
    this.sites ??= import('./site-of.js').then((module) => module.siteOf);
    return this.sites;
  }

  /** Prepares and runs an analysis: {@link prepare} then {@link run}, with `options.signal` as the abort. */
  async analyze(url: string, options: AnalyzeOptions = {}): Promise<AnalysisResult> {
    const policy = options.policy === undefined ? undefined : await compilePolicy(options.policy);
    return this.run(this.prepare(url, { ...options, policy }), options.signal);
  }

  /**
   * One GET of `prepared`'s URL, its redirects not followed, through the same pool (address policy, TLS mode) and
   * with the same request headers as its analysis: how a crawl reads a page's links and a host's robots.txt. The body
   * is read up to `maxBytes` and cut there (Googlebot reads the first 15 MB of a page). Rejects with a
   * `HoplensError` (`BLOCKED_DESTINATION`, `TIMEOUT`...).
   */
  async fetch(
    prepared: PreparedAnalysis,
    request: { maxBytes: number; accept?: string; signal?: AbortSignal | undefined },
  ): Promise<FetchedResponse> {
    if (this.closed) throw new HoplensError('ABORTED', 'This Analyzer is closed');
    const { options, policy } = prepared;
    const pool = this.poolFor(policy, options);
    const fetch = createGuardedFetch({
      dispatcher: pool.agent,
      timeout: options.timeout,
      signal: request.signal,
      bodyLimit: request.maxBytes,
    });
    return fetch({
      url: prepared.target.href,
      method: 'GET',
      headers: requestHeaders(options, request.accept ?? 'text/html,application/xhtml+xml,*/*;q=0.8'),
      maxBodyBytes: request.maxBytes,
      truncateBody: true,
    });
  }

  /**
   * One GET of `prepared`'s URL whose body is a stream read at the reader's pace, its redirects followed, each hop
   * through the same pool (address policy, TLS mode, `--resolve`) and with the same request headers as its
   * analysis: how a sitemap or a list given by URL is read. `timeout` (default the analysis's) bounds each wait.
   * Rejects with a `HoplensError` (`BLOCKED_DESTINATION`, `TIMEOUT`...).
   */
  async stream(
    prepared: PreparedAnalysis,
    request: { accept: string; timeout?: number | undefined; signal?: AbortSignal | undefined },
  ): Promise<StreamedResponse> {
    if (this.closed) throw new HoplensError('ABORTED', 'This Analyzer is closed');
    const { options, policy } = prepared;
    const pool = this.poolFor(policy, options);
    const timeout = request.timeout ?? options.timeout;
    return openGuardedStream(
      { dispatcher: pool.agent, timeout, signal: request.signal },
      { url: prepared.target.href, headers: requestHeaders(options, request.accept) },
    );
  }

  private policyFor(options: NormalizedOptions): AddressPolicy {
    const key = policyKey(options);
    let policy = this.policies.get(key);
    if (policy === undefined) {
      policy = new AddressPolicy(options);
      if (this.policies.size >= MAX_POLICIES) this.policies.clear();
      this.policies.set(key, policy);
    }
    return policy;
  }

  /**
   * The pool for a policy, a hop timeout, a TLS mode and whether HTTP/2 is offered (so that an analysis asking for
   * HTTP/1.1 never gets a pooled HTTP/2 connection). A connection attempt cannot see which request it is for, so
   * its own deadline (DNS lookup, TCP connect, TLS handshake) comes from the pool: pools are kept per whole second of
   * timeout, and an attempt that hangs is torn down at most a second after the hop has already failed with `TIMEOUT`.
   */
  private poolFor(policy: AddressPolicy, { timeout, tls, http2 }: NormalizedOptions): Pool {
    const connectTimeout = Math.ceil(timeout / 1000) * 1000;
    const key = `${policy.key}|${connectTimeout}|${tls}|${http2 ? 'h2' : 'h1'}`;
    let pool = this.pools.get(key);
    if (pool === undefined) {
      const verdicts = tls === 'report' ? new CertificateVerdicts() : undefined;
      const held = new HeldNames();
      const connect = createGuardedConnector({
        policy,
        held,
        resolver: this.resolver,
        routes: this.routes,
        connectTimeout,
        allowH2: http2,
        ...(this.secureContext === undefined ? {} : { secureContext: this.secureContext }),
        ...(verdicts === undefined ? {} : { verdicts }),
      });
      const agent = new Agent({
        connect,
        allowH2: http2,
        keepAliveTimeout: this.pool.keepAliveTimeout,
        maxHeaderSize: this.pool.maxHeaderSize,
        // Per-request timeouts are set on each hop; these are only the outer bound.
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      });
      recordPoolConnection(agent, { connect, maxHeaderSize: this.pool.maxHeaderSize });
      pool = verdicts === undefined ? { key, agent, held } : { key, agent, held, verdicts };
      this.pools.set(key, pool);
    }
    return pool;
  }

  /**
   * A pool of one render's own, under the analysis's policy, whose names resolve once for the whole render and, once
   * connected, to the analysis's one address for each (src/core/address/pinned-resolver.ts, src/core/address/book.ts): no DNS
   * rebinding or failover under a page while it runs. The caller destroys it afterwards.
   */
  private renderPool(
    policy: AddressPolicy,
    { timeout, http2 }: NormalizedOptions,
    book: AddressBook,
    verdicts: CertificateVerdicts | undefined,
  ): Agent {
    const connect = createGuardedConnector({
      policy,
      resolver: pinnedResolver(this.resolver, book),
      book,
      routes: this.routes,
      connectTimeout: Math.ceil(timeout / 1000) * 1000,
      allowH2: http2,
      ...(this.secureContext === undefined ? {} : { secureContext: this.secureContext }),
      ...(verdicts === undefined ? {} : { verdicts }),
    });
    const agent = new Agent({
      connect,
      allowH2: http2,
      maxHeaderSize: this.pool.maxHeaderSize,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    recordPoolConnection(agent, { connect, maxHeaderSize: this.pool.maxHeaderSize });
    return agent;
  }

  /** Closes every pooled connection. */
  async close(): Promise<void> {
    this.closed = true;
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all([...pools.map((pool) => pool.agent.close()), this.renderer?.close()]);
  }
}

let shared: Analyzer | undefined;

/**
 * Traces `url`'s redirect chain with a process-wide {@link Analyzer} (its keep-alive pool is reused across calls).
 * Create your own `Analyzer` to inject a resolver or to close the pool.
 */
export function analyze(url: string, options?: AnalyzeOptions): Promise<AnalysisResult> {
  shared ??= new Analyzer();
  return shared.analyze(url, options);
}

/** The request headers of a page read outside an analysis: the analysis's own, its cookie, its User-Agent. */
function requestHeaders(options: NormalizedOptions, accept: string): Record<string, string> {
  const cookie = options.requestCookie;
  return {
    ...options.requestHeaders,
    ...(cookie === '' ? {} : { cookie }),
    'user-agent': options.userAgent,
    accept,
  };
}
