import { defineErrors, type HoplensError, type HoplensErrorDetails } from '../core/index.js';
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

/** A bad query parameter, in the one wording the service uses: `Invalid parameter "maxHops": must be ...`. */
export function invalidParameter(parameter: string, requirement: string, got?: string): ServiceError {
  const shown = got === undefined ? '' : `, got ${got}`;
  return serviceError('INVALID_PARAMETER', `Invalid parameter "${parameter}": ${requirement}${shown}`, { parameter });
}
