/**
 * Each run's time, duration and outcome (docs/monitors.md, "Every run"): kept one by one even where identical runs
 * are folded into one row of history, so the page's uptime and response-time chart count runs, not rows; pruned with
 * the history; and the alerts of a monitor as the API shows them, without their webhook URL. On the embedded
 * database with a clock the test moves: the target moves it while it answers, so each run's duration is known.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorSystem } from '../../src/monitor/index.js';
import { openPgliteDatabase } from '../../src/monitor/storage/pglite-database.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { admin, manualClock, monitorApp, startWebhookSink, type WebhookSink } from '../helpers/monitors.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const DAY = 24 * 60 * 60 * 1000;
let dataDir: string;
let target: TestServer;
let sink: WebhookSink;
let failing = false;
/** How long the target "takes", in the test's clock, for the next answer. */
let answerMs = 0;
/** The path whose answer takes `answerMs`. */
let timedPath = '';
const clock = manualClock();
const cleanups = cleanupAfterEach();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hoplens-ticks-'));
  sink = await startWebhookSink();
  target = await startServer((req, res) => {
    // Only the answer to the URL under test "takes" the time: not the final page's robots.txt, nor the earlier
    // tests' monitors, due too in the same data directory.
    if (req.url === timedPath) clock.advance(answerMs);
    res.writeHead(failing ? 500 : 200).end('page');
  });
});
afterAll(async () => {
  await target?.close();
  await sink?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function embedded(): Promise<FastifyInstance> {
  const app = await monitorApp(
    { HOPLENS_DATA_DIR: dataDir },
    { startMonitors: true, monitors: { now: clock.now, tickMs: 3_600_000 } },
  );
  cleanups.push(() => app.close());
  return app;
}

/** The target's URL for `path`, whose answers from now on take `answerMs`. */
function timed(path: string): string {
  timedPath = path;
  return `${target.origin}${path}`;
}

const system = (app: FastifyInstance) => app.hoplens.monitors as MonitorSystem;

/** Runs the monitor due now, its answer taking `ms`, then moves the clock to its next run. */
async function runTaking(app: FastifyInstance, ms: number): Promise<number> {
  answerMs = ms;
  const startedAt = clock.now();
  await system(app).tick();
  clock.advance(60_000 - ms);
  return startedAt;
}

describe("a monitor's runs one by one", () => {
  it('keeps each run of a folded row of history, with its time, duration and outcome', async () => {
    const app = await embedded();
    const { body: monitor } = await admin(app, 'POST', '/api/monitors', {
      url: timed('/a'),
      interval: 60,
      alerts: [{ type: 'webhook', url: sink.url }],
    });
    const starts = [await runTaking(app, 120), await runTaking(app, 340)];
    failing = true;
    starts.push(await runTaking(app, 80));
    failing = false;
    const rows = (await admin(app, 'GET', `/api/monitors/${monitor.id}/runs`)).body.runs;
    // Two rows of history: the two passing runs are one row repeated twice.
    expect(rows.map((row: { outcome: string; repeats: number }) => [row.outcome, row.repeats])).toEqual([
      ['failed', 1],
      ['passed', 2],
    ]);
    const { status, body: ticks } = await admin(app, 'GET', `/api/monitors/${monitor.id}/ticks`);
    expect(status).toBe(200);
    expect(ticks.at).toEqual(starts);
    expect(ticks.durationMs).toEqual([120, 340, 80]);
    expect(ticks.outcomes).toBe('ppf');
    expect(Date.parse(ticks.from)).toBe(clock.now() - 30 * DAY);

    // A shorter period leaves the older runs out.
    const recent = (await admin(app, 'GET', `/api/monitors/${monitor.id}/ticks?days=1`)).body;
    expect(recent.outcomes).toBe('ppf');
    clock.advance(2 * DAY);
    expect((await admin(app, 'GET', `/api/monitors/${monitor.id}/ticks?days=1`)).body.outcomes).toBe('');

    // Passing, then failing: one alert, queued by the failing run; the API shows it without the webhook's URL.
    const { body: alerts } = await admin(app, 'GET', `/api/monitors/${monitor.id}/alerts`);
    expect(alerts.alerts.map((alert: { event: string }) => alert.event)).toEqual(['monitor.failing']);
    expect(JSON.stringify(alerts)).not.toContain(sink.url);
    expect(alerts.alerts[0]).toMatchObject({
      channel: 'webhook',
      status: expect.any(String),
      attempts: expect.any(Number),
    });
    expect(Number.isNaN(Date.parse(alerts.alerts[0].createdAt))).toBe(false);
  }, 60_000);

  it('refuses a period out of range, and answers 404 for an unknown monitor', async () => {
    const app = await embedded();
    const { body: monitor } = await admin(app, 'POST', '/api/monitors', {
      url: timed('/b'),
    });
    for (const days of ['0', '91', 'x', '1.5']) {
      const { status, body } = await admin(app, 'GET', `/api/monitors/${monitor.id}/ticks?days=${days}`);
      expect(status, days).toBe(400);
      expect(body.error.parameter).toBe('days');
    }
    expect((await admin(app, 'GET', '/api/monitors/nope/ticks')).status).toBe(404);
    expect((await admin(app, 'GET', '/api/monitors/nope/alerts')).status).toBe(404);
  }, 60_000);

  it('prunes runs older than HOPLENS_HISTORY_DAYS, even those of a row of history still repeating', async () => {
    const app = await embedded();
    const { body: monitor } = await admin(app, 'POST', '/api/monitors', {
      url: timed('/c'),
      interval: 60,
    });
    await runTaking(app, 10);
    // 89 days later the row still repeats (same result), so the row stays; its first run is past 90 days soon.
    clock.advance(89 * DAY);
    const second = await runTaking(app, 20);
    clock.advance(2 * DAY);
    const third = await runTaking(app, 30);
    const ticks = (await admin(app, 'GET', `/api/monitors/${monitor.id}/ticks?days=90`)).body;
    expect(ticks.at).toEqual([second, third]);
    const rows = (await admin(app, 'GET', `/api/monitors/${monitor.id}/runs`)).body.runs;
    expect(rows).toMatchObject([{ outcome: 'passed', repeats: 3 }]);
  }, 60_000);

  it('comes with an upgrade: a database of schema 1 gets the table, its old runs kept and without ticks', async () => {
    const first = await embedded();
    const { body: monitor } = await admin(first, 'POST', '/api/monitors', {
      url: timed('/d'),
      interval: 60,
    });
    await runTaking(first, 10);
    await first.close();
    // Back to schema 2, as a database written before this version was.
    const db = await openPgliteDatabase(dataDir);
    await db.query('DROP TABLE hoplens_run_ticks');
    await db.query('DELETE FROM hoplens_schema_migrations WHERE version = 3');
    await db.close();

    const upgraded = await embedded();
    expect((await admin(upgraded, 'GET', `/api/monitors/${monitor.id}/runs`)).body.runs).toMatchObject([
      { repeats: 1 },
    ]);
    expect((await admin(upgraded, 'GET', `/api/monitors/${monitor.id}/ticks`)).body.at).toEqual([]);
    const next = await runTaking(upgraded, 15);
    const ticks = (await admin(upgraded, 'GET', `/api/monitors/${monitor.id}/ticks`)).body;
    expect([ticks.at, ticks.durationMs, ticks.outcomes]).toEqual([[next], [15], 'p']);
  }, 60_000);
});
