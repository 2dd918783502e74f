/**
 * The bounds of a monitor's fields that its form checks before sending (src/web/client/monitors/monitor-input.ts),
 * declared once here and used by the schemas (./monitor.ts) that the service validates with: a plain module, with no
 * schema library, so that the page's bundle can hold it.
 */

/** Shortest and longest time between two runs of a monitor, in seconds, and the default. */
export const INTERVAL = Object.freeze({ min: 60, max: 86_400, default: 3600 });

/** The statuses an expectation may name for the first hop: HTTP's status code range (RFC 9110 §15). */
export const EXPECTED_STATUS = Object.freeze({ min: 100, max: 599 });

/** The chat and webhook channels: each POSTs its own documented JSON shape to `url` (docs/monitors.md). */
export const WEB_CHANNELS = ['webhook', 'slack', 'teams', 'discord', 'googlechat'] as const;
