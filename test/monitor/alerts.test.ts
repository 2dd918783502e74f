/**
 * Alerts (docs/monitors.md): sent when a monitor's state changes and when a passing chain changes, never for every
 * failing run; the generic webhook signed with HMAC-SHA256 (RFC 2104) over the exact body, Slack's incoming-webhook
 * `text`; delivery retried with backoff and kept in the outbox across a restart. On a private PostgreSQL cluster,
 * with a loopback target and a webhook sink; the clock is the test's, runs are started with "run now" and alerts are
 * delivered by the scheduler's tick, which the test calls.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MonitorSystem } from '../../src/monitor/index.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { admin, manualClock, monitorApp, startWebhookSink, type WebhookSink } from '../helpers/monitors.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres-server.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const SECRET = 'webhook-secret';
let postgres: TestPostgres;
let target: TestServer;
/** What the target's `/old` does: 301 or 302 to `/new`; `/new` answers `finalStatus`. */
const behaviour = { redirect: 301, finalStatus: 200 };
const cleanups = cleanupAfterEach();

beforeAll(async () => {
  postgres = await startPostgres();
  target = await startServer((req, res) => {
    if (req.url === '/old') res.writeHead(behaviour.redirect, { location: '/new' }).end();
    else res.writeHead(behaviour.finalStatus, { 'content-type': 'text/plain' }).end('page');
  });
}, 60_000);
afterAll(async () => {
  await target?.close();
  await postgres?.stop();
});
beforeEach(() => {
  behaviour.redirect = 301;
  behaviour.finalStatus = 200;
});

interface Setup {
  app: FastifyInstance;
  monitors: MonitorSystem;
  sink: WebhookSink;
  clock: ReturnType<typeof manualClock>;
  databaseUrl: string;
}

async function build(databaseUrl: string, sink: WebhookSink, clock: ReturnType<typeof manualClock>) {
  const app = await monitorApp(
    {
      DATABASE_URL: databaseUrl,
      HOPLENS_WEBHOOK_URL: sink.url,
      HOPLENS_WEBHOOK_SECRET: SECRET,
      HOPLENS_PUBLIC_URL: 'https://hoplens.example',
    },
    {
      startMonitors: true,
      monitors: { now: clock.now, tickMs: 3_600_000, boss: { pollingIntervalSeconds: 0.5 } },
    },
  );
  return { app, monitors: app.hoplens.monitors as MonitorSystem };
}

async function setUp(): Promise<Setup> {
  const sink = await startWebhookSink();
  cleanups.push(() => sink.close());
  const clock = manualClock();
  const databaseUrl = await postgres.createDatabase();
  const { app, monitors } = await build(databaseUrl, sink, clock);
  cleanups.push(() => app.close());
  return { app, monitors, sink, clock, databaseUrl };
}

