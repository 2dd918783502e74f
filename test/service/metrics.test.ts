/**
 * `GET /metrics` scraped from a real running service (startService: listening on loopback, its scheduler ticking, the
 * embedded database) and parsed by an independent parser of Prometheus's text format: the counters move with the
 * work done between two scrapes. The exposition format:
 * https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format; bearer tokens: RFC 6750 section 2.1.
 * The same run's log lines are then searched for every secret it was given.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/monitor/storage/migrations.js';
import { type RunningService, startService } from '../../src/service/start-service.js';
import { cleanupAfterAll } from '../helpers/cleanups.js';
import { TOKEN } from '../helpers/monitors.js';
import { until } from '../helpers/polling.js';
import { Scrape, scrape } from '../helpers/prometheus.js';
import { closedPort, startRedirectServer, startServer } from '../helpers/servers.js';
import { appWith, TEST_ENV } from '../helpers/service.js';

const cleanups = cleanupAfterAll();

/** Every secret the service is given; none may appear in its log. */
const SECRETS = {
  admin: TOKEN,
  metrics: 'metrics-token-6b1f0c',
  webhookPath: 'T0AAAA-B0BBBB-webhook-path-secret',
  slackPath: 'slack-path-secret-9d2e',
  webhookSecret: 'signing-secret-77aa',
  smtpPassword: 'smtp-password-3c4d',
};

interface Harness {
  service: RunningService;
  origin: string;
  log: string[];
  target: string;
  received: string[];
  slackUrl: string;
  receiverOrigin: string;
  webhookUrl: string;
}

