import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { type FetchedResponse, HoplensError, RENDER_BODY_LIMIT } from '../core/index.js';

/** Headers about the core's connection and encoding, not the browser's: the fulfilled body is whole and decoded. */
const DROPPED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

type Decoder = (body: Buffer, options: { maxOutputLength: number }) => Promise<Buffer>;

const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
};

/**
 * A response of the core's guarded fetch as the browser is given it. The core passes the body on as it came, so a
 * content coding is undone here (in reverse order of application, RFC 9110 §8.4), each step bounded by the same limit
 * as the body itself; an unknown coding fails the request.
 */
export async function browserResponse(
  response: FetchedResponse,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!DROPPED.has(name.toLowerCase())) headers[name] = value;
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
    body = await decode(body, { maxOutputLength: RENDER_BODY_LIMIT });
  }
  return { status: response.status, headers, body };
}
