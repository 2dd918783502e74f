import { defineErrors, type HoplensErrorDetails } from '../core/index.js';

/**
 * The codes monitors raise, their own: a bad monitor body, a monitor that does not exist, a data directory another
 * process holds (at start-up only). The service maps them to the API's codes in one table (src/service/errors.ts).
 */
export const MONITOR_ERROR_CODES = Object.freeze(['MONITOR_INVALID', 'MONITOR_NOT_FOUND', 'DATA_DIR_LOCKED'] as const);

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
