import { STATUS_CODES } from 'node:http';
import { isIPv4 } from 'node:net';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { CookieJar } from 'tough-cookie';
import type { Dispatcher } from 'undici';
import { describeAddress } from './address-words.js';
import type { CertificateVerdicts } from './certificate-verdicts.js';
import { type ClientRedirect, declaredRefresh } from './client-redirect.js';
import { HoplensError } from './errors.js';
import { createGuardedFetch } from './guarded-fetch.js';
import { HopDeadline } from './hop-deadline.js';
import { type BODY_READ_LIMIT, type ExchangeResponse, HopExchange } from './hop-exchange.js';
import { resolveLocation, withoutFragment } from './location.js';
import { toNetworkError } from './network-error.js';
import type { NormalizedOptions } from './options.js';
import type { PageRenderer } from './page-renderer.js';
import { selectHeaders } from './response-headers.js';
import type { AddressPolicy } from './ssrf-guard.js';
import type { TlsProblem } from './tls-problem.js';
import type { HeaderSelection, Hop, HttpMethod } from './types.js';

/** Statuses that redirect when they carry a Location (RFC 9110 §15.4). */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Redirects that are permanent; the others in {@link REDIRECT_STATUSES} are temporary. */
export const PERMANENT_STATUSES: ReadonlySet<number> = new Set([301, 308]);

/** Why the chain ended. Only `complete` ends on a non-redirect; the others are findings. */
export type StopReason =
  | { kind: 'complete' }
  | { kind: 'loop'; hop: number; loopsTo: number; url: string }
  /** `url`: where the last hop redirects to, not requested (absent in traces from before it was recorded). */
  | { kind: 'max_hops'; hop: number; url?: string }
  | { kind: 'missing_location'; hop: number }
  | { kind: 'invalid_location'; hop: number; reason: string; location: string }
  | { kind: 'blocked'; hop: number; url: string; reason: string };

/** What tracing produced: the chain, why it stopped, and what the detectors may need to look at. */
export interface TraceOutcome {
  chain: Hop[];
  stop: StopReason;
  /** Up to {@link BODY_READ_LIMIT} bytes of the final page, when it is an HTML page fetched with GET. */
  finalBody?: string;
  /** The client redirects the chain's pages declare, followed or not. */
  clientRedirects: ClientRedirect[];
  /** With `tls: 'report'`: the hops made over a connection whose certificate did not verify, and why. */
  certificateProblems?: readonly CertificateProblem[];
}

/** A hop made despite its certificate (`tls: 'report'`): its index in the chain and what was wrong. */
export interface CertificateProblem extends TlsProblem {
  readonly hop: number;
}

/** What tracing needs besides the options: the pool to send through, the policy it enforces, the caller's abort. */
export interface TraceContext {
  dispatcher: Dispatcher;
  policy: AddressPolicy;
  /** Aborts the trace (the caller went away, a deadline of the caller's). */
  signal?: AbortSignal | undefined;
  /** Renders pages when `options.render` asks for it. */
  renderer?: PageRenderer | undefined;
  /** With `tls: 'report'`: the verdicts on the certificates of the pool's connections. */
  verdicts?: CertificateVerdicts | undefined;
}

/** Whether a host is refused before any lookup or connection: a blocked IP literal, or a localhost name. */
function literalVerdict(url: URL, policy: AddressPolicy): string | undefined {
  if (!policy.blockPrivate) return undefined;
  const host = url.hostname;
  // URL parsing has already put every IPv4 notation in dotted form and bracketed IPv6, so this test is exact.
  if (host.startsWith('[') || isIPv4(host)) {
    const verdict = policy.check(host);
    return verdict.allowed ? undefined : `${host} is ${describeAddress(verdict)}, not a public address`;
  }
  return policy.refusesName(host) ? `${host} is a loopback name` : undefined;
}

function isHtml(contentType: string | string[] | undefined): boolean {
  return contentType !== undefined && /\b(text\/html|application\/xhtml\+xml)\b/i.test(String(contentType));
}

