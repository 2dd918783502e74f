// The policy's file, not the folder's entry: the address guard's connector and resolvers use these shapes.
import type { Network } from './address/policy.js';
import type { HopHsts } from './hsts/hop-hsts-type.js';

import type { HstsStore } from './hsts/hsts-store.js';
import type { IssueType } from './issue-types.js';
import type { FindingsPolicy } from './policy/findings-policy.js';
import type { PolicyFile } from './policy/policy-schema.js';
import type { HopWall } from './walls/index.js';

export type { HopHsts } from './hsts/hop-hsts-type.js';

/**
 * Public data shapes of hoplens. The field names and types of {@link Hop}, {@link Summary} and
 * {@link AnalysisResult} are the API's contract (docs/api.md).
 */

export { ISSUE_TYPES, type IssueType } from './issue-types.js';

/** How serious a finding is. `error` findings fail a CI check; `warning` ones fail it only in strict mode. */
export type Severity = 'error' | 'warning' | 'info';

/** A problem found in a chain. Findings are data, never exceptions. */
export interface Issue {
  type: IssueType;
  severity: Severity;
  /** One human sentence. */
  message: string;
  /** Index into `chain` of the hop the finding concerns, when it concerns one. */
  hop?: number;
  /** For `redirect_loop`: index of the earlier hop the loop returns to. */
  loopsTo?: number;
  /**
   * A page that explains the finding: a Google Search Central page for the search-related ones, otherwise
   * `docs/issues.md#<type>`, a path relative to the hoplens package, which ships it (src/core/issues/help.ts has the
   * table; the service serves it as `/docs/issues#<type>`).
   */
  help: string;
}

/** One request of the chain. */
export interface Hop {
  /** URL requested at this hop. */
  url: string;
  /** HTTP status code of the response. */
  status: number;
  /** The server's reason phrase, or the standard phrase when it sent none. */
  statusText: string;
  /**
   * Milliseconds (integer) from sending the request to receiving the response headers. When the hop had to open a
   * new connection this includes DNS lookup, TCP connect and TLS handshake; a reused keep-alive connection is not
   * charged for set-up it did not do.
   */
  responseTime: number;
  /** Response headers with lowercase names. By default only the redirect-relevant ones (see `headers` option). */
  headers: Record<string, string>;
  /**
   * `permanent` for 301/308 and a client redirect with delay 0, `temporary` for 302/303/307 and a delayed client
   * redirect (as Google reads them); absent on hops that do not redirect.
   */
  redirectType?: 'permanent' | 'temporary';
  /**
   * How this hop led to the next one: `http` (a 3xx with a Location), `refresh-header`, `meta-refresh` or
   * `javascript` (a client redirect); absent on a hop that leads nowhere.
   */
  redirectVia?: RedirectVia;
  /** A client redirect's declared delay, in seconds (not waited for, and not part of `responseTime`). */
  refreshDelay?: number;
  /** The address the connection that carried this hop was connected to (the one the address policy checked). */
  remoteAddress?: string;
  /** The TCP port of that connection. */
  remotePort?: number;
  /** Whether the hop was sent on a connection an earlier request had already used (keep-alive or HTTP/2). */
  reusedConnection?: boolean;
  /** The HTTP version spoken: `2` when the server chose HTTP/2 by ALPN, else `1.1`. */
  httpVersion?: HttpVersion;
  /** Where `responseTime` went, in integer ms (see {@link HopTimings}). */
  timings?: HopTimings;
  /** The TLS session and certificate of an HTTPS hop that opened its connection (see {@link HopTls}). */
  tls?: HopTls;
  /**
   * A bot wall's answer at this hop (src/core/walls/): a vendor's challenge or block page, served instead of the page.
   * The chain's real end is then unknown (`bot_wall`; a `check` row is `inconclusive`).
   */
  wall?: HopWall;
  /** The hop's `Strict-Transport-Security`, parsed (see {@link HopHsts}); absent when it sent none. */
  hsts?: HopHsts;
}

/** The HTTP version a hop was made with. */
export type HttpVersion = '1.1' | '2';

/**
 * The parts of a hop's time, integer milliseconds, measured on its connection. A hop that opened a connection has
 * `dns` (0 for an IP literal), `connect` (TCP), `tls` (HTTPS only) and `firstByte`; a reused one has `firstByte` only.
 * Their sum is `responseTime` to within rounding and the pool's hand-off.
 */
export interface HopTimings {
  /** Name resolution. */
  dns?: number;
  /** TCP connect, from the resolved address to the connection. */
  connect?: number;
  /** TLS handshake. */
  tls?: number;
  /** From the request being written to the response headers (the server's think time plus a round trip). */
  firstByte: number;
}

