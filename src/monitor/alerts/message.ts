import { terminalText } from '../../core/index.js';
import type { AlertChannel, Monitor } from '../monitor.js';
import type { RunResult } from '../run-result.js';
import { type AlertSummary, discordBody, googleChatBody, slackBody, teamsBody } from './chat-bodies.js';
import { type EmailSettings, emailMessage } from './email.js';
import type { AlertEvent } from './event.js';

/** An alert ready to go: where, and the exact bytes to send (signed as they are). */
export interface AlertMessage {
  channel: AlertChannel['type'];
  /** The URL POSTed to; for e-mail, `mailto:` and the recipients. */
  url: string;
  body: string;
}

/**
 * The instance's alert settings (`HOPLENS_WEBHOOK_URL`, `HOPLENS_SLACK_WEBHOOK_URL`, `HOPLENS_PUBLIC_URL`, and the
 * e-mail defaults).
 */
export interface AlertSettings extends EmailSettings {
  webhookUrl?: string | undefined;
  slackWebhookUrl?: string | undefined;
  /** Where people reach this instance: the base of the link to a monitor's page. */
  publicUrl: string;
}

const HEADLINES: Readonly<Record<AlertEvent['kind'], string>> = {
  failing: 'is failing',
  reminder: 'is still failing',
  recovered: 'has recovered',
  changed: 'changed its redirect chain',
};

/** The link to a monitor's page on this instance. */
export function monitorLink(settings: AlertSettings, id: string): string {
  return new URL(`monitors/${encodeURIComponent(id)}`, `${settings.publicUrl.replace(/\/+$/, '')}/`).href;
}

/** A monitor's channels: its own `alerts` when it has them (even none), else the instance's defaults. */
export function channelsOf(monitor: Monitor, settings: AlertSettings): AlertChannel[] {
  if (monitor.alerts !== undefined) return monitor.alerts;
  const channels: AlertChannel[] = [];
  if (settings.webhookUrl !== undefined) channels.push({ type: 'webhook', url: settings.webhookUrl });
  if (settings.slackWebhookUrl !== undefined) channels.push({ type: 'slack', url: settings.slackWebhookUrl });
  return channels;
}

/** The generic webhook's JSON document (docs/monitors.md lists its fields). */
function webhookBody(monitor: Monitor, event: AlertEvent, result: RunResult, link: string, at: number): string {
  return JSON.stringify({
    event: `monitor.${event.kind}`,
    at: new Date(at).toISOString(),
    monitor: { id: monitor.id, url: monitor.url, labels: monitor.labels, link },
    changes: event.changes,
    run: {
      outcome: result.outcome,
      reasons: result.reasons,
      ...(result.error !== undefined && { error: result.error }),
      ...(result.finalUrl !== undefined && { finalUrl: result.finalUrl }),
      chain: result.chain.map((hop) => ({ url: hop.url, status: hop.status })),
    },
  });
}

const CHAT_BODIES = { slack: slackBody, teams: teamsBody, discord: discordBody, googlechat: googleChatBody } as const;

/** One channel's message, or undefined for an e-mail channel with nobody to send to. */
function messageFor(
  channel: AlertChannel,
  summary: AlertSummary,
  settings: AlertSettings,
  webhook: () => string,
): AlertMessage | undefined {
  if (channel.type === 'email') {
    const email = emailMessage(channel, summary, settings);
    return email === undefined ? undefined : { channel: 'email', ...email };
  }
  const body = channel.type === 'webhook' ? webhook() : CHAT_BODIES[channel.type](summary);
  return { channel: channel.type, url: channel.url, body };
}

/** The messages one alert event sends, one per channel of the monitor. */
export function alertMessages(
  monitor: Monitor,
  event: AlertEvent,
  result: RunResult,
  settings: AlertSettings,
  at: number,
): AlertMessage[] {
  const link = monitorLink(settings, monitor.id);
  const what = HEADLINES[event.kind];
  // Each text on its one line: a control character a site sent (in a final URL, a finding) or a monitor stored before
  // they were refused is shown as an escape, never a line break that ends a header or starts a chat line.
  const url = terminalText(monitor.url);
  const summary: AlertSummary = {
    headline: `${url} ${what}`,
    url,
    what,
    changes: event.changes.map(terminalText),
    link,
  };
  const webhook = () => webhookBody(monitor, event, result, link, at);
  return channelsOf(monitor, settings).flatMap((channel) => messageFor(channel, summary, settings, webhook) ?? []);
}
