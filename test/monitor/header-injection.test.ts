/**
 * E-mail headers and chat messages cannot be injected through a monitor (the project's security issue): a monitor
 * body whose URL, label or any other text holds a CR, an LF or another control character is refused with 400 naming
 * the field, on creation and on replacement; and what an alert carries from elsewhere (a chain's final URL, a
 * finding, a hostile site's Location header) reaches the real SMTP server of the tests (Debian's aiosmtpd) and the
 * chat receivers on one line, with no header added. On the embedded database; runs started by hand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendEmail } from '../../src/monitor/alerts/email.js';
import { alertMessages } from '../../src/monitor/alerts/message.js';
import type { MonitorSystem } from '../../src/monitor/index.js';
import type { Monitor } from '../../src/monitor/monitor.js';
import { admin, MONITOR_APP_START_MS, monitorApp } from '../helpers/monitors.js';
import { until } from '../helpers/polling.js';
import { type RawServer, startRawServer, startServer, type TestServer } from '../helpers/servers.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server.js';

let smtp: TestSmtpServer;
let hostile: RawServer;
let receiver: TestServer;
let dataDir: string;
const chats: string[] = [];

/**
 * The Locations a hostile site sends. `/old`: an encoded CR LF and a would-be Bcc header, an encoded ESC and C1 CSI,
 * and a raw non-ASCII byte, which the analyzer follows (the chain ends on a URL holding them, encoded). `/raw`: raw
 * control bytes (SOH, ESC and an ANSI colour, a C1 CSI in UTF-8, DEL), which it refuses as a malformed response.
 */
const LOCATIONS: Readonly<Record<string, string>> = {
  '/old': '/new%0D%0ABcc:%20victim@example.net/%1B[31mred%C2%9B2J/\u00e9',
  '/raw': '/new%0D%0ABcc:%20victim@example.net/\u0001\u001b[31mred\u00c2\u009b2J\u007f/\u00e9',
};

function answer(head: string): string {
  const path = head.split(' ')[1] ?? '/';
  const location = LOCATIONS[path];
  if (location === undefined) return 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok';
  return `HTTP/1.1 302 Found\r\nLocation: ${location}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hoplens-header-injection-'));
  smtp = await startSmtpServer();
  hostile = await startRawServer((socket) => {
    socket.once('data', (chunk: Buffer) => socket.end(Buffer.from(answer(chunk.toString('latin1')), 'latin1')));
  });
  receiver = await startServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      chats.push(Buffer.concat(chunks).toString('utf8'));
      res.end('ok');
    });
  });
}, 30_000);

afterAll(async () => {
  await hostile?.close();
  await receiver?.close();
  await smtp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The header block of a raw RFC 5322 message, unfolded, one header a line. */
function headersOf(data: string): string[] {
  const head = data.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
}

/** The headers nodemailer writes for a plain-text message (and the one aiosmtpd adds). */
const NODEMAILER_HEADERS = [
  'content-type',
  'content-transfer-encoding',
  'date',
  'from',
  'message-id',
  'mime-version',
  'subject',
  'to',
  'x-peer',
  'x-mailfrom',
  'x-rcptto',
];

const named = (headers: string[], name: string) =>
  headers.filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`));

/** Where the refused monitors would point: nothing is fetched before a monitor is stored. */
const ORIGIN = 'http://127.0.0.1:9';

