import type { ErrorCode } from './errors.js';
import { HoplensError } from './errors.js';

/** TLS error codes of OpenSSL/Node, grouped by the reason hoplens reports. */
const TLS_REASONS: Readonly<Record<string, string>> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not-yet-valid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'wrong-host',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
  CERT_UNTRUSTED: 'untrusted',
  CERT_REVOKED: 'revoked',
  CERT_SIGNATURE_FAILURE: 'bad-signature',
};

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

function make(code: ErrorCode, message: string, url: string, cause: unknown, reason?: string): HoplensError {
  return new HoplensError(code, message, reason === undefined ? { url } : { url, reason }, { cause });
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
    const tlsReason = TLS_REASONS[code];
    if (tlsReason !== undefined) {
      return make(
        'TLS_ERROR',
        `TLS certificate of ${url} rejected (${tlsReason}): ${entry.message}`,
        url,
        error,
        tlsReason,
      );
    }
    if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || /SSL routines|handshake/i.test(entry.message)) {
      return make('TLS_ERROR', `TLS handshake with ${url} failed: ${entry.message}`, url, error, 'handshake');
    }
    if (DNS_CODES.has(code)) return make('DNS_ERROR', `Could not resolve the host of ${url} (${code})`, url, error);
    if (code === 'ECONNREFUSED') return make('CONNECTION_REFUSED', `Connection to ${url} refused`, url, error);
    if (TOO_LARGE_CODES.has(code)) {
      return make('RESPONSE_TOO_LARGE', `Response headers from ${url} are too large`, url, error);
    }
    if (TIMEOUT_CODES.has(code)) return make('TIMEOUT', `No response from ${url} within ${timeoutMs} ms`, url, error);
    if (code.startsWith('HPE_') || PROTOCOL_CODES.has(code) || entry.name === 'HTTPParserError') {
      return make('PROTOCOL_ERROR', `Malformed HTTP response from ${url}: ${entry.message}`, url, error);
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
