/**
 * `HOPLENS_ALERT_BLOCK_PRIVATE` (docs/monitors.md, SECURITY.md): with it on, the chat and webhook channels' URLs are
 * held to the address policy analyses run under, with the same allow-list (`HOPLENS_ALLOW_NETWORKS`). Real servers
 * on loopback: 127.0.0.2 is the allowed network (the monitored site and one receiver listen there), 127.0.0.1 is not.
 * - at creation, a URL naming a refused address (127.0.0.1, [::1], localhost) is a 400 naming `alerts.N.url`;
 * - at send time, a name the test's resolver answers with 127.0.0.1 is refused by the guarded connector: the alert is
 *   `failed` at once (not retried), logged and counted, and nothing reaches the receiver; the service goes on;
 * - with the setting off (the default), a receiver on 127.0.0.1 gets its alert as before.
 * On the embedded database; runs started by hand, alerts delivered by the scheduler's tick.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorSystem } from '../../src/monitor/index.js';
import { loadConfig } from '../../src/service/config.js';
import { admin, monitorApp } from '../helpers/monitors.js';
import { until } from '../helpers/polling.js';
import { tableResolver } from '../helpers/resolvers.js';
import { type Handler, startServer, type TestServer } from '../helpers/servers.js';
import { captureLogs } from '../helpers/service.js';

let site: TestServer;
let allowed: TestServer;
let refused: TestServer;
let dataDir: string;
const hits = { allowed: 0, refused: 0 };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hoplens-alert-policy-'));
  site = await startServer((_req, res) => res.writeHead(500).end('down'), '127.0.0.2');
  const sink =
    (key: keyof typeof hits): Handler =>
    (req, res) => {
      req.resume();
      req.on('end', () => {
        hits[key]++;
        res.end('ok');
      });
    };
  allowed = await startServer(sink('allowed'), '127.0.0.2');
  refused = await startServer(sink('refused'), '127.0.0.1');
}, 30_000);

afterAll(async () => {
  await site?.close();
  await allowed?.close();
  await refused?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Only 127.0.0.2 is allowed: the site analysed and one receiver. */
const ENV = { HOPLENS_ALLOW_NETWORKS: '127.0.0.2/32', HOPLENS_PUBLIC_URL: 'https://hoplens.example' };

async function failingRun(app: FastifyInstance, alerts: unknown[]): Promise<string> {
  const created = await admin(app, 'POST', '/api/monitors', { url: `${site.origin}/old`, paused: true, alerts });
  expect(created.status).toBe(201);
  expect((await admin(app, 'POST', `/api/monitors/${created.body.id}/run`)).body.outcome).toBe('failed');
  return created.body.id;
}

async function settled(app: FastifyInstance, id: string, count: number) {
  const monitors = app.hoplens.monitors as MonitorSystem;
  let alerts: Array<{ status: string; attempts: number; lastError: string | null; channel: string }> = [];
  await until(async () => {
    await monitors.tick();
    alerts = (await admin(app, 'GET', `/api/monitors/${id}/alerts`)).body.alerts;
    return alerts.length === count && alerts.every((alert) => alert.status !== 'pending');
  }, 20_000);
  return alerts;
}