describe('monitor bodies with control characters', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await monitorApp({
      HOPLENS_DATA_DIR: join(dataDir, 'refusals'),
      HOPLENS_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      HOPLENS_ALERT_EMAIL_TO: 'team@example.com',
    });
  }, MONITOR_APP_START_MS);
  afterAll(async () => app?.close());

  const valid = () => ({ url: `${ORIGIN}/old`, paused: true });
  const CASES: Array<[string, string, Record<string, unknown>]> = [
    ['url', 'url', { url: `${ORIGIN}/old\r\nBcc: victim@example.net` }],
    ['url (LF only)', 'url', { url: `${ORIGIN}/old\nSubject: forged` }],
    ['url (tab)', 'url', { url: `${ORIGIN}/o\tld` }],
    ['expect.target', 'expect.target', { expect: { target: `${ORIGIN}/new\r\nX-Forged: 1` } }],
    ['a label value', 'labels.team', { labels: { team: 'web\r\nBcc: victim@example.net' } }],
    ['a label name', 'labels.te\nam', { labels: { 'te\nam': 'web' } }],
    ['a label value (ESC)', 'labels.team', { labels: { team: '\u001b[31mred' } }],
    ['a label value (C1)', 'labels.team', { labels: { team: 'web\u0085' } }],
    ['a webhook URL', 'alerts.0.url', { alerts: [{ type: 'webhook', url: `${ORIGIN}/a\r\nX: 1` }] }],
    ['an e-mail sender', 'alerts.0.from', { alerts: [{ type: 'email', from: 'a\u0001b@example.com' }] }],
    ['an e-mail recipient', 'alerts.0.to.0', { alerts: [{ type: 'email', to: ['a\u007fb@example.com'] }] }],
  ];

  it.each(CASES)('refuses %s with 400 naming the field, on POST', async (_case, field, fields) => {
    const response = await admin(app, 'POST', '/api/monitors', { ...valid(), ...fields });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'INVALID_PARAMETER', parameter: field });
    expect(response.body.error.message).toContain(`"${field.replace('\n', '\\n')}"`);
    expect(response.body.error.message).toMatch(/control character/);
  });

  it.each(CASES)('refuses %s with 400 naming the field, on PUT', async (_case, field, fields) => {
    const created = await admin(app, 'POST', '/api/monitors', valid());
    expect(created.status).toBe(201);
    const response = await admin(app, 'PUT', `/api/monitors/${created.body.id}`, { ...valid(), ...fields });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'INVALID_PARAMETER', parameter: field });
    // Nothing was stored: the monitor is as it was.
    expect((await admin(app, 'GET', `/api/monitors/${created.body.id}`)).body.url).toBe(valid().url);
  });

  it('still takes percent-encoded line breaks and non-ASCII text, which are not control characters', async () => {
    const response = await admin(app, 'POST', '/api/monitors', {
      ...valid(),
      url: `${ORIGIN}/old%0D%0ABcc:%20x`,
      labels: { équipe: 'Web – Paris' },
    });
    expect(response.status).toBe(201);
  });
});

