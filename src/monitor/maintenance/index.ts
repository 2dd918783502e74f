/**
 * Maintenance windows: the times a monitor is not run or not alerted on, one-off or weekly in a time zone, as a monitor
 * stores them, validated when a monitor is saved and consulted when a run is due.
 */
export { checkMaintenance } from './check.js';
export { heldUntil, type MaintenanceWindow, windowEnd } from './window.js';
export { addDays, instantOf, isTimeZone, type WallTime, wallTime } from './zoned-time.js';