describe('HOPLENS_ALERT_BLOCK_PRIVATE=on', () => {
  let app: FastifyInstance;
  const logs = captureLogs();
  const port = () => refused.port;

  beforeAll(async () => {
    app = await monitorApp(
      {
        ...ENV,
        HOPLENS_DATA_DIR: join(dataDir, 'on'),
        HOPLENS_ALERT_BLOCK_PRIVATE: 'on',
        HOPLENS_METRICS: 'on',
        LOG_LEVEL: 'info',
      },
      {
        startMonitors: true,
        logStream: logs.stream,
        monitors: {
          tickMs: 3_600_000,
          resolver: tableResolver({ 'hooks.internal.test': '127.0.0.1', 'hooks.allowed.test': '127.0.0.2' }),
        },
      },
    );
  }, 60_000);
  afterAll(async () => app?.close());

  it.each([
    ['webhook', () => `http://127.0.0.1:${port()}/hook`, 'a loopback address'],
    ['slack', () => `http://127.0.0.1:${port()}/services/x`, 'a loopback address'],
    ['teams', () => `http://[::1]:${port()}/workflows`, 'a loopback address'],
    ['discord', () => `http://localhost:${port()}/api/webhooks/1`, 'a loopback name'],
    ['googlechat', () => `http://10.1.2.3/v1/spaces`, 'a private address'],
    ['webhook', () => `http://169.254.169.254/latest`, 'a cloud metadata address'],
  ])('refuses a %s channel at %s with 400 naming alerts.1.url', async (type, url, what) => {
    const response = await admin(app, 'POST', '/api/monitors', {
      url: `${site.origin}/old`,
      alerts: [
        { type: 'webhook', url: `${allowed.origin}/fine` },
        { type, url: url() },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'alerts.1.url' });
    expect(response.body.error.message).toContain(what);
    expect(response.body.error.message).toContain('HOPLENS_ALERT_BLOCK_PRIVATE');
  });

  it('refuses at send time a name that resolves to loopback, and delivers to the allowed network', async () => {
    const id = await failingRun(app, [
      { type: 'webhook', url: `http://hooks.internal.test:${refused.port}/secret-path` },
      { type: 'slack', url: `http://hooks.allowed.test:${allowed.port}/slack` },
      { type: 'webhook', url: `${allowed.origin}/hook` },
    ]);
    const alerts = await settled(app, id, 3);
    expect(hits.refused).toBe(0);
    expect(hits.allowed).toBe(2);
    const blocked = alerts.filter((alert) => alert.status === 'failed');
    expect(blocked).toHaveLength(1);
    // Given up at once: the address will not change between attempts.
    expect(blocked[0]).toMatchObject({ attempts: 1, channel: 'webhook' });
    expect(blocked[0]?.lastError).toMatch(
      /^refused: hooks\.internal\.test resolves to 127\.0\.0\.1, a loopback address/,
    );
    expect(alerts.filter((alert) => alert.status === 'sent')).toHaveLength(2);
    const failed = logs.lines.filter((line) => line.event === 'alert_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ willRetry: false, level: 50 });
    expect(JSON.stringify(logs.lines)).not.toContain('secret-path');
    const metrics = await app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(/hoplens_alerts_total\{channel="webhook",outcome="failed"\} 1/);
    // The service goes on: it still answers.
    expect((await admin(app, 'GET', '/api/monitors')).status).toBe(200);
  });
});

describe("HOPLENS_ALERT_BLOCK_PRIVATE=on and the instance's own webhook", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await monitorApp(
      {
        ...ENV,
        HOPLENS_DATA_DIR: join(dataDir, 'instance'),
        HOPLENS_ALERT_BLOCK_PRIVATE: 'on',
        HOPLENS_WEBHOOK_URL: `http://hooks.internal.test:${refused.port}/instance`,
      },
      {
        startMonitors: true,
        monitors: { tickMs: 3_600_000, resolver: tableResolver({ 'hooks.internal.test': '127.0.0.1' }) },
      },
    );
  }, 60_000);
  afterAll(async () => app?.close());

  it('holds HOPLENS_WEBHOOK_URL to the policy at send time too', async () => {
    const before = hits.refused;
    const created = await admin(app, 'POST', '/api/monitors', { url: `${site.origin}/old`, paused: true });
    expect((await admin(app, 'POST', `/api/monitors/${created.body.id}/run`)).body.outcome).toBe('failed');
    const [alert] = await settled(app, created.body.id, 1);
    expect(alert).toMatchObject({ status: 'failed', attempts: 1 });
    expect(alert?.lastError).toMatch(/^refused: /);
    expect(hits.refused).toBe(before);
  });
});

describe('HOPLENS_ALERT_BLOCK_PRIVATE off (the default)', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await monitorApp(
      { ...ENV, HOPLENS_DATA_DIR: join(dataDir, 'off') },
      { startMonitors: true, monitors: { tickMs: 3_600_000 } },
    );
  }, 60_000);
  afterAll(async () => app?.close());

  it('takes and delivers to a receiver on 127.0.0.1, outside HOPLENS_ALLOW_NETWORKS, as before', async () => {
    const before = hits.refused;
    const id = await failingRun(app, [{ type: 'webhook', url: `${refused.origin}/hook` }]);
    const alerts = await settled(app, id, 1);
    expect(alerts[0]?.status).toBe('sent');
    expect(hits.refused).toBe(before + 1);
  });
});

describe('the setting', () => {
  it('is off by default, reads on/off like the other switches, and says what a bad value should be', () => {
    expect(loadConfig({}).monitors.alertBlockPrivate).toBe(false);
    expect(loadConfig({ HOPLENS_ALERT_BLOCK_PRIVATE: 'ON' }).monitors.alertBlockPrivate).toBe(true);
    expect(loadConfig({ HOPLENS_ALERT_BLOCK_PRIVATE: 'false' }).monitors.alertBlockPrivate).toBe(false);
    expect(() => loadConfig({ HOPLENS_ALERT_BLOCK_PRIVATE: 'yes' })).toThrow(
      'HOPLENS_ALERT_BLOCK_PRIVATE: must be on or off, got "yes"',
    );
  });
});