describe('what a hostile site sends, in alerts', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await monitorApp(
      {
        HOPLENS_DATA_DIR: join(dataDir, 'alerts'),
        HOPLENS_PUBLIC_URL: 'https://hoplens.example',
        HOPLENS_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        HOPLENS_ALERT_EMAIL_FROM: 'hoplens@example.org',
      },
      { startMonitors: true, monitors: { tickMs: 3_600_000 } },
    );
  }, MONITOR_APP_START_MS);
  afterAll(async () => app?.close());

  it.each([
    [
      '/old',
      'an encoded Location, followed',
      /final URL is .*\/new%0D%0ABcc:%20victim@example\.net\/%1B\[31mred%C2%9B2J\/%E9, expected/,
    ],
    ['/raw', 'raw control bytes, refused as malformed', /PROTOCOL_ERROR/],
  ])(
    'reaches the SMTP server and the chats from %s (%s) with one Subject and no added header',
    async (path, _what, said) => {
      const created = await admin(app, 'POST', '/api/monitors', {
        url: `${hostile.origin}${path}`,
        expect: { target: `${hostile.origin}/elsewhere` },
        paused: true,
        alerts: [
          { type: 'email', to: ['team@example.com'] },
          { type: 'slack', url: `${receiver.origin}/slack` },
          { type: 'discord', url: `${receiver.origin}/discord` },
        ],
      });
      expect(created.status).toBe(201);
      const mailsBefore = (await smtp.messages()).length;
      const chatsBefore = chats.length;
      const run = await admin(app, 'POST', `/api/monitors/${created.body.id}/run`);
      expect(run.body.outcome).not.toBe('passed');
      const monitors = app.hoplens.monitors as MonitorSystem;
      await until(async () => {
        await monitors.tick();
        return (await smtp.messages()).length > mailsBefore && chats.length >= chatsBefore + 2;
      }, 20_000);
      const mail = (await smtp.messages()).at(-1)!;
      const sent = chats.slice(chatsBefore);
      expect(mail.rcptTos).toEqual(['team@example.com']);
      // Quoted-printable soft breaks (`=` at a line's end) undone, to read the text as sent.
      expect(mail.data.replace(/=\r\n/g, '')).toMatch(said);
      for (const chat of sent) expect(chat).toMatch(said);
      const headers = headersOf(mail.data);
      expect(named(headers, 'subject')).toEqual([`Subject: [hoplens] ${hostile.origin}${path} is failing`]);
      expect(named(headers, 'bcc')).toEqual([]);
      expect(named(headers, 'to')).toEqual(['To: team@example.com']);
      // Only the headers nodemailer writes, each once: none came from the site.
      const names = headers.map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(NODEMAILER_HEADERS).toContain(name);
      for (const text of [mail.data, ...sent]) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
        expect(text.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      }
      for (const chat of sent) {
        const { text, content } = JSON.parse(chat) as { text?: string; content?: string };
        // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
        expect(text ?? content).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      }
    },
    30_000,
  );

  it('sends a subject with CR LF that reached the e-mail on one line: the server sees one Subject and no Bcc', async () => {
    const before = (await smtp.messages()).length;
    const error = await sendEmail(
      JSON.stringify({
        from: 'hoplens@example.org',
        to: ['team@example.com'],
        subject: '[hoplens] https://a.example/\r\nBcc: victim@example.net\r\n\r\nbody',
        text: 'text\r\n.\r\nMAIL FROM:<x@example.net>\r\n',
      }),
      `smtp://127.0.0.1:${smtp.port}`,
      5000,
    );
    expect(error).toBeUndefined();
    const mails = await smtp.messages();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.rcptTos).toEqual(['team@example.com']);
    const headers = headersOf(mail.data);
    expect(named(headers, 'subject')).toHaveLength(1);
    expect(named(headers, 'bcc')).toEqual([]);
  });
});

/** Every string in a JSON value. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(textsOf);
}

describe('alert texts from elsewhere', () => {
  it('keeps a stored URL and the changes on their lines in every channel, whatever control characters they hold', () => {
    const monitor = {
      id: 'm1',
      url: 'https://a.example/old\r\nBcc: victim@example.net',
      labels: {},
      alerts: [
        { type: 'email', to: ['team@example.com'] },
        { type: 'slack', url: 'https://hooks.example/s' },
        { type: 'teams', url: 'https://hooks.example/t' },
      ],
    } as unknown as Monitor;
    const messages = alertMessages(
      monitor,
      { kind: 'failing', changes: ['ended at https://b.example/\n\u001b[2Jforged line'] },
      { outcome: 'failed', reasons: [], chain: [], issues: [] },
      { publicUrl: 'https://hoplens.example' },
      0,
    );
    const email = JSON.parse(messages[0]?.body ?? '{}') as { subject: string; text: string };
    expect(email.subject).toBe('[hoplens] https://a.example/old\\r\\nBcc: victim@example.net is failing');
    expect(email.text).toContain('- ended at https://b.example/\\n\\e[2Jforged line');
    expect(email.subject).not.toMatch(/[\r\n]/);
    for (const message of messages) {
      // Line breaks only where the message puts them (between its lines); no CR, ESC or other control character.
      for (const text of textsOf(JSON.parse(message.body))) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
        expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
        expect(text).not.toMatch(/\nBcc:|\nforged/);
      }
    }
  });
});