interface HopResponse {
  hop: Hop;
  location: string | string[] | undefined;
  refresh: string | string[] | undefined;
  setCookie: string[];
  body?: string;
  /** The problem with the certificate of the connection the response came on, when it was not verified. */
  tlsProblem?: TlsProblem;
}

/** The headers every hop of an analysis sends, built once per analysis (undici only reads them). */
function requestHeaders(userAgent: string): Readonly<Record<string, string>> {
  return {
    'user-agent': userAgent,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    // Bodies are read only to find a meta refresh; asking for them uncompressed keeps that simple.
    'accept-encoding': 'identity',
  };
}

/**
 * Sends the hops of one trace: what every request of the chain shares (options, pool, deadline, request headers), so
 * that each hop names only what is its own.
 */
class HopSender {
  private readonly baseHeaders: Readonly<Record<string, string>>;

  constructor(
    private readonly options: NormalizedOptions,
    private readonly context: TraceContext,
    private readonly deadline: HopDeadline,
  ) {
    this.baseHeaders = requestHeaders(options.userAgent);
  }

  /**
   * Sends one request and measures it. `responseTime` runs from sending to the response headers.
   * @param isLast whether a response with this status ends the chain (its HTML body is then kept)
   */
  async send(url: URL, method: HttpMethod, cookie: string, isLast: (status: number) => boolean): Promise<HopResponse> {
    const { options, deadline } = this;
    const exchange = new HopExchange(
      {
        url,
        method,
        headers: cookie === '' ? this.baseHeaders : { ...this.baseHeaders, cookie },
        timeout: options.timeout,
        // Only a page's HTML is read (not a redirect's body), for a meta refresh and what the detectors look at.
        keepsBody: (status, headers) =>
          method === 'GET' && status >= 200 && isLast(status) && isHtml(headers['content-type']),
      },
      this.context.dispatcher,
    );
    deadline.watch(url.href, exchange);
    try {
      const response = await exchange.done;
      // undici hands a finished keep-alive socket back to its pool only after a full event-loop turn (setImmediate in
      // client-h1, against servers that close right after a response), and closes a cut-off one asynchronously. A
      // request sent sooner, by this chain's next hop or the next analysis, finds the connection busy and opens another.
      await nextLoopTurn();
      const result = toHopResponse(url, response, options.headers);
      const tlsProblem = this.context.verdicts?.problemFor(url);
      if (tlsProblem !== undefined) result.tlsProblem = tlsProblem;
      return result;
    } catch (error) {
      // The caller's abort surfaces as whatever reason it gave, which says nothing about the network.
      if (this.context.signal?.aborted && !deadline.timedOut) {
        const message = `The analysis was aborted while requesting ${url.href}`;
        throw new HoplensError('ABORTED', message, { url: url.href }, { cause: error });
      }
      throw toNetworkError(error, url.href, options.timeout, deadline.timedOut);
    } finally {
      deadline.stop();
    }
  }
}

/** The hop a response makes, with what the chain needs from the response besides. */
function toHopResponse(url: URL, response: ExchangeResponse, headers: HeaderSelection): HopResponse {
  const { status, headers: raw } = response;
  const hop: Hop = {
    url: url.href,
    status,
    statusText: response.statusText || STATUS_CODES[status] || '',
    responseTime: Math.round(response.responseTime),
    headers: selectHeaders(raw, headers),
  };
  if (REDIRECT_STATUSES.has(status)) {
    hop.redirectType = PERMANENT_STATUSES.has(status) ? 'permanent' : 'temporary';
    hop.redirectVia = 'http';
  }
  const setCookie = raw['set-cookie'];
  const result: HopResponse = {
    hop,
    location: raw.location,
    refresh: raw.refresh,
    setCookie: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
  };
  if (response.body !== undefined) result.body = response.body;
  return result;
}

/** Remembers which URLs were requested, with which cookies, to tell a loop from a revisit that changes state. */
class Visits {
  private readonly seen = new Map<string, Array<{ cookie: string; hop: number }>>();

  record(url: URL, cookie: string, hop: number): void {
    const key = withoutFragment(url.href);
    const list = this.seen.get(key) ?? [];
    list.push({ cookie, hop });
    this.seen.set(key, list);
  }

