import { STATUS_CODES } from 'node:http';
import { isIPv4 } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { CookieJar } from 'tough-cookie';
import type { Dispatcher } from 'undici';
import { request } from 'undici';
import { HoplensError } from './errors.js';
import { resolveLocation, withoutFragment } from './location.js';
import { toNetworkError } from './network-error.js';
import type { NormalizedOptions } from './options.js';
import { selectHeaders } from './response-headers.js';
import type { AddressPolicy } from './ssrf-guard.js';
import type { Hop } from './types.js';

/** Statuses that redirect when they carry a Location (RFC 9110 §15.4). */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Redirects that are permanent; the others in {@link REDIRECT_STATUSES} are temporary. */
export const PERMANENT_STATUSES: ReadonlySet<number> = new Set([301, 308]);

/** How much of a body is ever read: a redirect's is drained (so the connection can be reused), a final page's kept. */
export const BODY_READ_LIMIT = 64 * 1024;

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
  /** Up to {@link BODY_READ_LIMIT} bytes of the final page, when it is a 2xx HTML page fetched with GET. */
  finalBody?: string;
}

/** What tracing needs besides the options: the pool to send through and the policy it enforces. */
export interface TraceContext {
  dispatcher: Dispatcher;
  policy: AddressPolicy;
}

/** Whether a host is refused before any lookup or connection: a blocked IP literal, or a localhost name. */
function literalVerdict(url: URL, policy: AddressPolicy): string | undefined {
  if (!policy.blockPrivate) return undefined;
  const host = url.hostname;
  // URL parsing has already put every IPv4 notation in dotted form and bracketed IPv6, so this test is exact.
  if (host.startsWith('[') || isIPv4(host)) {
    const verdict = policy.check(host);
    return verdict.allowed ? undefined : `${host} is not a public address (${verdict.range})`;
  }
  return policy.refusesName(host) ? `${host} is a loopback name` : undefined;
}

function isHtml(contentType: string | undefined): boolean {
  return contentType !== undefined && /\b(text\/html|application\/xhtml\+xml)\b/i.test(contentType);
}

/** Reads at most {@link BODY_READ_LIMIT} bytes of a body as text, then lets go of it. */
async function readHead(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= BODY_READ_LIMIT) break;
    }
  } catch {
    // A body that fails half-way still gives what arrived; the page's status is already known.
  } finally {
    if (!body.destroyed) body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, BODY_READ_LIMIT).toString('utf8');
}

/**
 * How long a body the tool has no use for may keep arriving after its headers. Draining it lets its connection be
 * reused, which is worth a short wait but not the hop's whole timeout: a redirect whose body trickles forever would
 * otherwise stall every hop until the timeout.
 */
export const DRAIN_BUDGET_MS = 250;

/** Drains a body the tool has no use for, so its connection can be reused; a large or slow one is cut off. */
async function discard(body: Dispatcher.ResponseData['body']): Promise<void> {
  // A plain timer rather than a composed AbortSignal: this runs on every redirect, and destroying the body is all
  // an abort would do. The hop's own signal still ends the body if the hop times out meanwhile.
  // Most redirect bodies arrive with their headers and are complete already; only one still arriving needs a budget.
  const complete = (body as unknown as { _readableState?: { ended?: boolean } })._readableState?.ended === true;
  const budget = complete ? undefined : setTimeout(() => body.destroy(), DRAIN_BUDGET_MS);
  try {
    await body.dump({ limit: BODY_READ_LIMIT });
  } catch {
    // The connection is simply not reused.
  } finally {
    clearTimeout(budget);
  }
  // undici hands a finished keep-alive socket back to its pool only after a full event-loop turn (setImmediate in
  // client-h1, against servers that close right after a response). A next hop sent sooner finds the connection busy
  // and opens a second one, so the chain waits that one turn.
  await nextLoopTurn();
}

interface HopResponse {
  hop: Hop;
  location: string | string[] | undefined;
  setCookie: string[];
  body?: string;
}

/**
 * Settles with `pending`, or rejects with the signal's reason as soon as it aborts. undici only acts on an abort once
 * the request has a connection, so a lookup or TLS handshake that hangs would otherwise outlive the hop's timeout (up
 * to the connector's own timeout). A response that arrives after the abort is let go of.
 */
