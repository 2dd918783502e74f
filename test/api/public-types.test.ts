/**
 * The public types pinned (docs/library.md, "Exports"): a change to what a library user compiles against fails
 * `npm run typecheck` (tsc checks test/), not only a reader's eye. `expectTypeOf` does nothing at run time; the
 * assertions are the types. A deliberate change edits the pin here and the changelog in docs/library.md.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AddressPolicy,
  type AnalysisResult,
  type AnalyzeOptions,
  Analyzer,
  type AnalyzerConfig,
  analyze,
  type ChromiumRenderer,
  type ChromiumRendererOptions,
  type ClientRedirectMode,
  compilePolicy,
  compilePolicyJson,
  type ERROR_CODES,
  type ErrorCode,
  type FetchedResponse,
  type FinalPage,
  type FinalPageReader,
  type FindingsPolicy,
  type GuardedFetch,
  type HeaderSelection,
  type Hop,
  type HopHsts,
  type HoplensError,
  type HoplensErrorDetails,
  type HopTimings,
  type HopTls,
  type HopWall,
  type HstsStore,
  type HttpMethod,
  type HttpVersion,
  type Issue,
  type IssueType,
  isHoplensError,
  type JudgementThresholds,
  type NameServerLookup,
  type Network,
  type NormalizedOptions,
  type PageRenderer,
  type PolicyFile,
  type PreparedAnalysis,
  type RedirectVia,
  type RenderedRequest,
  type RenderIncomplete,
  type RenderIncompleteReason,
  type RenderOutcome,
  type RenderRequest,
  type ResolvedAddress,
  type Resolver,
  type Severity,
  type Summary,
  type TlsMode,
} from '../../src/index.js';
import { parsePolicy, policyFromJson } from '../../src/policy.js';

describe('analyze and Analyzer', () => {
  it('analyze(url, options?) resolves to an AnalysisResult', () => {
    expectTypeOf(analyze).parameters.toEqualTypeOf<[url: string, options?: AnalyzeOptions]>();
    expectTypeOf(analyze).returns.toEqualTypeOf<Promise<AnalysisResult>>();
  });

  it('Analyzer: constructed from an AnalyzerConfig; analyze, prepare/preparer/run, withOptions, close', () => {
    expectTypeOf(Analyzer).constructorParameters.toEqualTypeOf<[config?: AnalyzerConfig]>();
    expectTypeOf<Analyzer['analyze']>().toEqualTypeOf<typeof analyze>();
    expectTypeOf<Analyzer['prepare']>().toEqualTypeOf<(url: string, options?: AnalyzeOptions) => PreparedAnalysis>();
    expectTypeOf<Analyzer['preparer']>().toEqualTypeOf<
      (options?: AnalyzeOptions) => (url: string) => PreparedAnalysis
    >();
    expectTypeOf<Analyzer['run']>().toEqualTypeOf<
      (prepared: PreparedAnalysis, signal?: AbortSignal, finalPage?: FinalPageReader) => Promise<AnalysisResult>
    >();
    expectTypeOf<Analyzer['withOptions']>().toEqualTypeOf<
      (options?: AnalyzeOptions) => Promise<(url: string, finalPage?: FinalPageReader) => Promise<AnalysisResult>>
    >();
    expectTypeOf<FinalPageReader>().toEqualTypeOf<(page: FinalPage) => void>();
    expectTypeOf<FinalPage>().toEqualTypeOf<{ readonly url: string; readonly text: string; readonly cut: boolean }>();
    expectTypeOf<Analyzer['close']>().toEqualTypeOf<() => Promise<void>>();
  });

  it('AnalyzerConfig holds the seams: resolver, name servers, connection routes, pools, CA, renderer, clocks', () => {
    expectTypeOf<AnalyzerConfig>().toEqualTypeOf<{
      resolver?: Resolver;
      nameServers?: NameServerLookup;
      resolve?: readonly string[];
      connectTo?: readonly string[];
      keepAliveTimeout?: number;
      maxHeaderSize?: number;
      ca?: string | readonly string[];
      renderer?: PageRenderer;
      now?: () => number;
      robotsCache?: { maxEntries?: number; ttlMs?: number; now?: () => number };
    }>();
    expectTypeOf<Resolver>().toEqualTypeOf<(hostname: string) => Promise<ResolvedAddress[]>>();
    expectTypeOf<ResolvedAddress>().toEqualTypeOf<{ address: string; family: 4 | 6 }>();
    expectTypeOf<NameServerLookup>().toEqualTypeOf<(domain: string) => Promise<readonly string[]>>();
  });

  it('PreparedAnalysis: the URL, options and address policy an analysis runs with', () => {
    expectTypeOf<PreparedAnalysis>().toEqualTypeOf<{
      readonly url: string;
      readonly target: URL;
      readonly options: NormalizedOptions;
      readonly policy: AddressPolicy;
    }>();
  });
});

describe('options', () => {
  it('AnalyzeOptions is the option table of docs/library.md', () => {
    expectTypeOf<AnalyzeOptions>().toEqualTypeOf<{
      maxHops?: number;
      timeout?: number;
      userAgent?: string;
      method?: HttpMethod;
      cookies?: boolean;
      headers?: HeaderSelection;
      requestHeaders?: Readonly<Record<string, string>>;
      requestCookie?: string;
      explicitPort?: boolean;
      blockPrivate?: boolean;
      allowNetworks?: readonly (string | Network)[];
      clientRedirects?: ClientRedirectMode;
      render?: boolean;
      renderWait?: number;
      tls?: TlsMode;
      http2?: boolean;
      robots?: boolean;
      crawler?: string;
      asBrowser?: boolean;
      policy?: PolicyFile | FindingsPolicy;
      signal?: AbortSignal;
      hstsStore?: HstsStore;
    }>();
  });

  it('the options with a fixed set of values', () => {
    expectTypeOf<HttpMethod>().toEqualTypeOf<'GET' | 'HEAD'>();
    expectTypeOf<HeaderSelection>().toEqualTypeOf<'default' | 'all'>();
    expectTypeOf<TlsMode>().toEqualTypeOf<'verify' | 'report'>();
    expectTypeOf<ClientRedirectMode>().toEqualTypeOf<'follow' | 'report'>();
  });

  it('a policy compiles lazily from the main entry, synchronously from hoplens/policy', () => {
    expectTypeOf(compilePolicy).toEqualTypeOf<(value: unknown) => Promise<FindingsPolicy>>();
    expectTypeOf(compilePolicyJson).toEqualTypeOf<(text: string) => Promise<FindingsPolicy>>();
    expectTypeOf(parsePolicy).toEqualTypeOf<(value: unknown) => FindingsPolicy>();
    expectTypeOf(policyFromJson).toEqualTypeOf<(text: string) => FindingsPolicy>();
    expectTypeOf<FindingsPolicy['kind']>().toEqualTypeOf<'hoplens-policy'>();
    expectTypeOf<FindingsPolicy['thresholds']>().toEqualTypeOf<JudgementThresholds>();
  });
});

describe('the result', () => {
  it('AnalysisResult: url, chain and summary', () => {
    expectTypeOf<AnalysisResult>().toEqualTypeOf<{ success: true; url: string; chain: Hop[]; summary: Summary }>();
  });

  it('Hop: what a hop reports (docs/library.md, "What a hop reports")', () => {
    expectTypeOf<Hop>().toEqualTypeOf<{
      url: string;
      status: number;
      statusText: string;
      responseTime: number;
      headers: Record<string, string>;
      redirectType?: 'permanent' | 'temporary';
      redirectVia?: RedirectVia;
      refreshDelay?: number;
      remoteAddress?: string;
      remotePort?: number;
      reusedConnection?: boolean;
      httpVersion?: HttpVersion;
      timings?: HopTimings;
      tls?: HopTls;
      wall?: HopWall;
      hsts?: HopHsts;
    }>();
    expectTypeOf<HopHsts>().toEqualTypeOf<{
      value: string;
      fields: number;
      valid: boolean;
      problem?: string;
      maxAge?: number;
      includeSubDomains?: boolean;
      preload?: boolean;
      counts: boolean;
    }>();
    expectTypeOf<RedirectVia>().toEqualTypeOf<'http' | 'refresh-header' | 'meta-refresh' | 'javascript' | 'hsts'>();
    expectTypeOf<HttpVersion>().toEqualTypeOf<'1.1' | '2'>();
    expectTypeOf<HopTimings>().toEqualTypeOf<{ dns?: number; connect?: number; tls?: number; firstByte: number }>();
    expectTypeOf<HopTls>().toEqualTypeOf<{
      protocol: string;
      cipher: string;
      subject: string;
      issuer: string;
      altNames: string[];
      validFrom: string;
      validTo: string;
      daysLeft: number;
    }>();
    expectTypeOf<HopWall>().toEqualTypeOf<{
      vendor:
        | 'cloudflare'
        | 'aws-waf'
        | 'vercel'
        | 'akamai'
        | 'imperva'
        | 'sucuri'
        | 'datadome'
        | 'perimeterx'
        | 'generic';
      action: 'challenge' | 'block';
      signal: string;
    }>();
  });

  it('Summary and Issue', () => {
    expectTypeOf<Summary>().toEqualTypeOf<{
      totalHops: number;
      finalUrl: string;
      finalStatus: number;
      canonical?: string;
      totalTime: number;
      crawler?: string;
      hasLoop: boolean;
      issues: Issue[];
      renderIncomplete?: RenderIncompleteReason;
    }>();
    expectTypeOf<Issue>().toEqualTypeOf<{
      type: IssueType;
      severity: Severity;
      message: string;
      hop?: number;
      loopsTo?: number;
      help: string;
    }>();
    expectTypeOf<Severity>().toEqualTypeOf<'error' | 'warning' | 'info'>();
  });
});

describe('errors', () => {
  it('the core codes', () => {
    expectTypeOf<ErrorCode>().toEqualTypeOf<
      | 'INVALID_URL'
      | 'INVALID_OPTION'
      | 'BLOCKED_DESTINATION'
      | 'DNS_ERROR'
      | 'CONNECTION_REFUSED'
      | 'CONNECTION_RESET'
      | 'TLS_ERROR'
      | 'PROTOCOL_ERROR'
      | 'RESPONSE_TOO_LARGE'
      | 'TIMEOUT'
      | 'NETWORK_ERROR'
      | 'ABORTED'
      | 'RENDER_UNAVAILABLE'
    >();
    expectTypeOf<(typeof ERROR_CODES)[number]>().toEqualTypeOf<ErrorCode>();
  });

  it('HoplensError: an Error with a code, the partial chain and details', () => {
    expectTypeOf<HoplensError>().toExtend<Error>();
    expectTypeOf<HoplensError['code']>().toEqualTypeOf<ErrorCode>();
    expectTypeOf<HoplensError['chain']>().toEqualTypeOf<Hop[]>();
    expectTypeOf<HoplensError['details']>().toEqualTypeOf<Omit<HoplensErrorDetails, 'chain'>>();
    expectTypeOf<HoplensErrorDetails>().toEqualTypeOf<{
      option?: string;
      requirement?: string;
      got?: string;
      url?: string;
      reason?: string;
      raw?: string;
      chain?: Hop[];
    }>();
    expectTypeOf(isHoplensError).guards.toEqualTypeOf<HoplensError<string>>();
  });
});

describe('the renderer port', () => {
  it('PageRenderer: render a request, close', () => {
    expectTypeOf<PageRenderer>().toEqualTypeOf<{
      render(request: RenderRequest): Promise<RenderOutcome>;
      close(): Promise<void>;
    }>();
    expectTypeOf<RenderRequest>().toEqualTypeOf<{
      readonly url: string;
      readonly userAgent: string;
      readonly waitMs: number;
      readonly fetch: GuardedFetch;
      readonly signal?: AbortSignal | undefined;
    }>();
    expectTypeOf<RenderOutcome>().toEqualTypeOf<{
      readonly navigatedTo?: string | undefined;
      readonly incomplete?: RenderIncomplete | undefined;
    }>();
    expectTypeOf<RenderIncomplete>().toEqualTypeOf<{
      readonly reason: RenderIncompleteReason;
      readonly detail: string;
    }>();
    expectTypeOf<RenderIncompleteReason>().toEqualTypeOf<
      'queue' | 'timeout' | 'request_limit' | 'byte_limit' | 'memory_limit' | 'form_post' | 'crashed'
    >();
  });

  it('the guarded fetch a renderer is handed', () => {
    expectTypeOf<GuardedFetch>().toEqualTypeOf<(request: RenderedRequest) => Promise<FetchedResponse>>();
    expectTypeOf<RenderedRequest>().toEqualTypeOf<{
      readonly url: string;
      readonly method: string;
      readonly headers: Readonly<Record<string, string>>;
      readonly body?: Buffer | undefined;
      readonly maxBodyBytes?: number | undefined;
      readonly truncateBody?: boolean | undefined;
      readonly signal?: AbortSignal | undefined;
    }>();
    expectTypeOf<FetchedResponse>().toEqualTypeOf<{
      readonly status: number;
      readonly headers: Readonly<Record<string, string>>;
      readonly body: Buffer;
    }>();
  });

  it('ChromiumRenderer is a PageRenderer', () => {
    expectTypeOf<ChromiumRenderer>().toExtend<PageRenderer>();
    expectTypeOf<ConstructorParameters<typeof ChromiumRenderer>>().toEqualTypeOf<[options?: ChromiumRendererOptions]>();
  });
});
