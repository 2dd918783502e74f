/**
 * The chat messages of an alert, each in the shape its service documents for an incoming webhook. They all say the
 * same three things: which URL and what happened (the headline), what changed (one line each), and a link to the
 * monitor's page.
 */

/** What a chat message says. */
export interface AlertSummary {
  /** `https://example.com/old is failing`. */
  headline: string;
  /** The monitor's URL and what happened to it (`is failing`): the headline's two parts. */
  url: string;
  what: string;
  changes: readonly string[];
  link: string;
}

/** Slack's incoming webhook: one `text` in Slack's mrkdwn (`*bold*`, `<url|label>`). */
export function slackBody(summary: AlertSummary): string {
  const lines = [`*${summary.url}* ${summary.what}`, ...summary.changes.map((change) => `• ${change}`)];
  lines.push(`<${summary.link}|Open the monitor>`);
  return JSON.stringify({ text: lines.join('\n') });
}

/**
 * Google Chat's incoming webhook: a message whose `text` uses Chat's own formatting (`*bold*`, `<url|label>`)
 * (https://developers.google.com/workspace/chat/quickstart/webhooks, https://developers.google.com/workspace/chat/format-messages).
 */
export function googleChatBody(summary: AlertSummary): string {
  const lines = [`*${summary.headline}*`, ...summary.changes.map((change) => `• ${change}`)];
  lines.push(`<${summary.link}|Open the monitor>`);
  return JSON.stringify({ text: lines.join('\n') });
}

/** Discord refuses a message whose `content` is over 2,000 characters. */
const DISCORD_CONTENT_MAX = 2000;

/**
 * Discord's "Execute Webhook": a `content` of at most 2,000 characters in Discord's markdown, with
 * `allowed_mentions.parse` empty so that a URL or reason containing `@everyone` pings nobody
 * (https://discord.com/developers/docs/resources/webhook#execute-webhook).
 */
export function discordBody(summary: AlertSummary): string {
  const link = `[Open the monitor](<${summary.link}>)`;
  const head = [`**${summary.headline}**`, ...summary.changes.map((change) => `- ${change}`)].join('\n');
  const room = DISCORD_CONTENT_MAX - link.length - 2;
  const text = head.length > room ? `${head.slice(0, room - 1)}…` : head;
  return JSON.stringify({ content: `${text}\n${link}`, allowed_mentions: { parse: [] } });
}

/**
 * Microsoft Teams through a Workflows webhook ("When a Teams webhook request is received"): a `message` whose one
 * attachment is an Adaptive Card, with a link button (Action.OpenUrl). Office 365 connectors' MessageCards are being
 * retired (https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook,
 * https://adaptivecards.io/explorer/AdaptiveCard.html).
 */
export function teamsBody(summary: AlertSummary): string {
  const card = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body: [
      { type: 'TextBlock', text: summary.headline, weight: 'Bolder', size: 'Medium', wrap: true },
      ...summary.changes.map((change) => ({ type: 'TextBlock', text: `- ${change}`, wrap: true, spacing: 'Small' })),
    ],
    actions: [{ type: 'Action.OpenUrl', title: 'Open the monitor', url: summary.link }],
  };
  return JSON.stringify({
    type: 'message',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }],
  });
}