function untilAborted(
  pending: Promise<Dispatcher.ResponseData>,
  signal: AbortSignal,
): Promise<Dispatcher.ResponseData> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (response) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) response.body.destroy();
        else resolve(response);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
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
 * The per-hop timeout of one analysis: one controller and one timer for the whole chain, restarted for each hop
 * (allocating them per hop is a measurable share of the work on a fast target).
 */
class HopDeadline {
  private readonly controller = new AbortController();
  /** Aborts when a hop runs out of time or the caller aborts. */
  readonly signal = this.controller.signal;
  private timer: NodeJS.Timeout | undefined;
  private url = '';
  private inHop = false;
  private expired = false;
  private readonly forward: (() => void) | undefined;

  constructor(
    private readonly timeout: number,
    private readonly callerSignal: AbortSignal | undefined,
  ) {
    // A listener that forwards the caller's abort, rather than AbortSignal.any(): that one allocates weak references
    // and a new signal for every analysis, a measurable cost under load.
    if (callerSignal !== undefined) {
      this.forward = () => this.controller.abort(callerSignal.reason);
      if (callerSignal.aborted) this.forward();
      else callerSignal.addEventListener('abort', this.forward, { once: true });
    }
  }

  /** Whether the hop's own timeout fired (rather than the caller aborting). */
  get timedOut(): boolean {
    return this.expired;
  }

  /** Starts the clock for a hop to `url`. */
  start(url: string): void {
    this.url = url;
    this.inHop = true;
    if (this.timer === undefined) this.timer = setTimeout(() => this.expire(), this.timeout);
    else this.timer.refresh();
  }

  /** The hop is over; the clock no longer matters until the next `start`. */
  stop(): void {
    this.inHop = false;
  }

  /** The chain is over. */
  dispose(): void {
    clearTimeout(this.timer);
    if (this.forward !== undefined) this.callerSignal?.removeEventListener('abort', this.forward);
  }

  private expire(): void {
    // Between hops there is nothing to time out; the next `start` restarts the timer.
    if (!this.inHop || this.controller.signal.aborted) return;
    this.expired = true;
    const message = `No response from ${this.url} within ${this.timeout} ms`;
    this.controller.abort(new HoplensError('TIMEOUT', message, { url: this.url }));
  }
}

/** Sends one request and measures it. `responseTime` runs from sending to the response headers. */
async function requestHop(
  url: URL,
  method: 'GET' | 'HEAD',
  cookie: string,
  isLast: (status: number) => boolean,
  options: NormalizedOptions,
  context: TraceContext,
  deadline: HopDeadline,
  baseHeaders: Readonly<Record<string, string>>,
): Promise<HopResponse> {
  deadline.start(url.href);
  const signal = deadline.signal;
  const headers = cookie === '' ? baseHeaders : { ...baseHeaders, cookie };
  try {
    const started = performance.now();
    const response = await untilAborted(
      // undici sends the origin and path+query of a URL object: never its credentials, never its fragment.
      request(url, {
        dispatcher: context.dispatcher,
        method,
        headers,
        signal,
        headersTimeout: options.timeout,
        bodyTimeout: options.timeout,
      }),
      signal,
    );
    const responseTime = Math.round(performance.now() - started);
    const status = response.statusCode;
    const raw = response.headers;
    const hop: Hop = {
      url: url.href,
      status,
      statusText: response.statusText || STATUS_CODES[status] || '',
      responseTime,
      headers: selectHeaders(raw, options.headers),
    };
    if (REDIRECT_STATUSES.has(status)) hop.redirectType = PERMANENT_STATUSES.has(status) ? 'permanent' : 'temporary';
    const setCookie = raw['set-cookie'];
    const result: HopResponse = {
      hop,
      location: raw.location,
      setCookie: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
    };
    const contentType = raw['content-type'];
    if (isLast(status) && method === 'GET' && status >= 200 && status < 300 && isHtml(String(contentType))) {
      result.body = await readHead(response.body);
    } else {
      await discard(response.body);
    }
    return result;
  } catch (error) {
    // The caller's abort surfaces as whatever reason it gave, which says nothing about the network.
    if (options.signal?.aborted && !deadline.timedOut) {
      const message = `The analysis was aborted while requesting ${url.href}`;
      throw new HoplensError('ABORTED', message, { url: url.href }, { cause: error });
    }
    throw toNetworkError(error, url.href, options.timeout, deadline.timedOut);
  } finally {
    deadline.stop();
  }
}

