/**
 * When alerts are sent (docs/monitors.md): `alertAfter` failing runs in a row before the first alert, reminders every
 * `remindEvery` minutes while the monitor keeps failing, recovery alerts only for announced failures, and maintenance
 * windows during which runs go on but alerts wait until the window closes. On the embedded database, with a loopback
 * target and webhook sink; the clock is the test's, runs are started with "run now" and alerts are delivered by the
 * scheduler's tick.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MonitorSystem } from '../../src/monitor/index.js';
import {
  admin,
  MONITOR_APP_START_MS,
  manualClock,
  monitorApp,
  startWebhookSink,
  type WebhookSink,
} from '../helpers/monitors.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const MINUTE = 60_000;
let target: TestServer;
let sink: WebhookSink;
let dataDir: string;
let app: FastifyInstance;
let monitors: MonitorSystem;
const clock = manualClock(Date.parse('2026-04-01T10:00:00Z'));
/**
 * What the target's `/old` answers: 301 to `/new` (passing), 500 (failing), or, `wall`, Cloudflare's challenge
 * (`cf-mitigated: challenge`, https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response).
 */
const behaviour = { status: 301, wall: false };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hoplens-alert-policy-'));
  target = await startServer((req, res) => {
    if (req.url === '/old' && behaviour.wall)
      res.writeHead(403, { server: 'cloudflare', 'cf-mitigated': 'challenge', 'content-type': 'text/html' }).end();
    else if (req.url === '/old') res.writeHead(behaviour.status, { location: '/new' }).end();
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('page');
  });
  sink = await startWebhookSink();
  app = await monitorApp(
    { HOPLENS_DATA_DIR: dataDir, HOPLENS_WEBHOOK_URL: sink.url },
    { startMonitors: true, monitors: { now: clock.now, tickMs: 3_600_000 } },
  );
  monitors = app.hoplens.monitors as MonitorSystem;
}, MONITOR_APP_START_MS);
afterAll(async () => {
  await app?.close();
  await sink?.close();
  await target?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  behaviour.status = 301;
  behaviour.wall = false;
  sink.deliveries.length = 0;
});

