/**
 * Alerts where teams are (docs/monitors.md, "Alerts"): one failing run of a monitor with every kind of channel sends
 * an e-mail that a real SMTP server on loopback receives (Debian's aiosmtpd), and one POST to each chat's incoming
 * webhook on a loopback receiver, each in the shape its service documents:
 * - Microsoft Teams, Workflows webhook with an Adaptive Card attachment:
 *   https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook
 *   (MicrosoftDocs/msteams-docs, msteams-platform/webhooks-and-connectors/how-to/add-incoming-webhook.md) and the
 *   card schema, https://adaptivecards.io/explorer/AdaptiveCard.html;
 * - Discord, "Execute Webhook": https://discord.com/developers/docs/resources/webhook#execute-webhook (`content` of
 *   at most 2,000 characters, `allowed_mentions`);
 * - Google Chat incoming webhook: https://developers.google.com/workspace/chat/quickstart/webhooks and
 *   https://cloud.google.com/workflows/docs/notify-google-chat (a `text` message, `application/json; charset=UTF-8`);
 * - Slack incoming webhook: https://api.slack.com/messaging/webhooks (a `text` message).
 * Then nothing secret (webhook paths and keys, the SMTP password, the admin token) is in an API answer or a log line.
 * On the embedded database; runs are started with "run now" and alerts delivered by the scheduler's tick.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorSystem } from '../../src/monitor/index.js';
import { admin, monitorApp, TOKEN } from '../helpers/monitors.js';
import { until } from '../helpers/polling.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { captureLogs } from '../helpers/service.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server.js';

const SMTP_PASSWORD = 'smtp-Pa55-word-7f3c';
/** The secret part of each webhook URL, as real services put it in the path or the query. */
const SECRETS = {
  teams: 'workflows/0a1b2c/triggers/manual/paths/invoke?sig=teams-sig-91ad',
  discord: 'api/webhooks/1234567890/discord-token-5e2f',
  googlechat: 'v1/spaces/AAAA/messages?key=chat-key-77c1&token=chat-token-0b9e',
  slack: 'services/T000/B000/slack-token-3d4a',
  webhook: 'hook/generic-path-c8e0',
  refused: 'refuses/refused-secret-4242',
} as const;
type Channel = keyof typeof SECRETS;

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let target: TestServer;
let receiver: TestServer;
let smtp: TestSmtpServer;
let dataDir: string;
const received: Received[] = [];
const behaviour = { status: 500 };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hoplens-alert-channels-'));
  smtp = await startSmtpServer();
  target = await startServer((req, res) => {
    if (req.url === '/old') res.writeHead(behaviour.status, { location: '/new' }).end();
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('page');
  });
  receiver = await startServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      // One receiver refuses every delivery, so that the failure path runs (and is logged, if anything logs it).
      res.writeHead(req.url?.startsWith('/refuses/') ? 500 : 200).end('ok');
    });
  });
}, 30_000);

