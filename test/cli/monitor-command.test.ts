/**
 * `hoplens monitor import` and `export` (docs/monitors.md) against the real service, built from source with an admin
 * token and an embedded database in a temporary directory, listening on loopback. The commands run in-process.
 * Bearer tokens: RFC 6750.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { admin, MONITOR_APP_START_MS, monitorApp, TOKEN } from '../helpers/monitors.js';
import { listen } from '../helpers/service.js';

let dataDir: string;
let app: FastifyInstance;
let server: string;
const env = { HOPLENS_ADMIN_TOKEN: TOKEN };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hoplens-monitor-cli-'));
  app = await monitorApp({ HOPLENS_DATA_DIR: join(dataDir, 'data') });
  server = await listen(app);
}, MONITOR_APP_START_MS);
afterAll(async () => {
  await app?.close();
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

/** Every monitor starts from an empty service. */
beforeEach(async () => {
  for (const monitor of await monitors()) await admin(app, 'DELETE', `/api/monitors/${monitor.id}`);
});

// biome-ignore lint/suspicious/noExplicitAny: tests read the JSON answers field by field
async function monitors(): Promise<any[]> {
  return (await admin(app, 'GET', '/api/monitors')).body.monitors;
}

function file(name: string, text: string): string {
  const path = join(dataDir, name);
  writeFileSync(path, text);
  return path;
}

const CSV = [
  'source,target,status',
  'https://a.example/old,https://a.example/new,301',
  'https://a.example/gone,/home,308',
  'https://b.example/page,,',
].join('\n');

