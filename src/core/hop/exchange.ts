import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import { originAt } from '../address/index.js';
import type { ConnectionFacts } from '../connection/connection-facts.js';
import { awaitConnection, type ConnectionWaiter } from '../connection/request-connection.js';

/**
 * How much of a final page's body is kept and read for its signals (meta refresh, canonical, robots metas...): 1 MiB,
 * so that a long inline script or style in the head does not hide what follows it (issue 27).
 */
export const BODY_READ_LIMIT = 1024 * 1024;

/** How much of a body the tool has no use for (a redirect's) is drained so its connection can be reused. */
export const DRAIN_LIMIT = 64 * 1024;

/**
 * How long a body the tool has no use for may keep arriving after its headers. Draining it lets its connection be
 * reused, which is worth a short wait but not the hop's whole timeout: a redirect whose body trickles forever would
 * otherwise stall every hop until the timeout.
 */
export const DRAIN_BUDGET_MS = 250;

/** undici's response header object: lowercase names, an array for a repeated header. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

/** One request of a hop. */
export interface ExchangeRequest {
  url: URL;
  /**
   * The address the URL's host name is held to in this analysis (src/core/address/book.ts): the request goes there
   * (by the pool for that address), its Host and TLS server name still the URL's.
   */
  address?: string | undefined;
  method: 'GET' | 'HEAD';
  headers: Readonly<Record<string, string>>;
  /** The most time allowed for the response head, and between two chunks of its body, in ms. */
  timeout: number;
  /** Decides from the response head whether its body is kept (up to {@link BODY_READ_LIMIT}) or drained. */
  keepsBody(status: number, headers: ResponseHeaders): boolean;
}

/** What came back. */
export interface ExchangeResponse {
  status: number;
  statusText: string;
  headers: ResponseHeaders;
  /** Milliseconds from sending the request to receiving the response head. */
  responseTime: number;
  /** Milliseconds from the request being written on its connection to the response head. */
  firstByte: number;
  /** The connection the request was written on, when known, and whether an earlier request had used it. */
  connection?: ConnectionFacts;
  reusedConnection?: boolean;
  /** The body's first {@link BODY_READ_LIMIT} bytes, when `keepsBody` asked for it (decoded by the reader). */
  body?: Buffer;
}

/**
 * One HTTP exchange, sent through undici's dispatcher with a handler of its own (undici's `dispatch` API, the level its
 * own redirect handler works at). `request()` would wrap every response in a stream, an async resource and an abort
 * listener only for the body to be drained; here a redirect's body is counted and dropped as it arrives, and a final
 * page's is kept only up to the limit.
 *
 * Settles once: with the response when its body has ended (or failed: the head is what matters, and a body cut off
 * only means the connection is not reused), or with the error when no head arrived.
 */
export class HopExchange implements Dispatcher.DispatchHandler, ConnectionWaiter {
  /** Settles as described above. */
  readonly done: Promise<ExchangeResponse>;
  private settle!: (response: ExchangeResponse) => void;
  private fail!: (error: unknown) => void;
  private settled = false;
  private controller: Dispatcher.DispatchController | undefined;
  private abortReason: Error | undefined;
  private response: ExchangeResponse | undefined;
  private chunks: Buffer[] | undefined;
  private size = 0;
  private drainTimer: NodeJS.Timeout | undefined;
  private readonly started: number;
  /** When the request was handed its connection and written. */
  private written: number | undefined;
  private connection: ConnectionFacts | undefined;
  private reused = false;
  readonly path: string;
  readonly method: string;

  constructor(
    private readonly request: ExchangeRequest,
    dispatcher: Dispatcher,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.settle = resolve;
      this.fail = reject;
    });
    const { url } = request;
    // The path and query of the URL: never its credentials, never its fragment.
    this.path = url.search === '' ? url.pathname : url.pathname + url.search;
    this.method = request.method;
    this.started = performance.now();
    try {
      const address = request.address;
      dispatcher.dispatch(
        {
          origin: address === undefined ? url.origin : originAt(url, address),
          path: this.path,
          method: request.method,
          headers: address === undefined ? request.headers : { host: url.host, ...request.headers },
          ...(address !== undefined && url.protocol === 'https:' && { servername: url.hostname }),
          headersTimeout: request.timeout,
          bodyTimeout: request.timeout,
        },
        this,
      );
    } catch (error) {
      this.reject(error);
    }
  }

  /**
   * Ends the exchange now. Before the response head this rejects with `reason` at once, even while undici is still
   * looking up or connecting (it only acts on an abort once the request has a connection); after it, the body is cut
   * off and the response kept.
   */
  abort(reason: Error): void {
    if (this.settled) return;
    if (this.response === undefined) this.reject(reason);
    if (this.controller === undefined) this.abortReason = reason;
    else this.controller.abort(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    // A request aborted while its connection was being set up is dropped as soon as it is sent.
    if (this.abortReason !== undefined || this.settled) controller.abort(this.abortReason ?? new Error('aborted'));
    else {
      this.controller = controller;
      this.written = performance.now();
      awaitConnection(this);
    }
  }

  onConnection(facts: ConnectionFacts, reused: boolean): void {
    this.connection = facts;
    this.reused = reused;
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: ResponseHeaders,
    statusMessage?: string,
  ): void {
    // 1xx responses are interim (RFC 9110 §15.2); the final one follows on the same exchange.
    if (statusCode < 200) return;
    const now = performance.now();
    const responseTime = now - this.started;
    const firstByte = now - (this.written ?? this.started);
    // One literal with every key (connection facts absent as undefined): one shape for every response.
    const known = this.connection !== undefined;
    this.response = {
      status: statusCode,
      statusText: statusMessage ?? '',
      headers,
      responseTime,
      firstByte,
      connection: this.connection,
      reusedConnection: known ? this.reused : undefined,
      body: undefined,
    };
    if (this.request.keepsBody(statusCode, headers)) this.chunks = [];
    // A redirect's body nearly always arrives with its head and has ended by the time this task is done; only one
    // still arriving then needs the budget's timer.
    else queueMicrotask(() => this.budgetDrain(controller));
  }

  private budgetDrain(controller: Dispatcher.DispatchController): void {
    if (this.settled) return;
    this.drainTimer = setTimeout(() => controller.abort(new Error('drain budget spent')), DRAIN_BUDGET_MS);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.size += chunk.length;
    if (this.chunks !== undefined) {
      this.chunks.push(chunk);
      if (this.size >= BODY_READ_LIMIT) {
        this.resolve();
        controller.abort(new Error('body read limit reached'));
      }
    } else if (this.size > DRAIN_LIMIT) {
      controller.abort(new Error('body too large to drain'));
    }
  }

  onResponseEnd(): void {
    this.resolve();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.response === undefined) this.reject(error);
    else this.resolve();
  }

  private resolve(): void {
    clearTimeout(this.drainTimer);
    if (this.settled || this.response === undefined) return;
    this.settled = true;
    const { chunks } = this;
    if (chunks !== undefined) {
      this.response.body = Buffer.concat(chunks).subarray(0, BODY_READ_LIMIT);
    }
    this.settle(this.response);
  }

  private reject(error: unknown): void {
    clearTimeout(this.drainTimer);
    if (this.settled) return;
    this.settled = true;
    this.fail(error);
  }
}