  /** The index of the earlier hop this request would repeat, if any. */
  repeats(url: URL, cookie: string): number | undefined {
    return this.seen.get(withoutFragment(url.href))?.find((visit) => visit.cookie === cookie)?.hop;
  }
}

/**
 * Follows a URL's redirect chain one request at a time. Returns the chain and why it stopped; throws a
 * {@link HoplensError} carrying the hops so far when a request fails (DNS, connection, TLS, protocol, timeout).
 *
 * Each hop is bounded by `options.timeout`, so a whole trace is bounded by `maxHops × timeout`.
 */
export async function trace(start: URL, options: NormalizedOptions, context: TraceContext): Promise<TraceOutcome> {
  const deadline = new HopDeadline(options.timeout, context.signal);
  const problems: CertificateProblem[] = [];
  try {
    const outcome = await followChain(start, options, context, new HopSender(options, context, deadline), problems);
    return problems.length === 0 ? outcome : { ...outcome, certificateProblems: problems };
  } finally {
    deadline.dispose();
  }
}

/** What one hop leads to: the next request, or the end of the chain. */
type Step = { next: URL } | { stop: StopReason };

async function followChain(
  start: URL,
  options: NormalizedOptions,
  context: TraceContext,
  sender: HopSender,
  problems: CertificateProblem[],
): Promise<TraceOutcome> {
  const blockedAtStart = literalVerdict(start, context.policy);
  if (blockedAtStart !== undefined) {
    throw new HoplensError('BLOCKED_DESTINATION', `Refused ${start.href}: ${blockedAtStart}`, { url: start.href });
  }
  const chain: Hop[] = [];
  // Loaded only when asked for: most analyses keep no cookies, and loading the jar costs every start-up.
  const jar: CookieJar | undefined = options.cookies ? new (await import('tough-cookie')).CookieJar() : undefined;
  const cookieFor = (url: URL) => (jar === undefined ? Promise.resolve('') : jar.getCookieString(url.href));
  const visits = new Visits();
  const clientRedirects: ClientRedirect[] = [];
  let url = start;
  let method = options.method;
  for (;;) {
    const cookie = await cookieFor(url);
    const index = chain.length;
    visits.record(url, cookie, index);
    let response: HopResponse;
    try {
      const isLast = (status: number) => !REDIRECT_STATUSES.has(status) || index + 1 >= options.maxHops;
      response = await sender.send(url, method, cookie, isLast);
    } catch (error) {
      const failure = error as HoplensError;
      if (failure.code === 'BLOCKED_DESTINATION' && index > 0) {
        const stop: StopReason = { kind: 'blocked', hop: index - 1, url: url.href, reason: failure.message };
        return { chain, stop, clientRedirects };
      }
      throw failure.withChain(chain);
    }
    chain.push(response.hop);
    if (response.tlsProblem !== undefined) problems.push({ hop: index, ...response.tlsProblem });
    if (jar !== undefined) {
      for (const header of response.setCookie) await jar.setCookie(header, url.href, { ignoreError: true });
    }
    let step: Step;
    if (REDIRECT_STATUSES.has(response.hop.status)) step = redirectStep(response, url, index);
    else {
      const client =
        refreshOf(response, url, index, options) ?? (await renderedNavigation(response, url, index, options, context));
      if (client !== undefined) clientRedirects.push(client.redirect);
      if (client?.redirect.followed !== true) {
        const outcome: TraceOutcome = { chain, stop: { kind: 'complete' }, clientRedirects };
        if (response.body !== undefined) outcome.finalBody = response.body;
        return outcome;
      }
      step = { next: client.target };
    }
    const next = 'next' in step ? await admitNext(step.next, index, cookieFor, visits, options, context) : step;
    if ('stop' in next) return { chain, stop: next.stop, clientRedirects };
    // 303 means "see other with GET" (RFC 9110 §15.4.4); HEAD stays HEAD. GET and HEAD are kept on every other code.
    if (response.hop.status === 303 && method !== 'HEAD') method = 'GET';
    url = next.next;
  }
}

