/**
 * The part of a robots.txt body that is parsed: its first 500 KiB (RFC 9309 §2.5 asks crawlers to parse at least
 * that much; Google ignores what follows), decoded first when the server compressed it though it was not asked to
 * (hoplens sends no `Accept-Encoding`, yet some servers gzip regardless, and Googlebot, which accepts gzip, reads
 * those files). A larger file is cut, never refused: its first rules still apply.
 */
import { constants, createUnzip } from 'node:zlib';

/** RFC 9309 §2.5: crawlers must parse at least the first 500 KiB; Google parses exactly that. */
export const ROBOTS_PARSE_LIMIT = 500 * 1024;
/** Compressed bytes read: enough to decode 500 KiB even of text that does not compress (gzip adds a little then). */
export const ROBOTS_READ_LIMIT = ROBOTS_PARSE_LIMIT + 64 * 1024;

/** Content codings zlib undoes (gzip, and deflate with its zlib header); any other is parsed as it came. */
const ZLIB_CODINGS = new Set(['gzip', 'x-gzip', 'deflate']);

/** Up to `limit` bytes of `compressed` decoded; what decoded before an error when it is cut or corrupt. */
async function inflate(compressed: Buffer, limit: number): Promise<Buffer> {
  // Sync flush: a body cut at the read limit decodes as far as it goes instead of failing at its missing end.
  const unzip = createUnzip({ finishFlush: constants.Z_SYNC_FLUSH });
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
  const coding = contentEncoding?.trim().toLowerCase();
  if (coding !== undefined && ZLIB_CODINGS.has(coding)) return inflate(body, ROBOTS_PARSE_LIMIT);
  return body.subarray(0, ROBOTS_PARSE_LIMIT);
}
