import { decodeHeaderBytes } from './location.js';
import type { HeaderSelection } from './types.js';

/** The response headers reported by default: the ones that matter when judging a redirect. */
export const REDIRECT_HEADERS: ReadonlySet<string> = new Set([
  'location',
  'cache-control',
  'content-type',
  'content-length',
  'server',
  'date',
  'expires',
  'vary',
  'strict-transport-security',
  'x-robots-tag',
  'link',
  'refresh',
  'set-cookie',
  'x-redirect-by',
  'via',
  'age',
  // A 429 or 503 hop says when to come back; bulk checks honour it.
  'retry-after',
]);

/**
 * Flattens undici's header object (lowercase names, arrays for repeated headers) into string values.
 * Repeated headers are joined with ", " as RFC 9110 §5.3 allows; Set-Cookie cannot be joined that way
 * (RFC 6265 §3), so its values are kept apart by newlines. Non-ASCII bytes are read as UTF-8.
 */
export function selectHeaders(
  headers: Record<string, string | string[] | undefined>,
  selection: HeaderSelection,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    if (selection === 'default' && !REDIRECT_HEADERS.has(name)) continue;
    const joined = Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : value;
    out[name] = decodeHeaderBytes(joined);
  }
  return out;
}
