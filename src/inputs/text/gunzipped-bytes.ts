import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** Whether bytes begin as gzip does: its magic number (RFC 1952, section 2.3.1: 0x1f 0x8b). */
export function isGzipStart(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

const asBuffer = (chunk: Uint8Array | string): Buffer =>
  typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);

/**
 * A stream's bytes, gunzipped when they begin as gzip: told by content, not by a name, so that a `.xml.gz` served
 * already decoded, or a gzipped log named `access.log.1`, is read right (sitemaps and access logs). Leaving the loop
 * early destroys the gunzip stream (pipeline), so a bomb is never inflated past what the reader took.
 */
export async function* gunzippedBytes(
  source: AsyncIterable<Uint8Array | string>,
  chunkSize?: number,
): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let done = false;
  // Two bytes tell gzip; a stream may give fewer in its first chunk.
  while (size < 2 && !done) {
    const next = await iterator.next();
    if (next.done === true) done = true;
    else size += head[head.push(asBuffer(next.value)) - 1]!.length;
  }
  const start = Buffer.concat(head);
  async function* raw(): AsyncGenerator<Buffer> {
    if (start.length > 0) yield start;
    if (done) return;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield asBuffer(next.value);
  }
  if (!isGzipStart(start)) return yield* raw();
  const gunzip = pipeline(Readable.from(raw()), createGunzip(chunkSize === undefined ? {} : { chunkSize }), () => {});
  for await (const chunk of gunzip) yield chunk as Buffer;
}
