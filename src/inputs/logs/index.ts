/*
 * Access logs and traffic exports read into a traffic table (issue 45): which URLs of the old site people still ask
 * for, and how often. docs/logs.md says what is read and what counts.
 */
export { ASSET_EXTENSIONS, isAssetPath } from './assets.js';
export { countTraffic } from './count-traffic.js';
export { detectLogFormat } from './detect-log.js';
export { TRAFFIC_NUMBER_NAMES, TRAFFIC_URL_NAMES } from './traffic-csv.js';
export {
  BOT_POLICIES,
  type BotPolicy,
  LOG_FORMATS,
  type LogFormat,
  type TrafficEntry,
  type TrafficOptions,
  type TrafficSource,
  type TrafficTable,
} from './types.js';
