import type { Hop } from './types.js';

/**
 * Every error code hoplens uses, in one union. Core codes come from tracing; the service and CLI add their own
 * (parameter, rate-limit, capacity and input errors) so that one table per face maps every code.
 */
export type ErrorCode =
  // input
  | 'INVALID_URL'
  | 'INVALID_OPTION'
  | 'BLOCKED_DESTINATION'
  // network, per hop
  | 'DNS_ERROR'
  | 'CONNECTION_REFUSED'
  | 'CONNECTION_RESET'
  | 'TLS_ERROR'
  | 'PROTOCOL_ERROR'
  | 'RESPONSE_TOO_LARGE'
  | 'TIMEOUT'
  | 'NETWORK_ERROR'
  | 'ABORTED'
  // service
  | 'INVALID_PARAMETER'
  | 'RATE_LIMITED'
  | 'OVERLOADED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'SHUTTING_DOWN'
  | 'INTERNAL_ERROR'
  // cli
  | 'USAGE_ERROR'
  | 'INPUT_ERROR';

/** Every code, for tables that must cover them all. */
export const ERROR_CODES: readonly ErrorCode[] = Object.freeze([
  'INVALID_URL',
  'INVALID_OPTION',
  'BLOCKED_DESTINATION',
  'DNS_ERROR',
  'CONNECTION_REFUSED',
  'CONNECTION_RESET',
  'TLS_ERROR',
  'PROTOCOL_ERROR',
  'RESPONSE_TOO_LARGE',
  'TIMEOUT',
  'NETWORK_ERROR',
  'ABORTED',
  'INVALID_PARAMETER',
  'RATE_LIMITED',
  'OVERLOADED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'SHUTTING_DOWN',
  'INTERNAL_ERROR',
  'USAGE_ERROR',
  'INPUT_ERROR',
]);

/** Extra, code-specific facts carried by an error (the option or parameter at fault, the TLS reason...). */
export interface HoplensErrorDetails {
  /** The option or query parameter at fault (`INVALID_OPTION`, `INVALID_PARAMETER`). */
  option?: string;
  /** The URL being requested when the error happened. */
  url?: string;
  /** Why a TLS handshake failed: `self-signed`, `expired`, `wrong-host`, `untrusted` or `handshake`. */
  reason?: string;
  /** The hops completed before the failure. */
  chain?: Hop[];
  /** Seconds to wait before trying again (`RATE_LIMITED`, `OVERLOADED`). */
  retryAfter?: number;
  /** Which limit refused the request (`RATE_LIMITED`). */
  limit?: 'minute' | 'day';
}

/** The one error class of hoplens. `code` is stable and meant for programs; `message` is for people. */
export class HoplensError extends Error {
  override readonly name = 'HoplensError';
  readonly code: ErrorCode;
  /** Hops completed before the failure (empty when it failed before the first response). */
  readonly chain: Hop[];
  readonly details: Omit<HoplensErrorDetails, 'chain'>;

  constructor(code: ErrorCode, message: string, details: HoplensErrorDetails = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    const { chain = [], ...rest } = details;
    this.chain = chain;
    this.details = rest;
  }

  /** A copy of this error with the partial chain attached. */
  withChain(chain: Hop[]): HoplensError {
    return new HoplensError(this.code, this.message, { ...this.details, chain }, { cause: this.cause });
  }
}

export function isHoplensError(value: unknown): value is HoplensError {
  return value instanceof HoplensError;
}
