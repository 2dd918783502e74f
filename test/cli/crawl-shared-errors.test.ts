/**
 * `hoplens crawl --worker` and `hoplens crawl report` before any crawling: what they say when the shared PostgreSQL
 * is not set, not a PostgreSQL URL, not reachable, or holds no such crawl. Each is a setting to fix (exit 2), not a
 * failed crawl (1) nor a bug (70).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres-server.js';
import { freePort } from '../helpers/redis-server.js';

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

const worker = ['crawl', 'http://127.0.0.1:9/', '--worker'];

describe('a shared crawl without its database', () => {
  it('asks for DATABASE_URL when it is not set', async () => {
    for (const argv of [worker, ['crawl', 'report', '--crawl-id', 'x']]) {
      const out = await runCli(argv, { env: {} });
      expect(out.code).toBe(2);
      expect(out.stderr).toMatch(/needs DATABASE_URL: the PostgreSQL the workers share/);
    }
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL URL', async () => {
    const out = await runCli(worker, { env: { DATABASE_URL: 'redis://127.0.0.1:6379' } });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/DATABASE_URL must use postgres: or postgresql:, not redis:/);
  });

  it('says the database cannot be reached, without printing the URL (it may hold a password)', async () => {
    const url = `postgres://hoplens:s3cret@127.0.0.1:${await freePort()}/hoplens`;
    const out = await runCli(['crawl', 'report', '--crawl-id', 'x'], { env: { DATABASE_URL: url } });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/cannot use DATABASE_URL's PostgreSQL: .*ECONNREFUSED/);
    expect(out.stderr).not.toContain('s3cret');
  });

  it('names the crawl it could not find, and asks for one when none is named', async () => {
    const env = { DATABASE_URL: await postgres.createDatabase() };
    const missing = await runCli(['crawl', 'report', '--crawl-id', 'nightly'], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/holds no crawl named "nightly"/);
    const unnamed = await runCli(['crawl', 'report'], { env });
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toMatch(/crawl report needs --crawl-id, or the crawl's start URLs/);
  });

  it('refuses a --lease that is not a whole number of seconds from 1', async () => {
    const env = { DATABASE_URL: 'postgres://127.0.0.1:9/x' };
    const out = await runCli([...worker, '--lease', '0'], { env });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/--lease must be an integer from 1 to 86400, got 0/);
  });
});