describe('hoplens monitor import', () => {
  it('creates one monitor per CSV row, with its expectation, interval and labels', async () => {
    const csv = file('redirects.csv', CSV);
    const args = ['monitor', 'import', csv, '--server', server, '--interval', '600'];
    const result = await runCli([...args, '--label', 'team=web', '--label', 'source=csv'], { env });
    expect(result.stderr).toContain('monitors: 3 created, 0 unchanged, 0 failed');
    expect(result.code).toBe(0);
    const stored = (await monitors()).sort((a, b) => a.url.localeCompare(b.url));
    expect(stored.map((m) => [m.url, m.expect.target, m.expect.status])).toEqual([
      ['https://a.example/gone', 'https://a.example/home', 308],
      ['https://a.example/old', 'https://a.example/new', 301],
      ['https://b.example/page', undefined, undefined],
    ]);
    for (const monitor of stored) {
      expect(monitor).toMatchObject({ interval: 600, labels: { team: 'web', source: 'csv' }, paused: false });
    }
  }, 30_000);

  it('reads a CSV whose target is under another name with --columns, and refuses it unnamed', async () => {
    const csv = file('export.csv', 'Alt,Ziel,Code\nhttps://a.example/old,https://a.example/new,301\n');
    const refused = await runCli(['monitor', 'import', csv, '--server', server], { env });
    expect(refused.code).toBe(2);
    const args = ['monitor', 'import', csv, '--server', server, '--columns', 'source=Alt,target=Ziel'];
    const named = await runCli(args, { env });
    expect(named.code).toBe(0);
    expect((await monitors()).map((m) => [m.url, m.expect.target, m.expect.status])).toEqual([
      ['https://a.example/old', 'https://a.example/new', 301],
    ]);
  }, 30_000);

  it('is idempotent: a monitor with the same URL and expectation is not created twice', async () => {
    const csv = file('again.csv', CSV);
    expect((await runCli(['monitor', 'import', csv, '--server', server], { env })).code).toBe(0);
    const again = await runCli(['monitor', 'import', csv, '--server', server], { env });
    expect(again.stderr).toContain('monitors: 0 created, 3 unchanged, 0 failed');
    expect(again.code).toBe(0);
    // A different expectation for a URL already monitored is a different check: created.
    const changed = file('changed.csv', 'source,target,status\nhttps://a.example/old,https://a.example/other,302\n');
    const third = await runCli(['monitor', 'import', changed, '--server', server], { env });
    expect(third.stderr).toContain('monitors: 1 created, 0 unchanged, 0 failed');
    expect(await monitors()).toHaveLength(4);
  }, 30_000);

  it('reads redirect rules (a _redirects file on --base-url) and a list from standard input', async () => {
    const dir = mkdtempSync(join(dataDir, 'site-'));
    const rules = join(dir, '_redirects');
    writeFileSync(rules, '/blog/* /news/:splat 301\n/old /new 301\n/temp /elsewhere 302\n');
    const result = await runCli(
      ['monitor', 'import', rules, '--base-url', 'https://site.example', '--server', server],
      {
        env,
      },
    );
    expect(result.stderr).toContain('monitors: 2 created, 0 unchanged, 0 failed, 1 skipped');
    expect(result.code).toBe(0);
    const listed = await runCli(['monitor', 'import', '-', '--server', server], {
      env,
      stdin: 'https://site.example/old\nhttps://list.example/\n',
    });
    // The list's row has no expectation, so it is not the rule's monitor of the same URL.
    expect(listed.stderr).toContain('monitors: 2 created, 0 unchanged, 0 failed');
    expect((await monitors()).map((m) => [m.url, m.expect.status]).sort()).toEqual([
      ['https://list.example/', undefined],
      ['https://site.example/old', undefined],
      ['https://site.example/old', 301],
      ['https://site.example/temp', 302],
    ]);
  }, 30_000);

  it('exits 1 with each refused row told when the service refuses them (400 naming the field)', async () => {
    const csv = file('refused.csv', CSV);
    const label = `team=${'v'.repeat(257)}`;
    const result = await runCli(['monitor', 'import', csv, '--server', server, '--label', label], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('monitors: 0 created, 0 unchanged, 3 failed');
    expect(result.stderr).toMatch(/line 2: https:\/\/a\.example\/old: Invalid field "labels\.team"/);
    expect(await monitors()).toEqual([]);
  }, 30_000);

  it('exits 2 for a malformed row, after creating the good ones', async () => {
    const csv = file('bad-row.csv', 'source,status\nhttps://ok.example/,301\nhttps://bad.example/,abc\n');
    const result = await runCli(['monitor', 'import', csv, '--server', server], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/line 3: /);
    expect(result.stderr).toContain('monitors: 1 created, 0 unchanged, 0 failed, 1 invalid');
    expect((await monitors()).map((m) => m.url)).toEqual(['https://ok.example/']);
  }, 30_000);

  it.each([
    ['a wrong token', ['--token', `${TOKEN}x`], env, /refused the admin token \(401\)/],
    ['no token', [], {}, /pass --token or set HOPLENS_ADMIN_TOKEN/],
    ['a bad --interval', ['--interval', '59'], env, /--interval must be an integer from 60 to 86400, got 59/],
    ['a bad --label', ['--label', 'team'], env, /--label must be key=value, got "team"/],
  ])('exits 2 with %s, creating nothing', async (_case, extra, environment, message) => {
    const csv = file('refused-token.csv', CSV);
    const result = await runCli(['monitor', 'import', csv, '--server', server, ...extra], { env: environment });
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
    expect(await monitors()).toEqual([]);
  });

  it('exits 2 when the service cannot be reached or has monitors off', async () => {
    const csv = file('unreachable.csv', CSV);
    const down = await runCli(['monitor', 'import', csv, '--server', 'http://127.0.0.1:9'], { env });
    expect(down.code).toBe(2);
    expect(down.stderr).toMatch(/cannot reach the hoplens service at http:\/\/127\.0\.0\.1:9\/ \(ECONNREFUSED\)/);
    const off = await monitorApp({ HOPLENS_ADMIN_TOKEN: '' });
    try {
      const origin = await listen(off);
      const result = await runCli(['monitor', 'import', csv, '--server', origin], { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/has no monitors API \(404\)/);
    } finally {
      await off.close();
    }
  });
});

describe('hoplens monitor export', () => {
  it('writes the monitors as GET /api/monitors answers, to stdout or --output', async () => {
    const csv = file('export.csv', CSV);
    expect((await runCli(['monitor', 'import', csv, '--server', server, '--label', 'x=y'], { env })).code).toBe(0);
    const listed = (await admin(app, 'GET', '/api/monitors')).body;
    expect(listed.monitors).toHaveLength(3);

    const out = await runCli(['monitor', 'export', '--server', server], { env });
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(listed);
    expect(out.stderr).toContain('exported 3 monitors');

    const result = await runCli(['monitor', 'export', '--server', server, '--output', 'monitors.json'], {
      env: { HOPLENS_ADMIN_TOKEN: 'ignored' },
      cwd: dataDir,
    });
    expect(result.code).toBe(2);
    const written = await runCli(
      ['monitor', 'export', '--server', server, '--token', TOKEN, '--output', 'monitors.json'],
      { cwd: dataDir },
    );
    expect(written.code).toBe(0);
    expect(written.stdout).toBe('');
    expect(JSON.parse(readFileSync(join(dataDir, 'monitors.json'), 'utf8'))).toEqual(listed);
  }, 30_000);

  it('exits 2 when --output cannot be written', async () => {
    const result = await runCli(
      ['monitor', 'export', '--server', server, '--output', join(dataDir, 'no/such/x.json')],
      {
        env,
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--output .*no\/such\/x\.json: the directory does not exist/);
  });
});