async function createMonitor(extra: Record<string, unknown>): Promise<string> {
  const response = await admin(app, 'POST', '/api/monitors', {
    url: `${target.origin}/old`,
    expect: { target: `${target.origin}/new`, status: 301 },
    paused: true,
    ...extra,
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

/** Runs the monitor once with the target failing or passing, then delivers what is due. */
async function run(id: string, failing: boolean): Promise<void> {
  behaviour.status = failing ? 500 : 301;
  const response = await admin(app, 'POST', `/api/monitors/${id}/run`);
  expect(response.body.outcome).toBe(failing ? 'failed' : 'passed');
  await monitors.tick();
}

/** Runs the monitor once behind the bot wall: an inconclusive run. */
async function runWalled(id: string): Promise<void> {
  behaviour.wall = true;
  const response = await admin(app, 'POST', `/api/monitors/${id}/run`);
  behaviour.wall = false;
  expect(response.body.outcome).toBe('inconclusive');
  await monitors.tick();
}

/** The events the sink received for `id`, in order. */
const events = (id: string) =>
  sink.deliveries
    .map((delivery) => JSON.parse(delivery.body))
    .filter((body) => body.monitor.id === id)
    .map((body) => body.event);

describe('alertAfter', () => {
  it('sends nothing for two failing runs and one alert on the third, then one recovery', async () => {
    const id = await createMonitor({ alertAfter: 3 });
    expect((await admin(app, 'GET', `/api/monitors/${id}`)).body.alertAfter).toBe(3);
    await run(id, true);
    await run(id, true);
    expect(events(id)).toEqual([]);
    await run(id, true);
    expect(events(id)).toEqual(['monitor.failing']);
    await run(id, true);
    expect(events(id)).toEqual(['monitor.failing']);
    await run(id, false);
    expect(events(id)).toEqual(['monitor.failing', 'monitor.recovered']);
  });

  it('says nothing of a failure shorter than alertAfter, not even its end, and counts again from zero', async () => {
    const id = await createMonitor({ alertAfter: 3 });
    await run(id, true);
    await run(id, true);
    await run(id, false);
    await run(id, true);
    await run(id, true);
    expect(events(id)).toEqual([]);
  });

  it('defaults to 1: the first failing run alerts', async () => {
    const id = await createMonitor({});
    expect((await admin(app, 'GET', `/api/monitors/${id}`)).body.alertAfter).toBe(1);
    await run(id, true);
    expect(events(id)).toEqual(['monitor.failing']);
  });
});

describe('alertAfterInconclusive', () => {
  it('alerts only after 3 inconclusive runs in a row by default, and a failure still alerts at once', async () => {
    const id = await createMonitor({});
    const monitor = (await admin(app, 'GET', `/api/monitors/${id}`)).body;
    expect(monitor.alertAfterInconclusive).toBe(3);
    await runWalled(id);
    await runWalled(id);
    expect(events(id)).toEqual([]);
    expect((await admin(app, 'GET', `/api/monitors/${id}`)).body.state).toBe('inconclusive');
    await runWalled(id);
    expect(events(id)).toEqual(['monitor.failing']);
    const other = await createMonitor({});
    await runWalled(other);
    await run(other, true);
    expect(events(other)).toEqual(['monitor.failing']);
  });

  it('takes its own count, and refuses one out of range', async () => {
    const id = await createMonitor({ alertAfterInconclusive: 1 });
    await runWalled(id);
    expect(events(id)).toEqual(['monitor.failing']);
    const refused = await admin(app, 'POST', '/api/monitors', {
      url: `${target.origin}/old`,
      alertAfterInconclusive: 0,
    });
    expect(refused.status).toBe(400);
  });
});

describe('remindEvery', () => {
  it('reminds every so many minutes while the monitor keeps failing, not on every run', async () => {
    const id = await createMonitor({ remindEvery: 30 });
    await run(id, true);
    clock.advance(20 * MINUTE);
    await run(id, true);
    expect(events(id)).toEqual(['monitor.failing']);
    clock.advance(11 * MINUTE);
    await run(id, true);
    expect(events(id)).toEqual(['monitor.failing', 'monitor.reminder']);
    const reminder = JSON.parse(sink.deliveries.at(-1)?.body ?? '{}');
    expect(reminder.changes[0]).toBe('still failing after 3 runs in a row');
    clock.advance(29 * MINUTE);
    await run(id, true);
    clock.advance(1 * MINUTE);
    await run(id, true);
    expect(events(id)).toEqual(['monitor.failing', 'monitor.reminder', 'monitor.reminder']);
    await run(id, false);
    expect(events(id).at(-1)).toBe('monitor.recovered');
  });
});

describe('maintenance windows', () => {
  it('hold the alerts of runs inside a window and release them when it closes', async () => {
    const start = new Date(clock.now() - MINUTE).toISOString();
    const end = new Date(clock.now() + 60 * MINUTE).toISOString();
    const id = await createMonitor({ maintenance: [{ start, end }] });
    await run(id, true);
    // The run happened and was recorded; its alert waits.
    expect((await admin(app, 'GET', `/api/monitors/${id}`)).body.state).toBe('failed');
    clock.advance(59 * MINUTE);
    await monitors.tick();
    expect(events(id)).toEqual([]);
    expect((await monitors.alerts(id)).map((alert) => [alert.event, alert.status])).toEqual([
      ['monitor.failing', 'pending'],
    ]);
    clock.advance(1 * MINUTE);
    await monitors.tick();
    expect(events(id)).toEqual(['monitor.failing']);
  });

  it('say nothing of a failure that begins and ends inside the window', async () => {
    const start = new Date(clock.now() - MINUTE).toISOString();
    const end = new Date(clock.now() + 60 * MINUTE).toISOString();
    const id = await createMonitor({ maintenance: [{ start, end }] });
    await run(id, true);
    clock.advance(10 * MINUTE);
    await run(id, false);
    clock.advance(60 * MINUTE);
    await monitors.tick();
    expect(events(id)).toEqual([]);
    expect(await monitors.alerts(id)).toEqual([]);
  });

  it('hold alerts in a weekly window in its time zone', async () => {
    // 2026-04-01 is a Wednesday; 12:00 in Europe/Paris (UTC+2 in April) is 10:00 UTC.
    const now = new Date(clock.now());
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    }).formatToParts(now);
    const part = (type: string) => local.find((p) => p.type === type)?.value ?? '';
    const day = part('weekday').toLowerCase().slice(0, 3);
    const id = await createMonitor({
      maintenance: [
        { days: [day], start: `${part('hour')}:${part('minute')}`, duration: 30, timeZone: 'Europe/Paris' },
      ],
    });
    await run(id, true);
    expect(events(id)).toEqual([]);
    clock.advance(30 * MINUTE);
    await monitors.tick();
    expect(events(id)).toEqual(['monitor.failing']);
  });
});

describe('validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['alertAfter 0', { alertAfter: 0 }, 'alertAfter'],
    ['remindEvery under 5 minutes', { remindEvery: 1 }, 'remindEvery'],
    [
      'an unknown time zone',
      { maintenance: [{ days: ['mon'], start: '02:00', duration: 60, timeZone: 'Mars/Olympus' }] },
      'maintenance.0.timeZone',
    ],
    [
      'a window ending before it starts',
      { maintenance: [{ start: '2026-05-02T00:00:00Z', end: '2026-05-01T00:00:00Z' }] },
      'maintenance.0.end',
    ],
    [
      'a window without an offset',
      { maintenance: [{ start: '2026-05-01T00:00:00', end: '2026-05-02T00:00:00Z' }] },
      'maintenance.0.start',
    ],
    [
      'an e-mail channel without HOPLENS_SMTP_URL',
      { alerts: [{ type: 'email', to: ['ops@example.com'] }] },
      'alerts.0',
    ],
  ];
  for (const [name, extra, parameter] of cases) {
    it(`refuses ${name} with 400 naming ${parameter}`, async () => {
      const response = await admin(app, 'POST', '/api/monitors', { url: `${target.origin}/old`, ...extra });
      expect(response.status).toBe(400);
      expect(response.body.error.parameter).toMatch(new RegExp(`^${parameter.replace(/\./g, '\\.')}`));
    });
  }
});
