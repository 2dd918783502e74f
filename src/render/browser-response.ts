import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { type FetchedResponse, HoplensError } from '../core/index.js';

/** Headers about the core's connection and encoding, not the browser's: the fulfilled body is whole and decoded. */
const DROPPED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

type Decoder = (body: Buffer, options: { maxOutputLength: number }) => Promise<Buffer>;

const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
};

/** A response as the browser is given it: header names in lower case (as the request rules compare them). */
export interface BrowserResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * A response of the core's guarded fetch as the browser is given it. The core passes the body on as it came, so a
 * content coding is undone here (in reverse order of application, RFC 9110 §8.4). Every step is bounded by `limit`:
 * zlib stops inflating at `maxOutputLength` (a gzip bomb costs `limit` bytes, never what it would expand to) and
 * fails with `RESPONSE_TOO_LARGE`; an unknown coding fails the request.
 */
export async function browserResponse(response: FetchedResponse, limit: number): Promise<BrowserResponse> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    const lower = name.toLowerCase();
    if (!DROPPED.has(lower)) headers[lower] = value;
  }
  const codings = (response.headers['content-encoding'] ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  let body = response.body;
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    if (decode === undefined) {
      throw new HoplensError('PROTOCOL_ERROR', `Unsupported content coding for a rendered page: ${coding}`);
    }
    try {
      body = await decode(body, { maxOutputLength: limit });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') throw error;
      throw new HoplensError('RESPONSE_TOO_LARGE', `A rendered response decodes to more than ${limit} bytes`);
    }
  }
  if (body.length > limit) {
    throw new HoplensError('RESPONSE_TOO_LARGE', `A rendered response is larger than ${limit} bytes`);
  }
  // The length of the body as given, whole and decoded (the core's own was that of the coded body, if any).
  headers['content-length'] = String(body.length);
  return { status: response.status, headers, body };
}

/** One response header line as CDP `Fetch.fulfillRequest` takes it. */
export interface HeaderLine {
  readonly name: string;
  readonly value: string;
}

/**
 * The response's headers one entry per header line: the core keeps the lines of a header that cannot be joined
 * (`Set-Cookie`, RFC 6265 §3) apart by newlines (src/core/response-headers.ts), and `Fetch.fulfillRequest` refuses a
 * value holding one ("Invalid header"). No other value holds a newline: a header line cannot (RFC 9110 §5.5).
 */
export function headerLines(headers: Readonly<Record<string, string>>): HeaderLine[] {
  return Object.entries(headers).flatMap(([name, value]) => value.split('\n').map((line) => ({ name, value: line })));
}
