/**
 * Alerts (docs/monitors.md): sent when a monitor's state changes and when a passing chain changes, never for every
 * failing run; the generic webhook signed with HMAC-SHA256 (RFC 2104) over the exact body, Slack's incoming-webhook
 * `text`; delivery retried with backoff and kept in the outbox across a restart. On a private PostgreSQL cluster,
 * with a loopback target and a webhook sink; the clock is the test's, runs are started with "run now" and alerts are
 * delivered by the scheduler's tick, which the test calls.
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MonitorSystem, signDelivery } from '../../src/monitor/index.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { ROOT } from '../helpers/cli.js';
import { admin, manualClock, monitorApp, startWebhookSink, type WebhookSink } from '../helpers/monitors.js';
import { labelledPage } from '../helpers/parked-pages.js';
import { until } from '../helpers/polling.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres-server.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const SECRET = 'webhook-secret';
let postgres: TestPostgres;
let target: TestServer;
/**
 * What the target's `/old` does: 301 or 302 to `/new`; `/new` answers `finalStatus`, with a parking service's lander
 * when `parked` (the labelled corpus's `sedo-6`, test/fixtures/parked-domains/parked.json).
 */
const behaviour = { redirect: 301, finalStatus: 200, parked: false };
const LANDER = labelledPage('sedo-6');
const cleanups = cleanupAfterEach();

beforeAll(async () => {
  postgres = await startPostgres();
  target = await startServer((req, res) => {
    if (req.url === '/old') res.writeHead(behaviour.redirect, { location: '/new' }).end();
    else if (behaviour.parked) res.writeHead(behaviour.finalStatus, LANDER.headers).end(LANDER.body);
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
  behaviour.parked = false;
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

  it('alerts when the target now parks, though it still answers 200 where expected', async () => {
    const { app, monitors, sink } = await setUp();
    const id = await createMonitor(app);
    expect(await runNow(app, id)).toBe('passed');
    behaviour.parked = true;
    expect(await runNow(app, id)).toBe('failed');
    await monitors.tick();
    expect(events(sink)).toEqual(['monitor.failing']);
    const body = JSON.parse(sink.deliveries[0]?.body ?? '{}');
    expect(body.run).toMatchObject({ outcome: 'failed', finalUrl: `${target.origin}/new` });
    expect(JSON.stringify(body)).toContain("Sedo's parking page (loads img.sedoparking.com)");
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

/** The receiver sample of docs/monitors.md (the ```js block after "verify a delivery"), written to a module file. */
async function docsReceiver(): Promise<string> {
  const docs = await readFile(join(ROOT, 'docs', 'monitors.md'), 'utf8');
  const code = /<!-- receiver sample -->\s*```js\n([\s\S]*?)```/.exec(docs)?.[1];
  if (code === undefined) throw new Error('docs/monitors.md has no receiver sample');
  const dir = await mkdtemp(join(tmpdir(), 'hoplens-receiver-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, 'receiver.mjs');
  await writeFile(file, code);
  return pathToFileURL(file).href;
}

describe('at-least-once delivery, and receivers that can tell', () => {
  it('sends one alert twice with one webhook-id when its first POST is held past its lease; both verify', async () => {
    // The receiver holds the first POST open (as a receiver stuck while the service is killed) and answers the rest.
    const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
    const held: Array<() => void> = [];
    const receiver = await startServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (received.length === 1) held.push(() => res.destroy());
        else res.end('ok');
      });
    });
    cleanups.push(async () => {
      for (const release of held) release();
      await receiver.close();
    });
    const sink = { url: `${receiver.origin}/hook` } as WebhookSink;
    const clock = manualClock();
    const databaseUrl = await postgres.createDatabase();
    const first = await build(databaseUrl, sink, clock);
    cleanups.push(() => first.app.close());
    const id = await createMonitor(first.app);
    behaviour.finalStatus = 500;
    expect(await runNow(first.app, id)).toBe('failed');
    // The first instance claims the alert and its POST hangs; past the lease, another instance claims it again.
    void first.monitors.tick();
    await until(() => received.length === 1);
    clock.advance(61_000);
    const second = await build(databaseUrl, sink, clock);
    cleanups.push(() => second.app.close());
    await second.monitors.tick();
    expect(received).toHaveLength(2);
    const [one, two] = received as [(typeof received)[0], (typeof received)[0]];
    expect(two.body).toBe(one.body);
    expect(one.headers['webhook-id']).toBeTruthy();
    expect(two.headers['webhook-id']).toBe(one.headers['webhook-id']);
    // Receivers verify with a Standard Webhooks library (standardwebhooks.com): the key is the secret's bytes.
    const verifier = new Webhook(`whsec_${Buffer.from(SECRET).toString('base64')}`);
    const headersOf = (delivery: typeof one) => ({
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    });
    expect(verifier.verify(two.body, headersOf(two))).toMatchObject({ event: 'monitor.failing' });
    expect(() => verifier.verify(`${two.body} `, headersOf(two))).toThrow();
    // The first signature stays for existing receivers.
    const legacy = `sha256=${createHmac('sha256', SECRET).update(two.body).digest('hex')}`;
    expect(two.headers['x-hoplens-signature']).toBe(legacy);
    // The receiver code docs/monitors.md gives, run as written: it accepts the delivery and drops its duplicate.
    const { verifyDelivery } = await import(await docsReceiver());
    const seen = new Set<string>();
    expect(verifyDelivery(SECRET, one.headers, one.body, seen)).toMatchObject({ event: 'monitor.failing' });
    expect(verifyDelivery(SECRET, two.headers, two.body, seen)).toBeNull();
    expect(() => verifyDelivery(SECRET, two.headers, `${two.body} `, new Set())).toThrow(/signature/);
    for (const release of held) release();
  }, 60_000);

  it('signs the timestamp: a delivery replayed after five minutes is refused by the receiver', () => {
    const verifier = new Webhook(`whsec_${Buffer.from(SECRET).toString('base64')}`);
    const body = '{"event":"monitor.failing"}';
    const sign = (seconds: number) => ({
      'webhook-id': 'alert-1',
      'webhook-timestamp': String(seconds),
      'webhook-signature': signDelivery('alert-1', seconds, body, SECRET),
    });
    const now = Math.floor(Date.now() / 1000);
    expect(verifier.verify(body, sign(now))).toEqual({ event: 'monitor.failing' });
    expect(() => verifier.verify(body, sign(now - 6 * 60))).toThrow(/too old/i);
    // Another id under the same timestamp and body does not verify: the id is signed too.
    expect(() => verifier.verify(body, { ...sign(now), 'webhook-id': 'alert-2' })).toThrow();
  });
});