/** The TLS session and peer certificate of a connection. */
export interface HopTls {
  /** Negotiated protocol version: `TLSv1.3`, `TLSv1.2`, `TLSv1.1`, `TLSv1`. */
  protocol: string;
  /** Negotiated cipher suite, by its OpenSSL name. */
  cipher: string;
  /** The certificate's subject, as `CN=example.com` (attributes joined by `, `). */
  subject: string;
  /** The certificate's issuer, in the same form. */
  issuer: string;
  /** The DNS names and IP addresses of its subject alternative names. */
  altNames: string[];
  /** Start of validity, ISO 8601. */
  validFrom: string;
  /** End of validity, ISO 8601. */
  validTo: string;
  /** Whole days from the analysis to `validTo` (negative once expired). */
  daysLeft: number;
}

/**
 * How a hop leads to the next one. `hsts`: not a response but a browser's own upgrade of a plain-HTTP request to a
 * Known HSTS Host (`asBrowser`), as Chromium shows it: an internal 307 with `Non-Authoritative-Reason: HSTS`.
 */
export type RedirectVia = 'http' | 'refresh-header' | 'meta-refresh' | 'javascript' | 'hsts';

/** Whether client redirects (Refresh, meta refresh) are followed as hops, as browsers and Googlebot do, or only reported. */
export type ClientRedirectMode = 'follow' | 'report';

/** Summary statistics of a chain. */
export interface Summary {
  /** Number of hops in the chain (`chain.length`). */
  totalHops: number;
  /** URL of the last hop. */
  finalUrl: string;
  /** Status of the last hop. */
  finalStatus: number;
  /**
   * The canonical URL the final 2xx page declares (`<link rel="canonical">` in its head and/or a `Link` header with
   * `rel="canonical"`), resolved to an absolute URL; absent when it declares none, or several different ones (which
   * Google ignores: `canonical_conflict`).
   */
  canonical?: string;
  /** Sum of the hops' `responseTime`, in milliseconds. */
  totalTime: number;
  /**
   * The crawler's product token the destination was judged for (robots.txt, `noindex`): the `crawler` option. Always
   * present in an analysis's result; optional only so that summaries made before it existed still type-check.
   */
  crawler?: string;
  /** Whether a redirect loop was detected. */
  hasLoop: boolean;
  /** Detected issues; empty when none. */
  issues: Issue[];
  /**
   * Why a render that was asked for did not run or did not finish (with a `render_incomplete` finding); absent when
   * no render was asked for or it finished.
   */
  renderIncomplete?: RenderIncompleteReason;
}

/**
 * Why a render was cut short: no render slot within the render's time (`queue`), the render's time ran out
 * (`timeout`), one of its bounds was reached (`request_limit`, `byte_limit`, `memory_limit`), the page submitted
 * a form by a method other than GET, which is never sent (`form_post`), or the page's renderer process crashed
 * (`crashed`: out of memory before a read of it saw the bound passed, or a fault of Chromium's).
 */
export const RENDER_INCOMPLETE_REASONS = Object.freeze([
  'queue',
  'timeout',
  'request_limit',
  'byte_limit',
  'memory_limit',
  'form_post',
  'crashed',
] as const);

/** One of {@link RENDER_INCOMPLETE_REASONS}. */
export type RenderIncompleteReason = (typeof RENDER_INCOMPLETE_REASONS)[number];

/** The result of {@link analyze}: the API's Analysis result (docs/api.md) without `rateLimit`. */
export interface AnalysisResult {
  /** True when the chain was traced (findings such as loops still give `true`). */
  success: true;
  /** The URL that was submitted, as given. */
  url: string;
  /** The hops in the order followed. */
  chain: Hop[];
  summary: Summary;
}

/** Which response headers each hop reports. */
export type HeaderSelection = 'default' | 'all';

/** HTTP method used for every hop. */
export type HttpMethod = 'GET' | 'HEAD';

/**
 * What a certificate that does not verify does to a hop. `verify`: the hop fails with `TLS_ERROR`. `report`: the hop
 * is made anyway and the issue `tls_invalid` names the problem, for auditing a site whose certificate is broken.
 */
export type TlsMode = 'verify' | 'report';

/**
 * Options of {@link analyze}. Every field is optional; defaults are in `DEFAULTS` and ranges in `LIMITS`, both read from
 * the option table (src/core/portable/option-table.ts).
 */