async function startHarness(): Promise<Harness> {
  const target = await startRedirectServer({
    '/old': { status: 301, location: '/new' },
    '/new': { status: 200, headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>new</title>' },
  });
  cleanups.push(() => target.close());
  const received: string[] = [];
  const receiver = await startServer((req, res) => {
    received.push(req.url ?? '');
    req.resume().on('end', () => res.end('ok'));
  });
  cleanups.push(() => receiver.close());
  const dataDir = mkdtempSync(join(tmpdir(), 'hoplens-metrics-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const log: string[] = [];
  const service = await startService(
    {
      ...TEST_ENV,
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      HOPLENS_RATE_LIMIT_PER_MINUTE: '3',
      HOPLENS_METRICS: 'on',
      HOPLENS_METRICS_TOKEN: SECRETS.metrics,
      HOPLENS_ADMIN_TOKEN: SECRETS.admin,
      HOPLENS_DATA_DIR: dataDir,
      // The instance's default channel, unused here (the monitor names its own), but a secret all the same.
      HOPLENS_WEBHOOK_URL: `${receiver.origin}/hooks/${SECRETS.webhookPath}-default`,
      HOPLENS_WEBHOOK_SECRET: SECRETS.webhookSecret,
      // Read by the e-mail channel where it exists; set here so that a line quoting the environment would show it.
      HOPLENS_SMTP_URL: `smtp://alerts:${SECRETS.smtpPassword}@127.0.0.1:2525`,
    },
    { logStream: { write: (line) => void log.push(line) } },
  );
  let stopped: Promise<unknown> | undefined;
  const stop = service.stop.bind(service);
  // The last test stops it to read the whole log; the cleanup stops it only if that test did not run.
  service.stop = (reason) => {
    stopped ??= stop(reason);
    return stopped as ReturnType<typeof stop>;
  };
  cleanups.push(() => service.stop('test over'));
  // A receiver nobody listens on: every delivery to it fails and is retried later.
  const slackUrl = `http://127.0.0.1:${await closedPort()}/services/${SECRETS.slackPath}`;
  return {
    service,
    origin: service.address,
    log,
    target: target.origin,
    received,
    slackUrl,
    receiverOrigin: receiver.origin,
    webhookUrl: `${receiver.origin}/hooks/${SECRETS.webhookPath}`,
  };
}

const admin = (origin: string, method: string, path: string, body?: unknown) =>
  fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${SECRETS.admin}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

const delta = (before: Scrape, after: Scrape, name: string, labels: Record<string, string> = {}) =>
  after.value(name, labels) - before.value(name, labels);

describe('GET /metrics on a running service', () => {
  let harness: Harness;
  let before: Scrape;
  let after: Scrape;

  it('moves its counters with the analyses, the rate limit, the monitor runs and the alerts', async () => {
    harness = await startHarness();
    const { origin, target } = harness;
    before = await scrape(origin, SECRETS.metrics);
    const analyze = () => fetch(`${origin}/api/analyze?url=${encodeURIComponent(`${target}/old`)}`);
    // Three allowed this minute, the fourth refused.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await analyze()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    // Expects a 302 where the target answers 301: the first scheduled run fails and alerts both channels.
    const created = await admin(origin, 'POST', '/api/monitors', {
      url: `${target}/old`,
      expect: { target: `${target}/new`, status: 302 },
      alerts: [
        { type: 'webhook', url: harness.webhookUrl },
        { type: 'slack', url: harness.slackUrl },
      ],
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await until(
      async () => {
        const now = await scrape(origin, SECRETS.metrics);
        return (
          now.value('hoplens_alerts_total', { channel: 'webhook', outcome: 'sent' }) >= 1 &&
          now.value('hoplens_alerts_total', { channel: 'slack', outcome: 'retry' }) >= 1
        );
      },
      40_000,
      200,
    );
    expect((await admin(origin, 'POST', `/api/monitors/${id}/run`)).status).toBe(200);
    after = await scrape(origin, SECRETS.metrics);

    expect(delta(before, after, 'hoplens_analyses_total', { outcome: 'success' })).toBe(3);
    expect(delta(before, after, 'hoplens_analyses_total', { outcome: 'RATE_LIMITED' })).toBe(1);
    expect(delta(before, after, 'hoplens_rate_limit_rejections_total', { limit: 'minute' })).toBe(1);
    // Timed: the three analyses, not the refusal.
    expect(after.count('hoplens_analysis_duration_seconds')).toBe(3);
    expect(delta(before, after, 'hoplens_monitor_runs_total', { outcome: 'failed', trigger: 'scheduled' })).toBe(1);
    expect(delta(before, after, 'hoplens_monitor_runs_total', { outcome: 'failed', trigger: 'manual' })).toBe(1);
    expect(after.count('hoplens_monitor_run_lateness_seconds')).toBe(1);
    expect(after.count('hoplens_monitor_run_duration_seconds')).toBe(2);
    expect(harness.received).toEqual([`/hooks/${SECRETS.webhookPath}`]);
    // The slack alert waits for its retry: the outbox holds it.
    expect(after.value('hoplens_alert_outbox_pending')).toBe(1);
    expect(after.value('hoplens_analyses_in_flight', { gate: 'plain' })).toBe(0);
    expect(after.value('hoplens_analyses_waiting', { gate: 'render' })).toBe(0);
    expect(after.value('hoplens_analysis_slots')).toBe(64);
  }, 120_000);

  it('declares each family with its type, and Node’s own metrics beside', () => {
    expect(after.family('hoplens_analyses_total')?.type).toBe('COUNTER');
    expect(after.family('hoplens_analysis_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(after.family('hoplens_alert_outbox_pending')?.type).toBe('GAUGE');
    expect(after.family('process_resident_memory_bytes')?.type).toBe('GAUGE');
  });

  it('refuses a scrape without the token, or with another', async () => {
    const bare = await fetch(`${harness.origin}/metrics`);
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(((await bare.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    const wrong = await fetch(`${harness.origin}/metrics`, { headers: { authorization: `Bearer ${SECRETS.admin}` } });
    expect(wrong.status).toBe(401);
  });

  it('logs the runs, the alerts, migrations and the scheduler, and no secret', async () => {
    expect(await harness.service.stop('test over')).toBe('clean');
    const text = harness.log.join('');
    const events = harness.log.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line));
    const named = (event: string) => events.filter((line) => line.event === event);
    // A new store applies every step at once.
    expect(named('migrations')).toEqual([
      expect.objectContaining({ applied: SCHEMA_VERSION, version: SCHEMA_VERSION, database: 'embedded' }),
    ]);
    expect(named('scheduler_start')).toEqual([expect.objectContaining({ scheduler: 'local' })]);
    expect(named('scheduler_stop')).toEqual([expect.objectContaining({ scheduler: 'local' })]);
    expect(named('monitor_run').map((line) => [line.outcome, line.trigger])).toEqual([
      ['failed', 'scheduled'],
      ['failed', 'manual'],
    ]);
    // Where an alert went is logged as the receiver's origin: a webhook URL's path is its secret.
    expect(named('alert_sent')).toEqual([
      expect.objectContaining({ channel: 'webhook', destination: harness.receiverOrigin }),
    ]);
    const failed = named('alert_failed');
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed[0]).toMatchObject({
      channel: 'slack',
      willRetry: true,
      destination: new URL(harness.slackUrl).origin,
    });
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(text.includes(secret), `the log shows the ${name} secret`).toBe(false);
    }
  }, 30_000);
});

describe('/metrics is the operator’s choice', () => {
  it('is not served unless HOPLENS_METRICS=on', async () => {
    const app = await appWith({});
    cleanups.push(() => app.close());
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('answers any scrape in the text format when no token is set, and stays out of the OpenAPI document', async () => {
    const app = await appWith({ HOPLENS_METRICS: 'on' });
    cleanups.push(() => app.close());
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    // The text format's content type, version 0.0.4.
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(new Scrape(response.body).family('hoplens_analyses_total')?.type).toBe('COUNTER');
    const openapi = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(Object.keys(JSON.parse(openapi.body).paths)).not.toContain('/metrics');
  });
});
