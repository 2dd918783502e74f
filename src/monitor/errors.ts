import { defineErrors, type HoplensErrorDetails } from '../core/index.js';

/**
 * The codes monitors raise: a bad monitor body, or a monitor that does not exist (both in the API's list); a data
 * directory another process holds (at start-up only).
 */
export const MONITOR_ERROR_CODES = Object.freeze(['INVALID_PARAMETER', 'NOT_FOUND', 'DATA_DIR_LOCKED'] as const);

/** A code monitors raise. */
export type MonitorErrorCode = (typeof MONITOR_ERROR_CODES)[number];

/** What a monitor error carries. */
export interface MonitorErrorDetails extends HoplensErrorDetails {
  /** The field at fault, dotted (`expect.status`). */
  parameter?: string;
}

const MONITOR_ERRORS = defineErrors<MonitorErrorCode, MonitorErrorDetails>(MONITOR_ERROR_CODES);

/** Makes a monitor error. */
export const monitorError = MONITOR_ERRORS.make;

/** Whether `value` is a monitor error. */
export const isMonitorError = MONITOR_ERRORS.is;
