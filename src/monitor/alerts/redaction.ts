import type { AlertChannel, Monitor, MonitorSettings } from '../monitor.js';
import type { AlertRecord } from './outbox.js';

/**
 * Webhook URLs are bearer secrets: whoever knows a Slack, Teams, Discord or Google Chat webhook's path (or its `sig`
 * or `key` query) can post to the channel. The API shows only their origin, and takes that form back on a replace
 * as "keep the URL stored".
 */
const HIDDEN = '/…';

/** `https://hooks.slack.com/…`: the origin, the path and query hidden, credentials dropped. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '…';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return url;
  const bare = parsed.pathname === '/' && parsed.search === '' && parsed.username === '' && parsed.password === '';
  return bare ? `${parsed.origin}/` : `${parsed.origin}${HIDDEN}`;
}

/** Whether a URL is one {@link redactUrl} made: its path the hidden mark, however a client encoded it. */
export function isRedactedUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return decodeURIComponent(parsed.pathname) === HIDDEN && parsed.search === '';
  } catch {
    return url === '…';
  }
}

function redactChannel(channel: AlertChannel): AlertChannel {
  return 'url' in channel ? { ...channel, url: redactUrl(channel.url) } : { ...channel };
}

/** A monitor as the API shows it: its alert URLs redacted. */
export function redactMonitor(monitor: Monitor): Monitor {
  return monitor.alerts === undefined ? monitor : { ...monitor, alerts: monitor.alerts.map(redactChannel) };
}

/** An alert's record as the API shows it. */
export function redactRecord(record: AlertRecord): AlertRecord {
  return { ...record, url: redactUrl(record.url) };
}

/** The same URL once parsed (the API answers `…` percent-encoded or not, as a client sends it back). */
function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/**
 * Settings from a caller with each redacted URL it sent back (as `GET` showed it) replaced by the stored URL it
 * stands for: the stored channel of the same type whose redaction it is.
 */
export function restoreRedacted(settings: MonitorSettings, stored: Monitor): MonitorSettings {
  if (settings.alerts === undefined || stored.alerts === undefined) return settings;
  const kept = stored.alerts;
  const alerts = settings.alerts.map((channel) => {
    if (!('url' in channel)) return channel;
    const match = kept.find(
      (old) => old.type === channel.type && 'url' in old && sameUrl(redactUrl(old.url), channel.url),
    );
    return match !== undefined && 'url' in match ? { ...channel, url: match.url } : channel;
  });
  return { ...settings, alerts };
}