/** Remembers which URLs were requested, with which cookies, to tell a loop from a revisit that changes state. */
class Visits {
  private readonly seen = new Map<string, Array<{ cookie: string; hop: number }>>();

  record(url: URL, cookie: string, hop: number): void {
    const key = withoutFragment(url);
    const list = this.seen.get(key) ?? [];
    list.push({ cookie, hop });
    this.seen.set(key, list);
  }

  /** The index of the earlier hop this request would repeat, if any. */
  repeats(url: URL, cookie: string): number | undefined {
    return this.seen.get(withoutFragment(url))?.find((visit) => visit.cookie === cookie)?.hop;
  }
}

/**
 * Follows a URL's redirect chain one request at a time. Returns the chain and why it stopped; throws a
 * {@link HoplensError} carrying the hops so far when a request fails (DNS, connection, TLS, protocol, timeout).
 *
 * Each hop is bounded by `options.timeout`, so a whole trace is bounded by `maxHops × timeout`.
 */
export async function trace(start: URL, options: NormalizedOptions, context: TraceContext): Promise<TraceOutcome> {
  const deadline = new HopDeadline(options.timeout, options.signal);
  try {
    return await followChain(start, options, context, deadline);
  } finally {
    deadline.dispose();
  }
}

async function followChain(
  start: URL,
  options: NormalizedOptions,
  context: TraceContext,
  deadline: HopDeadline,
): Promise<TraceOutcome> {
  const baseHeaders = requestHeaders(options.userAgent);
  const chain: Hop[] = [];
  // Loaded only when asked for: most analyses keep no cookies, and loading the jar costs every start-up.
  const jar: CookieJar | undefined = options.cookies ? new (await import('tough-cookie')).CookieJar() : undefined;
  const visits = new Visits();
  let url = start;
  let method = options.method;

  const blockedAtStart = literalVerdict(start, context.policy);
  if (blockedAtStart !== undefined) {
    throw new HoplensError('BLOCKED_DESTINATION', `Refused ${start.href}: ${blockedAtStart}`, { url: start.href });
  }

  for (;;) {
    const cookie = jar === undefined ? '' : await jar.getCookieString(url.href);
    visits.record(url, cookie, chain.length);
    const index = chain.length;
    let response: HopResponse;
    try {
      response = await requestHop(
        url,
        method,
        cookie,
        (status) => !REDIRECT_STATUSES.has(status) || index + 1 >= options.maxHops,
        options,
        context,
        deadline,
        baseHeaders,
      );
    } catch (error) {
      const failure = error as HoplensError;
      if (failure.code === 'BLOCKED_DESTINATION' && index > 0) {
        return { chain, stop: { kind: 'blocked', hop: index - 1, url: url.href, reason: failure.message } };
      }
      throw failure.withChain(chain);
    }
    chain.push(response.hop);
    if (jar !== undefined) {
      for (const header of response.setCookie) await jar.setCookie(header, url.href, { ignoreError: true });
    }

    const { status } = response.hop;
    if (!REDIRECT_STATUSES.has(status)) {
      return response.body === undefined
        ? { chain, stop: { kind: 'complete' } }
        : { chain, stop: { kind: 'complete' }, finalBody: response.body };
    }
    const location = resolveLocation(response.location, url);
    if (location.kind === 'missing') return { chain, stop: { kind: 'missing_location', hop: index } };
    if (location.kind === 'invalid') {
      return {
        chain,
        stop: { kind: 'invalid_location', hop: index, reason: location.reason, location: location.raw },
      };
    }
    const next = location.url;
    const nextCookie = jar === undefined ? '' : await jar.getCookieString(next.href);
    const repeated = visits.repeats(next, nextCookie);
    if (repeated !== undefined) {
      return { chain, stop: { kind: 'loop', hop: index, loopsTo: repeated, url: next.href } };
    }
    if (chain.length >= options.maxHops) return { chain, stop: { kind: 'max_hops', hop: index, url: next.href } };
    const blocked = literalVerdict(next, context.policy);
    if (blocked !== undefined) return { chain, stop: { kind: 'blocked', hop: index, url: next.href, reason: blocked } };
    // 303 means "see other with GET" (RFC 9110 §15.4.4); HEAD stays HEAD. GET and HEAD are kept on every other code.
    if (status === 303 && method !== 'HEAD') method = 'GET';
    url = next;
  }
}
