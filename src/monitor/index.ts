/** Monitors: saved checks run on a schedule, their history and their alerts (docs/monitors.md). The faces import this file only. */

export type { AlertRecord } from './alerts/index.js';
export { DELIVERY_HEADERS, SIGNATURE_HEADER, signBody, signDelivery } from './alerts/index.js';
export { isMonitorError, MONITOR_ERROR_CODES, type MonitorErrorCode } from './errors.js';
export type { AlertChannel, Monitor, MonitorSettings } from './monitor.js';
export { parseMonitorInput } from './monitor.js';
export {
  type AlertAttemptFacts,
  everyObserver,
  type MonitorObserver,
  type MonitorRunFacts,
} from './monitor-observer.js';
export { type MonitorConfig, MonitorSystem, type MonitorSystemDeps } from './monitor-system.js';
export type { MonitorRunContext } from './runner/run-once.js';
export type { Run, RunTicks } from './storage/index.js';
