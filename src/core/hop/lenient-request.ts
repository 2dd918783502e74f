import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { TLSSocket } from 'node:tls';
import type { buildConnector } from 'undici';
import { originAt } from '../address/index.js';
import type { ResponseHeaders } from './exchange.js';

/**
 * One request sent again, for a response undici's HTTP parser refused for a byte in a header value that browsers
 * accept (a form feed in a `Refresh` header: `1;\furl=foo`). undici's llhttp runs strict and offers no lenient mode;
 * Node's own client runs the same llhttp with `insecureHTTPParser`, which accepts such bytes. The connection is opened
 * by the same guarded connector as the pool's (address policy, pinned names, TLS verdicts, connect timeout), carries
 * this one request (`Connection: close`) and is never reused, so a response framed loosely cannot confuse another.
 */

/** What the lenient request needs. */
export interface LenientRequest {
  readonly url: URL;
  /** The address the URL's host name is held to in this analysis, if any: the connection goes there. */
  readonly address?: string | undefined;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The pool's guarded connector: the only way this request reaches the network. */
  readonly connect: buildConnector.connector;
  readonly maxHeaderSize?: number | undefined;
  /** Ends the request: before the head it rejects with the signal's reason, after it the body is cut off. */
  readonly signal: AbortSignal;
  /** The most body bytes kept; whether the body is kept at all is decided from the head. */
  readonly bodyLimit: number;
  keepsBody(status: number, headers: ResponseHeaders): boolean;
}

/** What came back. */
export interface LenientResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: ResponseHeaders;
  readonly responseTime: number;
  /** The body's first `bodyLimit` bytes, when kept. */
  readonly body?: Buffer | undefined;
  /** Whether the body was longer than `bodyLimit`. */
  readonly overflowed: boolean;
}

/**
 * Whether undici refused a response for a header value byte that Node's lenient parser accepts. undici wraps llhttp's
 * reason as `Response does not match the HTTP/1.1 protocol (Invalid header value char)`, without a code.
 */
export function refusedHeaderByte(error: unknown): boolean {
  return (
    error instanceof Error && error.name === 'HTTPParserError' && /\(Invalid header value char\)$/.test(error.message)
  );
}

/**
 * The bytes llhttp refuses in a header value (RFC 9110 §5.5 allows HTAB, SP, visible characters and obs-text) but a
 * form feed, the one this path is for: a NUL or another control is still a malformed response, as before.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const REFUSED_STILL = /[\x00-\x08\x0a\x0b\x0d-\x1f\x7f]/;

/** The error undici gives for such a byte, so that it reads as the same `PROTOCOL_ERROR`. */
function headerByteError(): Error {
  const error = new Error('Response does not match the HTTP/1.1 protocol (Invalid header value char)');
  return Object.assign(error, { name: 'HTTPParserError', code: 'HPE_INVALID_HEADER_TOKEN' });
}

/** The head's fields as undici gives them: lowercase names, a repeated field as an array in order. */
function headersOf(raw: readonly string[]): ResponseHeaders {
  const headers: ResponseHeaders = {};
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index]!.toLowerCase();
    const value = raw[index + 1]!;
    const before = headers[name];
    headers[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return headers;
}

/** Connects with the guarded connector, as undici's client asks it to (the host as in the URL, brackets and all). */
function connectorFor(url: URL, connect: buildConnector.connector, address: string | undefined) {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const at = address === undefined ? url : new URL(originAt(url, address));
  // Held to an address, the connection goes there; TLS still checks the URL's own name.
  const servername = address === undefined ? {} : { servername: url.hostname };
  const options = { hostname: at.hostname, host: at.host, protocol: url.protocol, port, ...servername };
  return (_options: unknown, done: (error: Error | null, socket?: Socket) => void): undefined => {
    connect(options, (error, socket) => {
      if (error !== null) return done(error);
      // A pool that offers HTTP/2 offers it here too; this client speaks HTTP/1.1 only (and llhttp, strict or not,
      // parses only HTTP/1.x, so a refused header came over HTTP/1.1: a server choosing h2 now is not the same one).
      if ((socket as TLSSocket).alpnProtocol === 'h2') {
        socket.destroy();
        return done(
          Object.assign(new Error('the server chose HTTP/2 on the second connection'), { code: 'ECONNRESET' }),
        );
      }
      return done(null, socket as Socket);
    });
    // Nothing is returned: Node's client then waits for `done`.
    return undefined;
  };
}

/** Sends the request once, over a connection of its own; settles as {@link LenientRequest.signal} says. */
export function lenientRequest(request: LenientRequest): Promise<LenientResponse> {
  const { url, signal } = request;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const outgoing = httpRequest({
      method: request.method,
      path: url.search === '' ? url.pathname : url.pathname + url.search,
      // The Host header as undici sends it (the URL's host, its default port left out).
      setHost: false,
      headers: { ...request.headers, host: url.host, connection: 'close' },
      insecureHTTPParser: true,
      maxHeaderSize: request.maxHeaderSize,
      createConnection: connectorFor(url, request.connect, request.address) as never,
    });
    let settled = false;
    /** Set once the head is in: ends the body where it is and resolves with it. */
    let cutOff: (() => void) | undefined;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      outgoing.destroy();
      outcome();
    };
    const onAbort = () => {
      if (cutOff !== undefined) cutOff();
      else finish(() => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted')));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', (error) => finish(() => reject(error)));
    outgoing.on('response', (incoming) => {
      cutOff = readResponse(incoming, request, started, finish, resolve, reject);
    });
    outgoing.end();
  });
}

/**
 * Reads the response's body as `request` asks, and resolves when it ends, is cut off, or passes the limit. Returns
 * what cuts it off now.
 */
function readResponse(
  incoming: IncomingMessage,
  request: LenientRequest,
  started: number,
  finish: (outcome: () => void) => void,
  resolve: (response: LenientResponse) => void,
  reject: (error: Error) => void,
): () => void {
  const status = incoming.statusCode ?? 0;
  if (incoming.rawHeaders.some((field) => REFUSED_STILL.test(field))) {
    finish(() => reject(headerByteError()));
    return () => {};
  }
  const head = {
    status,
    statusText: incoming.statusMessage ?? '',
    headers: headersOf(incoming.rawHeaders),
    responseTime: performance.now() - started,
  };
  const keep = request.method !== 'HEAD' && request.keepsBody(status, head.headers);
  const chunks: Buffer[] = [];
  let size = 0;
  const done = () => {
    const body = keep ? Buffer.concat(chunks).subarray(0, request.bodyLimit) : undefined;
    finish(() => resolve({ ...head, body, overflowed: size > request.bodyLimit }));
  };
  // The connection is this request's alone and closes after it: a body not kept is not waited for.
  if (!keep) {
    done();
    return done;
  }
  incoming.on('data', (chunk: Buffer) => {
    size += chunk.length;
    chunks.push(chunk);
    if (size > request.bodyLimit) done();
  });
  incoming.on('end', done);
  // A body cut off (an abort, the server gone) keeps what arrived, as the strict path does.
  incoming.on('error', done);
  incoming.on('aborted', done);
  return done;
}
