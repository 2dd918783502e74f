/**
 * One owner per data directory, and readiness that tells the truth about the monitors' database. Two services on one
 * HOPLENS_DATA_DIR each acknowledged monitors that the other overwrote; now the second refuses to start, naming the
 * directory and the process that holds it, and a lock left by a `kill -9` is taken over. `/readyz` answers 503 while
 * the monitors' database cannot be reached (a private PostgreSQL cluster, stopped under the service).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/monitor/storage/data-dir-lock.js';
import { assertBuilt, BIN } from '../helpers/cli.js';
import { monitorApp } from '../helpers/monitors.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres-server.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';

let dataDir: string;
const running: ServeProcess[] = [];

beforeAll(async () => {
  assertBuilt();
  dataDir = await mkdtemp(join(tmpdir(), 'hoplens-owner-'));
});
afterAll(async () => {
  await Promise.all(running.map((serve) => serve.kill()));
  await rm(dataDir, { recursive: true, force: true });
});

const env = () => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  NO_COLOR: '1',
  HOPLENS_ADMIN_TOKEN: 'owner-test-token-0123456789',
  HOPLENS_DATA_DIR: dataDir,
});

async function serve(): Promise<ServeProcess> {
  const started = await startServe({
    command: process.execPath,
    args: [BIN, 'serve', '--port', '0', '--host', '127.0.0.1'],
    cwd: dataDir,
    env: env(),
    // Its monitors' store starts with it (PGlite, WebAssembly): 30 s ran out once while other suites held both cores.
    timeoutMs: 60_000,
  });
  running.push(started);
  return started;
}

/** Runs a second `hoplens serve` that is expected to end by itself; its exit code and stderr. */
async function refused(): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], {
    env: env(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, stderr };
}

describe('one process per data directory', () => {
  it('refuses a second service on the directory, naming it and the holder; takes over after a kill -9', async () => {
    const first = await serve();
    const second = await refused();
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`the data directory ${dataDir} is in use by process ${first.child.pid}`);
    expect(second.stderr).not.toMatch(/\n\s+at /);
    // The first still owns its monitors: it answers.
    const list = await fetch(`${first.origin}/api/monitors`, {
      headers: { authorization: 'Bearer owner-test-token-0123456789' },
    });
    expect(list.status).toBe(200);
    await first.kill();
    const third = await serve();
    expect((await fetch(`${third.origin}/readyz`)).status).toBe(200);
    await third.kill();
  }, 240_000);

  it('locks within one process too, and releases on close', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hoplens-lock-'));
    try {
      const lock = lockDataDir(dir);
      expect(() => lockDataDir(dir)).toThrow(/is in use by process/);
      lock.release();
      lockDataDir(dir).release();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('readiness and the monitors database', () => {
  let postgres: TestPostgres;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await postgres?.stop();
  });

  it('answers 503 with monitors "down" while PostgreSQL is unreachable', async () => {
    const app = await monitorApp({ DATABASE_URL: await postgres.createDatabase() });
    try {
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', monitors: 'up' });
      await postgres.stop();
      const down = await app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'not_ready', monitors: 'down' });
    } finally {
      await app.close().catch(() => {});
    }
  }, 120_000);
});
