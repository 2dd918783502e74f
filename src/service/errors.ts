import { defineErrors, type HoplensError, type HoplensErrorDetails } from '../core/index.js';
import { isMonitorError, type MonitorErrorCode } from '../monitor/index.js';
import { API_ERROR_CODES, type ApiErrorCode } from '../schemas/error-body.js';

/** Every code the service answers with. */
export const ALL_SERVICE_ERROR_CODES: readonly ApiErrorCode[] = API_ERROR_CODES;

/** What a service error may carry besides the core's details. */
export interface ServiceErrorDetails extends HoplensErrorDetails {
  /** The query parameter at fault (`INVALID_PARAMETER`, `INVALID_URL`). */
  parameter?: string;
  /** Seconds to wait before trying again (`RATE_LIMITED`, `OVERLOADED`, `SHUTTING_DOWN`). */
  retryAfter?: number;
  /** Which limit refused the request (`RATE_LIMITED`). */
  limit?: 'minute' | 'day';
}

/** An error the service answers with. */
export type ServiceError = HoplensError<ApiErrorCode, ServiceErrorDetails>;

const SERVICE_ERRORS = defineErrors<ApiErrorCode, ServiceErrorDetails>(ALL_SERVICE_ERROR_CODES);

/** Makes a {@link ServiceError}. */
export const serviceError = SERVICE_ERRORS.make;

/** Whether `value` is an error the service knows how to answer with. */
export const isServiceError = SERVICE_ERRORS.is;

/**
 * The monitors' codes as the API answers them. A data directory held by another process stops the service at
 * start-up, before any request (src/service/start-service.ts), so a request never meets it.
 */
const MONITOR_CODES: Readonly<Record<MonitorErrorCode, ApiErrorCode>> = Object.freeze({
  MONITOR_INVALID: 'INVALID_PARAMETER',
  MONITOR_NOT_FOUND: 'NOT_FOUND',
  DATA_DIR_LOCKED: 'INTERNAL_ERROR',
});

/** A monitor error as the service answers it, or undefined when `error` is none. */
export function fromMonitorError(error: unknown): ServiceError | undefined {
  if (!isMonitorError(error)) return undefined;
  const { parameter } = error.details;
  return serviceError(MONITOR_CODES[error.code], error.message, parameter === undefined ? {} : { parameter });
}

/** A bad query parameter, in the one wording the service uses: `Invalid parameter "maxHops": must be ...`. */
export function invalidParameter(parameter: string, requirement: string, got?: string): ServiceError {
  const shown = got === undefined ? '' : `, got ${got}`;
  return serviceError('INVALID_PARAMETER', `Invalid parameter "${parameter}": ${requirement}${shown}`, { parameter });
}
