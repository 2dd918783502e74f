/**
 * The part of a robots.txt body that is parsed: its first 500 KiB (RFC 9309 §2.5 asks crawlers to parse at least
 * that much; Google ignores what follows), decoded first when the server compressed it though it was not asked to
 * (hoplens sends no `Accept-Encoding`, yet some servers gzip regardless, and Googlebot, which accepts gzip, reads
 * those files). A larger file is cut, never refused: its first rules still apply.
 */
import type { Transform } from 'node:stream';
import { constants, createBrotliDecompress, createUnzip } from 'node:zlib';

/** RFC 9309 §2.5: crawlers must parse at least the first 500 KiB; Google parses exactly that. */
export const ROBOTS_PARSE_LIMIT = 500 * 1024;
/** Compressed bytes read: enough to decode 500 KiB even of text that does not compress (gzip adds a little then). */
export const ROBOTS_READ_LIMIT = ROBOTS_PARSE_LIMIT + 64 * 1024;

/**
 * The decoder for each content coding Googlebot accepts (gzip, deflate and Brotli, as Google's crawler overview says);
 * any other coding is parsed as it came. Flushing instead of finishing: a body cut at the read limit decodes as far as
 * it goes instead of failing at its missing end.
 */
const DECODERS: Record<string, () => Transform> = {
  gzip: () => createUnzip({ finishFlush: constants.Z_SYNC_FLUSH }),
  'x-gzip': () => createUnzip({ finishFlush: constants.Z_SYNC_FLUSH }),
  deflate: () => createUnzip({ finishFlush: constants.Z_SYNC_FLUSH }),
  br: () => createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH }),
};

/** Up to `limit` bytes of `compressed` decoded; what decoded before an error when it is cut or corrupt. */
async function inflate(compressed: Buffer, unzip: Transform, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  unzip.end(compressed);
  try {
    for await (const chunk of unzip) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      // Stop decoding once there is enough: a small body that inflates to gigabytes costs no more than 500 KiB.
      if (size >= limit) break;
    }
  } catch {
    // Corrupt past some point: the rules before it stand.
  }
  unzip.destroy();
  return Buffer.concat(chunks).subarray(0, limit);
}

/** The bytes of a robots.txt response to parse, given its `Content-Encoding` header. */
export async function robotsBody(body: Buffer, contentEncoding: string | undefined): Promise<Buffer> {
  const decoder = DECODERS[contentEncoding?.trim().toLowerCase() ?? ''];
  if (decoder) return inflate(body, decoder(), ROBOTS_PARSE_LIMIT);
  return body.subarray(0, ROBOTS_PARSE_LIMIT);
}
