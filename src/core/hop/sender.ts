import { STATUS_CODES } from 'node:http';
import type { TlsProblem } from '../connection/tls-problem.js';
import { HoplensError } from '../errors.js';
import { hopHsts } from '../hsts/hop-hsts.js';
import { readsAsHtml, typeIsHtml, typeIsUnknown } from '../html/mime-sniff.js';
import { decodePage } from '../html/page-encoding.js';
import type { NormalizedOptions } from '../options.js';
import { selectHeaders } from '../response-headers.js';
import type { TraceContext } from '../trace-context.js';
import type { HeaderSelection, Hop, HttpMethod } from '../types.js';
import { classifyWall } from '../walls/index.js';
import { addConnectionDetails } from './anatomy.js';
import type { HopDeadline } from './deadline.js';
import { BODY_READ_LIMIT, type ExchangeRequest, type ExchangeResponse, HopExchange } from './exchange.js';
import { resendLeniently } from './lenient-hop.js';
import { refusedHeaderByte } from './lenient-request.js';
import { toNetworkError } from './network-error.js';
import { poolConnection } from './pool-connection.js';

/**
 * Resolves in the next turn of the event loop (its check phase). Not `node:timers/promises`' `setImmediate`, which
 * allocates about twice as much for its options and abort handling, none of which this needs: it runs for every hop.
 */
function nextLoopTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Statuses that redirect when they carry a Location (RFC 9110 §15.4). */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Redirects that are permanent; the others in {@link REDIRECT_STATUSES} are temporary. */
export const PERMANENT_STATUSES: ReadonlySet<number> = new Set([301, 308]);

/** The `setCookie` of a response that sets none (nearly all): one array for all of them. */
const NO_COOKIES: readonly string[] = Object.freeze([]);

export interface HopResponse {
  hop: Hop;
  location: string | string[] | undefined;
  refresh: string | string[] | undefined;
  setCookie: readonly string[];
  /** The final page's HTML as text, decoded from its first bytes as a browser decodes them. */
  body?: string;
  /** The character encoding the body was decoded with (WHATWG Encoding standard name). */
  bodyEncoding?: string;
  /** The body's bytes, kept when nothing declared their encoding: a `<meta charset>` past the prescan may yet. */
  tentativeBytes?: Buffer;
  /** The body reached {@link BODY_READ_LIMIT} and was cut there: `body` is not the whole page. */
  bodyCut?: boolean;
  /** The problem with the certificate of the connection the response came on, when it was not verified. */
  tlsProblem?: TlsProblem;
}

/** The headers every hop of an analysis sends, built once per analysis (undici only reads them). */
function requestHeaders(userAgent: string, extra: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return {
    // A browser's Accept unless the caller gives one (content negotiation is theirs to test). The names the tracer
    // owns were refused by normalizeOptions, so the caller's headers override nothing below.
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    ...extra,
    'user-agent': userAgent,
    // Bodies are read only to find a meta refresh; asking for them uncompressed keeps that simple.
    'accept-encoding': 'identity',
  };
}

/**
 * Sends the hops of one trace: what every request of the chain shares (options, pool, deadline, request headers), so
 * that each hop names only what is its own.
 */
export class HopSender {
  private readonly baseHeaders: Readonly<Record<string, string>>;
  /** Whether a hop was sent: `explicitPort` concerns the first one only. */
  private sentFirst = false;

  constructor(
    private readonly options: NormalizedOptions,
    private readonly context: TraceContext,
    private readonly deadline: HopDeadline,
  ) {
    this.baseHeaders = requestHeaders(options.userAgent, options.requestHeaders);
  }