export interface AnalyzeOptions {
  /** Maximum chain length, within `LIMITS.maxHops` (default `DEFAULTS.maxHops`). */
  maxHops?: number;
  /**
   * Per-hop timeout in milliseconds, within `LIMITS.timeout` (default `DEFAULTS.timeout`): connect, TLS and response
   * headers.
   */
  timeout?: number;
  /** User-Agent sent on every request (default `DEFAULTS.userAgent`). */
  userAgent?: string;
  /** `GET` (default) or `HEAD`. */
  method?: HttpMethod;
  /** Keep a cookie jar across the hops of one analysis (default false). */
  cookies?: boolean;
  /** `default`: the redirect-relevant headers; `all`: every response header. */
  headers?: HeaderSelection;
  /**
   * Request headers added to every hop, name → value (curl's `-H`). Host, Content-Length, Connection and the other
   * headers hoplens sets itself are refused (`INVALID_OPTION` naming the header); User-Agent is `userAgent`, Cookie
   * `requestCookie`.
   */
  requestHeaders?: Readonly<Record<string, string>>;
  /** A Cookie header value sent on every hop (`name=value; other=value`), before any cookie of the jar (`cookies`). */
  requestCookie?: string;
  /**
   * The first hop's Host names the URL's port even when it is the scheme's default (`Host: example.com:443`), as a
   * client that keeps the port written in a link sends it; later hops send their URL's own Host. The URL standard
   * drops a default port when it parses the URL, so this is how the variant "default port written out" is requested
   * (src/variants/). Default false: browsers and curl leave the default port out.
   */
  explicitPort?: boolean;
  /** Refuse destinations that are not global unicast: loopback, private, link-local, metadata... (default true). */
  blockPrivate?: boolean;
  /** CIDRs exempt from `blockPrivate`, e.g. `['10.0.0.0/8']`, or networks already parsed by `parseNetworks`. */
  allowNetworks?: readonly (string | Network)[];
  /**
   * `follow` (default): a 2xx page's `Refresh` header or `<meta http-equiv="refresh">` to another URL is a hop, as
   * browsers and Googlebot see it; `report`: HTTP redirects only (curl's view), the refresh is reported.
   */
  clientRedirects?: ClientRedirectMode;
  /**
   * Load the last page of the HTTP and refresh chain in a headless browser and follow the navigations it makes on
   * its own (JavaScript redirects) as hops (default false). Needs an `Analyzer` made with a `renderer`.
   */
  render?: boolean;
  /**
   * How long a rendered page may take to navigate on its own, in ms, within `LIMITS.renderWait` (default
   * `DEFAULTS.renderWait`).
   */
  renderWait?: number;
  /**
   * `verify` (default) or `report` (see {@link TlsMode}). Connections made under `report` are pooled apart and never
   * serve an analysis that verifies. Failures that are not about the certificate (no shared cipher, plain HTTP on an
   * https:// URL) are `TLS_ERROR` either way.
   */
  tls?: TlsMode;
  /**
   * Offer HTTP/2 by ALPN on HTTPS hops, and speak it when the server chooses it (default true); `false` speaks
   * HTTP/1.1 only. Connections of either kind are pooled apart.
   */
  http2?: boolean;
  /**
   * Read the final URL's robots.txt (fetched once per host and analyzer, kept ten minutes) and report
   * `robots_blocked_destination` when it keeps the User-Agent's crawler out (default true).
   */
  robots?: boolean;
  /**
   * The crawler a destination is judged for, by its product token (default `Googlebot`): the robots.txt group read
   * and the `X-Robots-Tag`/`<meta name>` rules that apply besides those for every crawler. Letters, `-` and `_`, at
   * most 64 (RFC 9309 §2.2.1). The User-Agent sent is `userAgent`, whatever this says.
   */
  crawler?: string;
  /**
   * Follow the chain as a returning browser (default false): a plain-HTTP hop to a Known HSTS Host (one that sent a
   * valid Strict-Transport-Security over HTTPS earlier in the chain, or in the analyses sharing `hstsStore`) is not
   * sent but upgraded to https (RFC 6797 §8.3), shown as a hop with `redirectVia: 'hsts'`.
   */
  asBrowser?: boolean;
  /**
   * Severity overrides, allowed redirects and thresholds applied to the findings: a policy file's contents (validated
   * by `analyze()`, which loads the validator then), or a policy compiled once by `parsePolicy`/`compilePolicy` (not
   * validated again; `prepare()` takes only these). Default: none.
   */
  policy?: PolicyFile | FindingsPolicy;
  /** Aborts the analysis (for example when the caller goes away). */
  signal?: AbortSignal;
  /**
   * With `asBrowser`: the Known HSTS Hosts to upgrade by and record into, shared by the analyses given it (a bulk
   * check's rows); absent, each analysis starts with a browser that knows none.
   */
  hstsStore?: HstsStore;
}

/** One answer of a {@link Resolver}. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses (all of them). The seam through which tests inject DNS answers. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;
