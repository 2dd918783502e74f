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
 * Headers whose lines cannot be joined with commas: Set-Cookie (RFC 6265 §3), and X-Robots-Tag, whose `name:` prefix
 * governs its own line only (Google's X-Robots-Tag specification): joined, `otherbot: nofollow` and `noindex` would
 * read as two rules for otherbot.
 */
const LINE_BY_LINE: ReadonlySet<string> = new Set(['set-cookie', 'x-robots-tag']);

/**
 * Flattens undici's header object (lowercase names, arrays for repeated headers) into string values.
 * Repeated headers are joined with ", " as RFC 9110 §5.3 allows, but for {@link LINE_BY_LINE}, whose values are
 * kept apart by newlines. Non-ASCII bytes are read as UTF-8.
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
    const joined = Array.isArray(value) ? value.join(LINE_BY_LINE.has(name) ? '\n' : ', ') : value;
    out[name] = decodeHeaderBytes(joined);
  }
  return out;
}