  /**
   * Sends one request and measures it. `responseTime` runs from sending to the response headers.
   * @param isLast whether a response with this status ends the chain (its HTML body is then kept)
   */
  async send(
    url: URL,
    method: HttpMethod,
    jarCookie: string,
    isLast: (status: number) => boolean,
  ): Promise<HopResponse> {
    const { options, deadline } = this;
    const given = options.requestCookie;
    const cookie = given === '' ? jarCookie : jarCookie === '' ? given : `${given}; ${jarCookie}`;
    const host = this.firstHopHost(url);
    const book = this.context.book;
    const request: ExchangeRequest = {
      url,
      address: this.heldAddress(url),
      method,
      headers:
        cookie === '' && host === undefined
          ? this.baseHeaders
          : { ...this.baseHeaders, ...(cookie === '' ? {} : { cookie }), ...(host === undefined ? {} : { host }) },
      timeout: options.timeout,
      // Only a page's HTML is read (not a redirect's body), for a meta refresh and what the detectors look at; a
      // page without a type is kept until its first bytes tell whether it is HTML.
      keepsBody: (status, headers) => {
        const type = headers['content-type'];
        if (method !== 'GET' || status < 200 || !isLast(status)) return false;
        // A wall's page tells its vendor, whatever its type (Cloudflare's `error code: 1020` is text/plain).
        return typeIsHtml(type) || typeIsUnknown(type) || WALL_STATUSES.has(status);
      },
    };
    try {
      const response = await this.exchange(request);
      // undici hands a finished keep-alive socket back to its pool only after a full event-loop turn (setImmediate in
      // client-h1, against servers that close right after a response), and closes a cut-off one asynchronously. A
      // request sent sooner, by this chain's next hop or the next analysis, finds the connection busy and opens another.
      // An HTTP/2 session is free again as the stream ends (client-h2 completes the request in the stream's 'end'
      // handler, before this continues): the turn would only cost a pass of the event loop per hop (BENCHMARKS.md).
      if (response.connection?.httpVersion !== '2') await nextLoopTurn();
      const tlsProblem = this.context.verdicts?.problemFor(url);
      const result = toHopResponse(url, response, options.headers, tlsProblem === undefined);
      addConnectionDetails(result.hop, response, this.context.now ?? Date.now);
      const remote = result.hop.remoteAddress;
      if (book !== undefined && remote !== undefined) book.pin(url.hostname, remote);
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

  /**
   * Where a hop to a name this analysis holds must go around the pool: to the held address, unless the pool's open
   * connections for the name went there too (then any of its connections, reused or new, reaches it).
   */
  private heldAddress(url: URL): string | undefined {
    const held = this.context.book?.addressOf(url.hostname);
    if (held === undefined || this.context.openAt?.(url.hostname) === held) return undefined;
    return held;
  }

  /**
   * The Host of the first hop with its default port written out (`example.com:443`), when `explicitPort` asks for
   * it and the URL has a default port (the URL standard dropped it); undefined otherwise, undici then writing the
   * URL's own host (RFC 9110 §7.2: Host is the target URI's authority, the port optional when it is the default).
   */
  private firstHopHost(url: URL): string | undefined {
    const first = !this.sentFirst;
    this.sentFirst = true;
    if (!first || !this.options.explicitPort || url.port !== '') return undefined;
    return `${url.host}:${url.protocol === 'https:' ? 443 : 80}`;
  }

  /**
   * The response to `request`: through the pool, or, when undici's strict parser refused a header value byte that
   * browsers accept (a form feed in a `Refresh` header), sent once more with Node's lenient parser over the same
   * guarded connector (src/core/hop/lenient-hop.ts).
   */
  private exchange(request: ExchangeRequest): Promise<ExchangeResponse> {
    const { deadline, context } = this;
    const exchange = new HopExchange(request, context.dispatcher);
    deadline.watch(request.url.href, exchange);
    // Not an async function: it runs for every hop, and a rejection handler costs less than another async frame.
    return exchange.done.catch((error: unknown) => {
      const connection = poolConnection(context.dispatcher);
      const stopped = deadline.timedOut || context.signal?.aborted === true;
      if (connection === undefined || stopped || !refusedHeaderByte(error)) throw error;
      return resendLeniently(request, connection, deadline);
    });
  }
}

/** Statuses a bot wall answers with (AWS WAF's challenge is a 202, its CAPTCHA a 405; Akamai's challenge a 428). */
const WALL_STATUSES: ReadonlySet<number> = new Set([202, 403, 405, 428, 429, 503]);

/** How much of a body the wall rules read: a wall's page is small, and its signals are near its start. */
const WALL_READ = 64 * 1024;

/**
 * The hop a response makes, with what the chain needs from the response besides.
 * @param certified false when the connection's certificate had a problem (`tls: 'report'`)
 */
function toHopResponse(
  url: URL,
  response: ExchangeResponse,
  headers: HeaderSelection,
  certified: boolean,
): HopResponse {
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
  // A page that answered 2xx or 3xx is a wall only by a vendor's own header: its body is not read for one.
  const body = status >= 400 ? response.body?.toString('latin1', 0, WALL_READ) : undefined;
  const wall = classifyWall({ status, headers: raw, body });
  if (wall !== undefined) hop.wall = wall;
  // RFC 6797 §8.1: a header counts only over a secure transport "with no underlying secure transport errors or
  // warnings"; Chromium notes none from a connection with a certificate error, even one the user let through.
  const hsts = hopHsts(raw['strict-transport-security'], url.protocol === 'https:' && certified);
  if (hsts !== undefined) hop.hsts = hsts;
  const setCookie = raw['set-cookie'];
  const result: HopResponse = {
    hop,
    location: raw.location,
    refresh: raw.refresh,
    setCookie: setCookie === undefined ? NO_COOKIES : Array.isArray(setCookie) ? setCookie : [setCookie],
  };
  const type = raw['content-type'];
  if (response.body !== undefined && readsAsHtml(type, response.body)) {
    const { text, encoding, guessed } = decodePage(response.body, type);
    result.body = text;
    result.bodyEncoding = encoding;
    if (guessed) result.tentativeBytes = response.body;
    if (response.body.length >= BODY_READ_LIMIT) result.bodyCut = true;
  }
  return result;
}
