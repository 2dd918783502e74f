/** `hoplens URL` and client redirects: the Via column, `--client-redirects report`, and a bad value. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

const HTML = { 'content-type': 'text/html' };
let server: TestServer;

beforeAll(async () => {
  server = await startRedirectServer({
    '/old': { status: 301, location: '/stub' },
    '/stub': { status: 200, headers: HTML, body: '<meta http-equiv="refresh" content="5; url=/new">' },
    '/new': { status: 200, body: 'new' },
  });
});
afterAll(() => server.close());

describe('hoplens URL with client redirects', () => {
  it('follows a meta refresh by default and says how each hop led on, in a Via column', async () => {
    const run = await runCli([`${server.origin}/old`]);
    expect(run.code).toBe(0);
    const rows = run.stdout.split('\n');
    expect(rows.find((row) => row.includes('Hop') && row.includes('Status'))).toMatch(/Via/);
    const hopRow = (number: number) => rows.find((row) => new RegExp(`^\\s+${number}\\s`).test(row));
    expect(hopRow(1)).toMatch(/301.*\bHTTP\b.*\/old/);
    expect(hopRow(2)).toMatch(/200.*meta refresh 5 s.*\/stub/);
    expect(run.stdout).toContain(`${server.origin}/new`);
  });

  it('with --client-redirects report, ends at the stub page and reports the refresh', async () => {
    const run = await runCli([`${server.origin}/old`, '--client-redirects', 'report', '--json']);
    const result = JSON.parse(run.stdout);
    expect(result.chain).toHaveLength(2);
    expect(result.summary.issues.map((issue: { type: string }) => issue.type)).toContain('meta_refresh');
  });

  it('carries redirectVia and refreshDelay in --json', async () => {
    const run = await runCli([`${server.origin}/old`, '--json']);
    const result = JSON.parse(run.stdout);
    expect(result.chain.map((hop: { redirectVia?: string }) => hop.redirectVia)).toEqual([
      'http',
      'meta-refresh',
      undefined,
    ]);
    expect(result.chain[1].refreshDelay).toBe(5);
  });

  it('hoplens check follows them by default: a migration row whose old URL is now a stub page passes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hoplens-stub-'));
    try {
      const csv = join(dir, 'rows.csv');
      await writeFile(csv, `source,target\n${server.origin}/old,${server.origin}/new\n`);
      const followed = await runCli(['check', csv, '--format', 'json']);
      expect(followed.code).toBe(0);
      expect(JSON.parse(followed.stdout)[0]).toMatchObject({ outcome: 'passed', finalUrl: `${server.origin}/new` });
      // Curl's view ends at the stub page, which is not the target.
      const reported = await runCli(['check', csv, '--format', 'json', '--client-redirects', 'report']);
      expect(reported.code).toBe(1);
      expect(JSON.parse(reported.stdout)[0]).toMatchObject({ outcome: 'failed', finalUrl: `${server.origin}/stub` });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown mode with exit 2', async () => {
    const run = await runCli([`${server.origin}/old`, '--client-redirects', 'always']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--client-redirects/);
  });
});
