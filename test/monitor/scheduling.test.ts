/**
 * Scheduling on a shared PostgreSQL with pg-boss (docs/monitors.md): a due monitor runs and lands in its history;
 * two instances never run one due check twice; a run whose instance dies mid-run is run by another. Targets count
 * their requests; the clock is the test's where the test drives the ticks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorSystem } from '../../src/monitor/index.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { admin, manualClock, monitorApp } from '../helpers/monitors.js';
import { until } from '../helpers/polling.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres-server.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let postgres: TestPostgres;
let target: TestServer;
/** Requests to hang instead of answering (by path), released at the end. */
const hanging = new Set<string>();
const held: Array<() => void> = [];
const cleanups = cleanupAfterEach();

beforeAll(async () => {
  postgres = await startPostgres();
  target = await startServer((req, res) => {
    if (hanging.delete(req.url ?? '')) {
      held.push(() => res.destroy());
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
}, 60_000);
afterAll(async () => {
  for (const release of held) release();
  await target?.close();
  await postgres?.stop();
});

const requestsTo = (path: string) => target.requests.filter((request) => request === path).length;

async function instance(databaseUrl: string, clock: ReturnType<typeof manualClock>): Promise<FastifyInstance> {
  const app = await monitorApp(
    { DATABASE_URL: databaseUrl },
    { startMonitors: true, monitors: { now: clock.now, tickMs: 3_600_000, boss: { pollingIntervalSeconds: 0.5 } } },
  );
  cleanups.push(() => app.close());
  return app;
}

const system = (app: FastifyInstance) => app.hoplens.monitors as MonitorSystem;

async function history(app: FastifyInstance, id: string) {
  return (await admin(app, 'GET', `/api/monitors/${id}/runs`)).body.runs as Array<{ repeats: number; outcome: string }>;
}

describe('migrations on PostgreSQL', () => {
  it('run once when several instances start together (an advisory lock serialises them)', async () => {
    const databaseUrl = await postgres.createDatabase();
    const apps = await Promise.all([1, 2, 3, 4].map(() => monitorApp({ DATABASE_URL: databaseUrl })));
    for (const app of apps) cleanups.push(() => app.close());
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    cleanups.push(() => client.end());
    const { rows } = await client.query('SELECT version FROM hoplens_schema_migrations ORDER BY version');
    expect(rows).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }]);
    for (const app of apps) expect((await admin(app, 'GET', '/api/monitors')).status).toBe(200);
  });
});

describe('scheduling on PostgreSQL', () => {
  it('runs a created monitor when due, and again an interval later, into its history', async () => {
    const clock = manualClock();
    const app = await instance(await postgres.createDatabase(), clock);
    const { body: monitor } = await admin(app, 'POST', '/api/monitors', {
      url: `${target.origin}/scheduled`,
      interval: 60,
    });
    const created = clock.now();
    await system(app).tick();
    await until(async () => (await history(app, monitor.id)).length === 1, 15_000);
    expect(await history(app, monitor.id)).toMatchObject([{ outcome: 'passed', repeats: 1 }]);
    // Not due again within its interval.
    clock.advance(59_000);
    await system(app).tick();
    clock.advance(2_000);
    await system(app).tick();
    await until(async () => (await history(app, monitor.id))[0]?.repeats === 2, 15_000);
    expect(requestsTo('/scheduled')).toBe(2);
    const read = (await admin(app, 'GET', `/api/monitors/${monitor.id}`)).body;
    expect(read.state).toBe('passed');
    // Picked up a second late (at 61 s), its next run stays on its schedule: 120 s after the first, not 121 s.
    expect(Date.parse(read.nextRunAt)).toBe(created + 120_000);
    // Runs missed while nothing ran are skipped, not caught up: picked up 10.5 intervals late, it runs once, and
    // next at the first time of its schedule after now.
    clock.advance(60_000 * 10 + 59_000 + 30_000);
    await system(app).tick();
    await until(async () => (await history(app, monitor.id))[0]?.repeats === 3, 15_000);
    const later = (await admin(app, 'GET', `/api/monitors/${monitor.id}`)).body;
    expect(clock.now()).toBe(created + 750_000);
    expect(Date.parse(later.nextRunAt)).toBe(created + 780_000);
    expect(requestsTo('/scheduled')).toBe(3);
  });

  it('never runs a due check twice across two instances', async () => {
    const clock = manualClock();
    const databaseUrl = await postgres.createDatabase();
    const one = await instance(databaseUrl, clock);
    const two = await instance(databaseUrl, clock);
    const ids: string[] = [];
    for (let index = 0; index < 8; index++) {
      const { body } = await admin(one, 'POST', '/api/monitors', {
        url: `${target.origin}/twice-${index}`,
        interval: 60,
      });
      ids.push(body.id);
    }
    for (let round = 1; round <= 2; round++) {
      await Promise.all([system(one).tick(), system(two).tick(), system(one).tick(), system(two).tick()]);
      await until(async () => {
        const runs = await Promise.all(ids.map((id) => history(one, id)));
        return runs.every((rows) => rows[0]?.repeats === round);
      }, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (let index = 0; index < 8; index++) expect(requestsTo(`/twice-${index}`), `round ${round}`).toBe(round);
      clock.advance(60_000);
    }
  });

  it('runs on another instance a check whose instance was killed mid-run', async () => {
    const databaseUrl = await postgres.createDatabase();
    const clock = manualClock();
    // The survivor: built first (its API creates the monitor), its scheduler started only after the crash.
    const survivor = await monitorApp(
      { DATABASE_URL: databaseUrl },
      {
        monitors: {
          now: clock.now,
          tickMs: 3_600_000,
          boss: { maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
        },
      },
    );
    cleanups.push(() => survivor.close());
    hanging.add('/crash');
    const { body: monitor } = await admin(survivor, 'POST', '/api/monitors', { url: `${target.origin}/crash` });

    const child = spawnInstance(databaseUrl);
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    await until(() => requestsTo('/crash') === 1, 30_000, 50);
    child.kill('SIGKILL');
    await once(child, 'exit');

    await system(survivor).start();
    await until(async () => (await history(survivor, monitor.id)).length === 1, 30_000, 100);
    expect(await history(survivor, monitor.id)).toMatchObject([{ outcome: 'passed', repeats: 1 }]);
    expect(requestsTo('/crash')).toBe(2);
  });
});

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'instance.ts');

function spawnInstance(databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}
