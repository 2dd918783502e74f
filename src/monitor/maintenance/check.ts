import { monitorError } from '../errors.js';
import type { MaintenanceWindow } from './window.js';
import { isTimeZone } from './zoned-time.js';

/** An ISO 8601 instant: a date, a time and an offset (or `Z`), so that it means one moment wherever it is read. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

function invalid(field: string, why: string): never {
  throw monitorError('MONITOR_INVALID', `Invalid field "${field}": ${why}`, { parameter: field });
}

/**
 * What the schema cannot say of maintenance windows: one-off ones are ISO 8601 instants with an offset and end after
 * they start; weekly ones name a time zone this runtime knows (IANA names, through `Intl`).
 */
export function checkMaintenance(windows: readonly MaintenanceWindow[] | undefined): void {
  for (const [index, window] of (windows ?? []).entries()) {
    const field = `maintenance.${index}`;
    if ('days' in window) {
      if (!isTimeZone(window.timeZone)) invalid(`${field}.timeZone`, 'must be an IANA time zone such as Europe/Paris');
      continue;
    }
    for (const key of ['start', 'end'] as const) {
      if (!ISO_INSTANT.test(window[key]) || Number.isNaN(Date.parse(window[key]))) {
        invalid(`${field}.${key}`, 'must be an ISO 8601 date and time with an offset, such as 2026-05-01T22:00:00Z');
      }
    }
    if (Date.parse(window.end) <= Date.parse(window.start)) invalid(`${field}.end`, 'must be after start');
  }
}
