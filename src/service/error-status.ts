import type { ErrorCode } from '../core/errors.js';

/**
 * The HTTP status of every hoplens error code: the one place the service decides it. Typed as a full `Record`, so a
 * code added to `ErrorCode` does not compile until it has a status here.
 */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = Object.freeze({
  // The caller's input is wrong; a blocked destination is refused before any connection, like a bad URL.
  INVALID_URL: 400,
  INVALID_OPTION: 400,
  INVALID_PARAMETER: 400,
  BLOCKED_DESTINATION: 400,
  // The target misbehaved. The seed answers every network failure and timeout with a 500.
  DNS_ERROR: 500,
  CONNECTION_REFUSED: 500,
  CONNECTION_RESET: 500,
  TLS_ERROR: 500,
  PROTOCOL_ERROR: 500,
  RESPONSE_TOO_LARGE: 500,
  TIMEOUT: 500,
  NETWORK_ERROR: 500,
  // Only a client that went away aborts an analysis, and it never sees the answer.
  ABORTED: 500,
  RATE_LIMITED: 429,
  OVERLOADED: 503,
  SHUTTING_DOWN: 503,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INTERNAL_ERROR: 500,
  // CLI codes: never raised by the service, mapped so that the table stays total.
  USAGE_ERROR: 400,
  INPUT_ERROR: 400,
});

/** The HTTP status for `code`. */
export function statusFor(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