afterAll(async () => {
  await target?.close();
  await receiver?.close();
  await smtp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const urlOf = (channel: Channel) => `${receiver.origin}/${SECRETS[channel]}`;
const at = (channel: Channel) => received.filter((entry) => entry.path === `/${SECRETS[channel]}`);

/** Every alert channel there is, the refusing one as a generic webhook. */
function channels() {
  return [
    { type: 'teams', url: urlOf('teams') },
    { type: 'discord', url: urlOf('discord') },
    { type: 'googlechat', url: urlOf('googlechat') },
    { type: 'slack', url: urlOf('slack') },
    { type: 'webhook', url: urlOf('webhook') },
    { type: 'webhook', url: urlOf('refused') },
    { type: 'email', to: ['oncall@example.com', 'web@example.com'] },
    // No recipient of its own: the instance's HOPLENS_ALERT_EMAIL_TO.
    { type: 'email' },
  ];
}

describe('alert channels', () => {
  let app: FastifyInstance;
  let monitors: MonitorSystem;
  let id: string;
  const logs = captureLogs();

  beforeAll(async () => {
    app = await monitorApp(
      {
        HOPLENS_DATA_DIR: dataDir,
        HOPLENS_PUBLIC_URL: 'https://hoplens.example',
        HOPLENS_SMTP_URL: `smtp://alerts:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`,
        HOPLENS_ALERT_EMAIL_FROM: 'hoplens@example.org',
        HOPLENS_ALERT_EMAIL_TO: 'team@example.com',
        LOG_LEVEL: 'trace',
      },
      { startMonitors: true, monitors: { tickMs: 3_600_000 }, logStream: logs.stream },
    );
    monitors = app.hoplens.monitors as MonitorSystem;
    const created = await admin(app, 'POST', '/api/monitors', {
      url: `${target.origin}/old`,
      expect: { target: `${target.origin}/new`, status: 301 },
      paused: true,
      alerts: channels(),
    });
    expect(created.status).toBe(201);
    id = created.body.id;
  }, 60_000);
  afterAll(async () => app?.close());

  it('sends one failing alert to each channel in its documented shape, and an e-mail over SMTP', async () => {
    expect((await admin(app, 'POST', `/api/monitors/${id}/run`)).body.outcome).toBe('failed');
    await until(async () => {
      await monitors.tick();
      return at('googlechat').length > 0 && at('teams').length > 0 && (await smtp.messages()).length === 2;
    }, 20_000);
    const link = `https://hoplens.example/monitors/${id}`;
    const monitorUrl = `${target.origin}/old`;

    const [teams] = at('teams');
    const card = JSON.parse(teams?.body ?? '{}');
    // A Workflows webhook takes a message with attachments; the card is the attachment's content.
    expect(card.type).toBe('message');
    expect(card.attachments).toHaveLength(1);
    expect(card.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.attachments[0].content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(card.attachments[0].content.body[0]).toMatchObject({ type: 'TextBlock', text: `${monitorUrl} is failing` });
    expect(card.attachments[0].content.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Open the monitor', url: link },
    ]);

    const discord = JSON.parse(at('discord')[0]?.body ?? '{}');
    expect(Object.keys(discord).sort()).toEqual(['allowed_mentions', 'content']);
    expect(discord.content.length).toBeLessThanOrEqual(2000);
    expect(discord.content).toContain(`**${monitorUrl} is failing**`);
    expect(discord.content).toContain(`(<${link}>)`);
    expect(discord.allowed_mentions).toEqual({ parse: [] });

    const [chat] = at('googlechat');
    expect(chat?.headers['content-type']).toBe('application/json; charset=UTF-8');
    const chatBody = JSON.parse(chat?.body ?? '{}');
    expect(Object.keys(chatBody)).toEqual(['text']);
    expect(chatBody.text).toContain(`*${monitorUrl} is failing*`);
    expect(chatBody.text).toContain(`<${link}|Open the monitor>`);

    const slack = JSON.parse(at('slack')[0]?.body ?? '{}');
    expect(Object.keys(slack)).toEqual(['text']);
    expect(slack.text).toContain(`<${link}|Open the monitor>`);

    expect(JSON.parse(at('webhook')[0]?.body ?? '{}')).toMatchObject({ event: 'monitor.failing', monitor: { id } });

    const mails = await smtp.messages();
    expect(mails.map((mail) => mail.rcptTos).sort()).toEqual([
      ['oncall@example.com', 'web@example.com'],
      ['team@example.com'],
    ]);
    for (const mail of mails) {
      expect(mail.mailFrom).toBe('hoplens@example.org');
      expect(mail.data).toMatch(new RegExp(`^Subject: \\[hoplens\\] ${monitorUrl} is failing`, 'm'));
      expect(mail.data).toContain(link);
    }
  });

  it('keeps webhook URLs out of API answers, takes them back redacted, and logs no secret', async () => {
    const shown = await admin(app, 'GET', `/api/monitors/${id}`);
    const { alerts } = shown.body;
    expect(alerts.map((channel: { url?: string }) => channel.url)).toEqual([
      ...Array(6).fill(`${receiver.origin}/…`),
      undefined,
      undefined,
    ]);
    // A client that sends back what it read keeps the stored URLs: the recovery reaches the same secret paths.
    const { url, expect: expectation, interval, options, labels, paused } = shown.body;
    const put = await admin(app, 'PUT', `/api/monitors/${id}`, {
      url,
      expect: expectation,
      interval,
      options,
      labels,
      paused,
      alerts,
    });
    expect(put.status).toBe(200);
    behaviour.status = 301;
    expect((await admin(app, 'POST', `/api/monitors/${id}/run`)).body.outcome).toBe('passed');
    await until(async () => {
      await monitors.tick();
      return at('discord').length === 2 && (await smtp.messages()).length === 4;
    }, 20_000);
    expect(JSON.parse(at('webhook')[1]?.body ?? '{}').event).toBe('monitor.recovered');

    const answers = [
      JSON.stringify(put.body),
      JSON.stringify((await admin(app, 'GET', '/api/monitors')).body),
      JSON.stringify(await monitors.alerts(id)),
      (await app.inject({ method: 'GET', url: '/openapi.json' })).body,
    ].join('\n');
    const log = logs.lines.map((line) => JSON.stringify(line)).join('\n');
    expect(logs.lines.length).toBeGreaterThan(0);
    for (const secret of [SMTP_PASSWORD, TOKEN, ...Object.values(SECRETS).flatMap((path) => path.split(/[/?&=]/))]) {
      if (secret.length < 12) continue; // path words such as "hook" or "v1" are no secret
      expect(answers).not.toContain(secret);
      expect(log).not.toContain(secret);
    }
    // The refused channel failed and says why, without its URL.
    const refused = (await monitors.alerts(id)).filter(
      (alert) => alert.url === `${receiver.origin}/…` && alert.lastError,
    );
    expect(refused.some((alert) => alert.lastError === 'HTTP 500')).toBe(true);
  });
});
