import type { ApiErrorCode } from '../schemas/error-body.js';

/**
 * The HTTP status of every code the service answers with: the one place the service decides it. Typed as a full
 * `Record`, so a code added to the core's or the service's list does not compile until it has a status here.
 */
export const ERROR_STATUS: Readonly<Record<ApiErrorCode, number>> = Object.freeze({
  // The caller's input is wrong; a blocked destination is refused before any connection, like a bad URL.
  INVALID_URL: 400,
  INVALID_OPTION: 400,
  INVALID_PARAMETER: 400,
  BLOCKED_DESTINATION: 400,
  // The target misbehaved. Every network failure and timeout is a 500, as the API's contract says.
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
  // The monitors' API without its bearer token, or with a wrong one.
  UNAUTHORIZED: 401,
  OVERLOADED: 503,
  SHUTTING_DOWN: 503,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  // Rendering is off on this instance (a choice of its operator), or asked for and impossible here.
  RENDER_DISABLED: 400,
  RENDER_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
});

/** The HTTP status for `code`. */
export function statusFor(code: ApiErrorCode): number {
  return ERROR_STATUS[code];
}
