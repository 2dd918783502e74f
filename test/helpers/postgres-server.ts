/**
 * A private PostgreSQL cluster for tests: `initdb` in a temp directory, started with `pg_ctl` on a free loopback
 * port, removed by the test that made it. PostgreSQL refuses to run as root, so as root the cluster belongs to the
 * `postgres` user (Debian's package creates it) and its commands run through `runuser`.
 */
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './redis-server.js';

const run = promisify(execFile);

/** Where Debian puts the server's programs (`initdb` and `pg_ctl` are not on PATH there). */
const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

function binary(name: string): string {
  const dir = BIN_DIRS.find((candidate) => existsSync(join(candidate, name)));
  return dir === undefined ? name : join(dir, name);
}

export interface TestPostgres {
  port: number;
  /** A new empty database on the cluster, as a `postgres://` URL. */
  createDatabase(): Promise<string>;
  /**
   * Restarts the server as a crash would: stopped at once (`-m immediate`, every connection cut), down for `downMs`
   * (connections refused), then started again on the same port with the same data.
   */
  restart(downMs: number): Promise<void>;
  /** Stops the cluster at once and removes its directory. */
  stop(): Promise<void>;
}

/** The postgres user's uid and gid, when this process runs as root. */
async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (userInfo().uid !== 0) return undefined;
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: group } = await run('id', ['-g', 'postgres']);
  return { uid: Number(stdout.trim()), gid: Number(group.trim()) };
}

let databases = 0;

/** Makes and starts a cluster (a few seconds). */
export async function startPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'hoplens-pg-'));
  const owner = await postgresUser();
  if (owner !== undefined) chownSync(dir, owner.uid, owner.gid);
  chmodSync(dir, 0o700);
  const as = async (program: string, args: string[]) =>
    owner === undefined
      ? run(binary(program), args)
      : run('runuser', ['-u', 'postgres', '--', binary(program), ...args]);
  const data = join(dir, 'data');
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => as('pg_ctl', ['-D', data, '-o', options, '-w', '-t', '30', '-l', join(dir, 'log'), 'start']);
  await start();
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    async createDatabase() {
      const name = `hoplens_${process.pid}_${++databases}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async restart(downMs) {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    async stop() {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