/**
 * The client redirect a page declares, if any: followed (and marked on its hop) when the page is a 2xx and client
 * redirects are followed; only recorded otherwise (an error page's refresh, or `clientRedirects: 'report'`).
 */
function refreshOf(
  response: HopResponse,
  url: URL,
  index: number,
  options: NormalizedOptions,
): { redirect: ClientRedirect; target: URL } | undefined {
  const declared = declaredRefresh(url, response.refresh, response.body);
  if (declared === undefined) return undefined;
  const { hop } = response;
  const followed = options.clientRedirects === 'follow' && hop.status >= 200 && hop.status < 300;
  if (followed) {
    // Google reads a 0-second refresh as a permanent redirect and a delayed one as temporary.
    hop.redirectType = declared.delay === 0 ? 'permanent' : 'temporary';
    hop.redirectVia = declared.via;
    hop.refreshDelay = declared.delay;
  }
  const redirect = { hop: index, via: declared.via, delay: declared.delay, target: declared.target.href, followed };
  return { redirect, target: declared.target };
}

/**
 * With `render`, the navigation a 2xx HTML page makes on its own in the browser within `renderWait`: a hop by
 * JavaScript, followed like any other. The browser's every request goes through the core's guarded fetch.
 */
async function renderedNavigation(
  response: HopResponse,
  url: URL,
  index: number,
  options: NormalizedOptions,
  context: TraceContext,
): Promise<{ redirect: ClientRedirect; target: URL } | undefined> {
  const { hop } = response;
  const renderer = context.renderer;
  if (!options.render || renderer === undefined || hop.status < 200 || hop.status > 299) return undefined;
  if (response.body === undefined) return undefined;
  // Bounded whatever the page does: its requests by the hop timeout, the whole rendering by that and the wait.
  const bound = AbortSignal.timeout(options.timeout + options.renderWait);
  const signal = context.signal === undefined ? bound : AbortSignal.any([bound, context.signal]);
  const fetch = createGuardedFetch({ dispatcher: context.dispatcher, timeout: options.timeout, signal });
  const rendered = await renderer.render({
    url: url.href,
    userAgent: options.userAgent,
    waitMs: options.renderWait,
    fetch,
    signal,
  });
  if (rendered.navigatedTo === undefined) return undefined;
  let target: URL;
  try {
    target = new URL(rendered.navigatedTo, url);
  } catch {
    return undefined;
  }
  if (withoutFragment(target.href) === withoutFragment(url.href)) return undefined;
  // A script's navigation declares no permanence; Google may or may not see it, so it is read as temporary.
  hop.redirectType = 'temporary';
  hop.redirectVia = 'javascript';
  return { redirect: { hop: index, via: 'javascript', delay: 0, target: target.href, followed: true }, target };
}

/** Where a redirect's Location points, or why the chain ends at it. */
function redirectStep(response: HopResponse, url: URL, index: number): Step {
  const location = resolveLocation(response.location, url);
  if (location.kind === 'missing') return { stop: { kind: 'missing_location', hop: index } };
  if (location.kind === 'invalid') {
    return { stop: { kind: 'invalid_location', hop: index, reason: location.reason, location: location.raw } };
  }
  return { next: location.url };
}

/** Whether the chain may go on to `next`: not a loop, within `maxHops`, not a blocked address. */
async function admitNext(
  next: URL,
  index: number,
  cookieFor: (url: URL) => Promise<string>,
  visits: Visits,
  options: NormalizedOptions,
  context: TraceContext,
): Promise<Step> {
  const repeated = visits.repeats(next, await cookieFor(next));
  if (repeated !== undefined) return { stop: { kind: 'loop', hop: index, loopsTo: repeated, url: next.href } };
  if (index + 1 >= options.maxHops) return { stop: { kind: 'max_hops', hop: index, url: next.href } };
  const blocked = literalVerdict(next, context.policy);
  if (blocked !== undefined) return { stop: { kind: 'blocked', hop: index, url: next.href, reason: blocked } };
  return { next };
}
