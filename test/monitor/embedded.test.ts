/**
 * The embedded database (docs/monitors.md): PGlite in HOPLENS_DATA_DIR, the in-process scheduler driven by the
 * test's clock, history pruned after HOPLENS_HISTORY_DAYS, and monitors and history kept across a restart. One data
 * directory for the file: creating one takes PGlite several seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorSystem } from '../../src/monitor/index.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { admin, manualClock, monitorApp } from '../helpers/monitors.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const DAY = 24 * 60 * 60 * 1000;
let dataDir: string;
let target: TestServer;
let failing = false;
const clock = manualClock();
const cleanups = cleanupAfterEach();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hoplens-data-'));
  target = await startServer((_req, res) => res.writeHead(failing ? 500 : 200).end('page'));
});
afterAll(async () => {
  await target?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function embedded(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await monitorApp(
    { HOPLENS_DATA_DIR: dataDir, ...env },
    { startMonitors: true, monitors: { now: clock.now, tickMs: 3_600_000 } },
  );
  cleanups.push(() => app.close());
  return app;
}

const system = (app: FastifyInstance) => app.hoplens.monitors as MonitorSystem;

describe('the embedded database', () => {
  it('is created under HOPLENS_DATA_DIR and runs a due monitor into its history, repeats folded', async () => {
    const app = await embedded();
    expect(system(app).kind).toBe('embedded');
    const { body: monitor } = await admin(app, 'POST', '/api/monitors', { url: `${target.origin}/a`, interval: 60 });
    await system(app).tick();
    const runs = async () => (await admin(app, 'GET', `/api/monitors/${monitor.id}/runs`)).body.runs;
    expect(await runs()).toMatchObject([{ outcome: 'passed', repeats: 1 }]);
    clock.advance(30_000);
    await system(app).tick();
    expect(target.requests.filter((path) => path === '/a')).toHaveLength(1);
    clock.advance(30_000);
    await system(app).tick();
    expect(await runs()).toMatchObject([{ outcome: 'passed', repeats: 2 }]);
    failing = true;
    clock.advance(60_000);
    await system(app).tick();
    failing = false;
    expect((await runs()).map((run: { outcome: string }) => run.outcome)).toEqual(['failed', 'passed']);
  }, 60_000);

  it('keeps monitors and history across a restart', async () => {
    const first = await embedded();
    const { body: monitor } = await admin(first, 'POST', '/api/monitors', {
      url: `${target.origin}/kept`,
      labels: { a: 'b' },
    });
    await system(first).tick();
    const before = (await admin(first, 'GET', `/api/monitors/${monitor.id}/runs`)).body.runs;
    expect(before).toHaveLength(1);
    await first.close();

    const second = await embedded();
    expect((await admin(second, 'GET', `/api/monitors/${monitor.id}`)).body).toMatchObject({
      url: `${target.origin}/kept`,
      labels: { a: 'b' },
      state: 'passed',
    });
    expect((await admin(second, 'GET', `/api/monitors/${monitor.id}/runs`)).body.runs).toEqual(before);
  }, 60_000);

  it('deletes runs older than HOPLENS_HISTORY_DAYS', async () => {
    const app = await embedded({ HOPLENS_HISTORY_DAYS: '2' });
    const { body: monitor } = await admin(app, 'POST', '/api/monitors', {
      url: `${target.origin}/old-history`,
      paused: true,
    });
    await admin(app, 'POST', `/api/monitors/${monitor.id}/run`);
    clock.advance(DAY);
    failing = true;
    await admin(app, 'POST', `/api/monitors/${monitor.id}/run`);
    failing = false;
    const runs = async () => (await admin(app, 'GET', `/api/monitors/${monitor.id}/runs`)).body.runs;
    expect(await runs()).toHaveLength(2);
    clock.advance(DAY + 60_000);
    await system(app).tick();
    expect((await runs()).map((run: { outcome: string }) => run.outcome)).toEqual(['failed']);
  }, 60_000);
});
