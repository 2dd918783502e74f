import { handshakeProblem, type TlsProblem } from '../connection/tls-problem.js';
import type { ErrorCode } from '../errors.js';
import { HoplensError, type HoplensErrorDetails } from '../errors.js';
import { protocolWords } from '../protocol-words.js';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA', 'ESERVFAIL']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED', 'UND_ERR_CLOSED']);
const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);
const TOO_LARGE_CODES = new Set(['UND_ERR_HEADERS_OVERFLOW', 'HPE_HEADER_OVERFLOW', 'UND_ERR_RES_EXCEEDED_MAX_SIZE']);
/**
 * Framing that undici rejects after llhttp accepted it: a body whose length contradicts Content-Length (which is also
 * what two Content-Lengths, or Content-Length before Transfer-Encoding, turn into).
 */
const PROTOCOL_CODES = new Set(['UND_ERR_INFO', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH']);
const UNREACHABLE_CODES = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/** The error and its causes, outermost first (bounded: cause chains can be cyclic). */
function causes(error: unknown): Array<Error & { code?: unknown }> {
  const found: Array<Error & { code?: unknown }> = [];
  let current: unknown = error;
  while (current instanceof Error && found.length < 8 && !found.includes(current)) {
    found.push(current);
    current = current.cause;
  }
  return found;
}

function make(
  code: ErrorCode,
  message: string,
  url: string,
  cause: unknown,
  extra?: HoplensErrorDetails,
): HoplensError {
  return new HoplensError(code, message, { url, ...extra }, { cause });
}

/** The TLS problem an error is about: one the connector found in a certificate, or a failed handshake's. */
function tlsProblemOf(entry: Error & { code?: unknown }, url: string): TlsProblem | undefined {
  const found = (entry as { tlsProblem?: TlsProblem }).tlsProblem;
  return found ?? handshakeProblem(entry, new URL(url).hostname);
}

/**
 * Turns whatever a hop's request threw into a {@link HoplensError} with a stable code.
 * @param timedOut whether the hop's own timeout had fired (its abort reason is not always what surfaces)
 */
export function toNetworkError(error: unknown, url: string, timeoutMs: number, timedOut: boolean): HoplensError {
  const chain = causes(error);
  const existing = chain.find((entry): entry is HoplensError => entry instanceof HoplensError);
  if (existing !== undefined) return existing;
  if (timedOut) return make('TIMEOUT', `No response from ${url} within ${timeoutMs} ms`, url, error);
  for (const entry of chain) {
    // Not every error's `code` is a string: DOMException's (an AbortError's, say) is a number.
    const code = typeof entry.code === 'string' ? entry.code : '';
    const tls = tlsProblemOf(entry, url);
    if (tls !== undefined) {
      const details = { reason: tls.reason, raw: tls.raw };
      return make('TLS_ERROR', `TLS connection to ${url} failed: ${tls.words}`, url, error, details);
    }
    if (DNS_CODES.has(code)) return make('DNS_ERROR', `Could not resolve the host of ${url} (${code})`, url, error);
    if (code === 'ECONNREFUSED') return make('CONNECTION_REFUSED', `Connection to ${url} refused`, url, error);
    if (TOO_LARGE_CODES.has(code)) {
      return make('RESPONSE_TOO_LARGE', `Response headers from ${url} are too large`, url, error);
    }
    if (TIMEOUT_CODES.has(code)) return make('TIMEOUT', `No response from ${url} within ${timeoutMs} ms`, url, error);
    if (code.startsWith('HPE_') || PROTOCOL_CODES.has(code) || entry.name === 'HTTPParserError') {
      const raw = code === '' ? entry.message : `${code}: ${entry.message}`;
      const message = `Malformed HTTP response from ${url}: ${protocolWords(code, entry.message)}`;
      return make('PROTOCOL_ERROR', message, url, error, { raw });
    }
    if (RESET_CODES.has(code)) {
      return make('CONNECTION_RESET', `Connection to ${url} closed before a complete response`, url, error);
    }
    if (UNREACHABLE_CODES.has(code)) return make('NETWORK_ERROR', `${url} is unreachable (${code})`, url, error);
    if (entry.name === 'AbortError' || code === 'ABORT_ERR' || code === 'UND_ERR_ABORTED') {
      return make('ABORTED', `The analysis was aborted while requesting ${url}`, url, error);
    }
  }
  const message = chain[0]?.message ?? String(error);
  return make('NETWORK_ERROR', `Request to ${url} failed: ${message}`, url, error);
}