/** Creates a paused monitor (runs only when the test says) of `/old`, expecting 301 to `/new`. */
async function createMonitor(app: FastifyInstance, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await admin(app, 'POST', '/api/monitors', {
    url: `${target.origin}/old`,
    expect: { target: `${target.origin}/new`, status: 301 },
    paused: true,
    ...extra,
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function runNow(app: FastifyInstance, id: string): Promise<string> {
  const response = await admin(app, 'POST', `/api/monitors/${id}/run`);
  expect(response.status).toBe(200);
  return response.body.outcome;
}

const events = (sink: WebhookSink) => sink.deliveries.map((delivery) => JSON.parse(delivery.body).event);

describe('alerts', () => {
  it('alerts once when a target starts failing, not on each failing run, and once when it recovers', async () => {
    const { app, monitors, sink } = await setUp();
    const id = await createMonitor(app);
    expect(await runNow(app, id)).toBe('passed');
    await monitors.tick();
    expect(sink.deliveries).toEqual([]);

    behaviour.finalStatus = 500;
    for (let run = 0; run < 3; run++) expect(await runNow(app, id)).toBe('failed');
    await monitors.tick();
    await monitors.tick();
    expect(events(sink)).toEqual(['monitor.failing']);

    behaviour.finalStatus = 200;
    expect(await runNow(app, id)).toBe('passed');
    expect(await runNow(app, id)).toBe('passed');
    await monitors.tick();
    expect(events(sink)).toEqual(['monitor.failing', 'monitor.recovered']);

    const failing = sink.deliveries[0];
    const body = JSON.parse(failing?.body ?? '{}');
    expect(body).toMatchObject({
      monitor: { id, url: `${target.origin}/old`, link: `https://hoplens.example/monitors/${id}` },
      run: { outcome: 'failed', finalUrl: `${target.origin}/new` },
    });
    expect(body.changes.join('\n')).toMatch(/500/);
    // The signature is the HMAC-SHA256 of the exact bytes received, under HOPLENS_WEBHOOK_SECRET.
    const expected = `sha256=${createHmac('sha256', SECRET)
      .update(failing?.body ?? '')
      .digest('hex')}`;
    expect(failing?.headers['x-hoplens-signature']).toBe(expected);
    expect(failing?.headers['content-type']).toBe('application/json');
    expect((await monitors.alerts(id)).map((alert) => [alert.event, alert.status, alert.attempts])).toEqual([
      ['monitor.failing', 'sent', 1],
      ['monitor.recovered', 'sent', 1],
    ]);
  });

  it('alerts once when a passing chain changes (a status), not when it stays the same', async () => {
    const { app, monitors, sink } = await setUp();
    const id = await createMonitor(app, { expect: { target: `${target.origin}/new` } });
    expect(await runNow(app, id)).toBe('passed');
    behaviour.redirect = 302;
    expect(await runNow(app, id)).toBe('passed');
    expect(await runNow(app, id)).toBe('passed');
    await monitors.tick();
    expect(events(sink)).toEqual(['monitor.changed']);
    expect(JSON.parse(sink.deliveries[0]?.body ?? '{}').changes).toEqual(['hop 1 status changed from 301 to 302']);
  });

  it("sends a monitor's own Slack alert: text with the URL, what changed and a link", async () => {
    const { app, monitors, sink } = await setUp();
    const slack = await startWebhookSink();
    cleanups.push(() => slack.close());
    const id = await createMonitor(app, { alerts: [{ type: 'slack', url: slack.url }] });
    behaviour.finalStatus = 404;
    expect(await runNow(app, id)).toBe('failed');
    await monitors.tick();
    expect(sink.deliveries).toEqual([]);
    expect(slack.deliveries).toHaveLength(1);
    const { text } = JSON.parse(slack.deliveries[0]?.body ?? '{}');
    expect(text).toContain(`${target.origin}/old* is failing`);
    expect(text).toMatch(/404/);
    expect(text).toContain(`<https://hoplens.example/monitors/${id}|Open the monitor>`);
    expect(slack.deliveries[0]?.headers['x-hoplens-signature']).toBeUndefined();
  });

  it('delivers an alert due while the receiver was down once it is back, once, across a restart', async () => {
    const setup = await setUp();
    const { sink, clock } = setup;
    const id = await createMonitor(setup.app);
    await sink.down();
    behaviour.finalStatus = 503;
    expect(await runNow(setup.app, id)).toBe('failed');
    await setup.monitors.tick();
    expect(await setup.monitors.alerts(id)).toMatchObject([{ status: 'pending', attempts: 1 }]);
    expect((await setup.monitors.alerts(id))[0]?.lastError).toBeTruthy();
    // Not due again before its backoff.
    await setup.monitors.tick();
    expect((await setup.monitors.alerts(id))[0]?.attempts).toBe(1);
    clock.advance(6_000);
    await setup.monitors.tick();
    expect((await setup.monitors.alerts(id))[0]?.attempts).toBe(2);

    // The service restarts while the receiver is still down; the alert waits in the database.
    await setup.app.close();
    await sink.up();
    clock.advance(60_000);
    const restarted = await build(setup.databaseUrl, sink, clock);
    cleanups.push(() => restarted.app.close());
    await restarted.monitors.tick();
    await restarted.monitors.tick();
    clock.advance(3_600_000);
    await restarted.monitors.tick();
    expect(events(sink)).toEqual(['monitor.failing']);
    expect(await restarted.monitors.alerts(id)).toMatchObject([{ status: 'sent', attempts: 3 }]);
  });

  it('gives an alert up, recorded as failed, after an hour of failures', async () => {
    const { app, monitors, sink, clock } = await setUp();
    const id = await createMonitor(app);
    await sink.down();
    behaviour.finalStatus = 500;
    await runNow(app, id);
    for (let step = 0; step < 20; step++) {
      await monitors.tick();
      clock.advance(10 * 60 * 1000);
    }
    const [alert] = await monitors.alerts(id);
    expect(alert?.status).toBe('failed');
    expect(alert?.attempts).toBeGreaterThan(3);
    expect(alert?.attempts).toBeLessThan(12);
  });
});
