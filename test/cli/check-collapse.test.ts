/** hoplens check across a whole run: redirect_collapse and --stats, over 2,000 rows against one loopback server. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
let dir: Awaited<ReturnType<typeof tempDir>>;
let list: string;

/**
 * 2,000 rows: 300 sent to the site root (the collapse), 1,400 each to its own new page, 100 through a 302 and a 301,
 * 100 pages that answer at once, 100 gone (404).
 */
const GROUPS = { collapse: 300, moved: 1400, twice: 100, ok: 100, gone: 100 };

beforeAll(async () => {
  server = await startServer((req, res) => {
    const [, kind, id] = (req.url ?? '').split('/');
    const answer = (status: number, location?: string) => {
      res.writeHead(status, location === undefined ? {} : { location });
      res.end();
    };
    if (req.url === '/' || kind === 'new' || kind === 'ok' || kind === 'end') return answer(200);
    if (kind === 'collapse') return answer(301, '/');
    if (kind === 'moved') return answer(301, `/new/${id}`);
    if (kind === 'twice') return answer(302, `/then/${id}`);
    if (kind === 'then') return answer(301, `/end/${id}`);
    return answer(404);
  });
  dir = await tempDir();
  const lines = Object.entries(GROUPS).flatMap(([kind, count]) =>
    Array.from({ length: count }, (_, i) => `${server.origin}/${kind}/${i}`),
  );
  list = join(dir.path, 'urls.txt');
  await writeFile(list, `${lines.join('\n')}\n`);
});
afterAll(async () => {
  await server.close();
  await dir.remove();
});

const FAST = ['--concurrency', '32', '--per-host', '32', '--retries', '0'];

describe('hoplens check: redirect_collapse and the run figures', () => {
  it('finds 300 rows collapsing onto the root, counts the run, and fails it', async () => {
    const { code, stdout, stderr } = await runCli(['check', list, '--format', 'ndjson', '--stats', ...FAST]);
    const records = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records).toHaveLength(2000 + 1);
    const trailer = records.at(-1);
    expect(trailer.kind).toBe('summary');
    expect(trailer.redirectCollapse).toMatchObject({
      type: 'redirect_collapse',
      severity: 'error',
      threshold: 10,
      targets: [{ finalUrl: `${server.origin}/`, rows: 300, root: true }],
    });
    expect(trailer.redirectCollapse.targets).toHaveLength(1);
    expect(trailer.stats).toMatchObject({
      outcomes: { passed: 1900, failed: 100, errored: 0 },
      redirects: [200, 1700, 100, 0, 0, 0],
      permanent: 300 + 1400 + 100,
      temporary: 100,
    });
    expect(trailer.stats.slowest).toHaveLength(10);
    // The rows themselves passed: the collapse fails the run.
    expect(code).toBe(1);
    expect(stderr).toContain(`300 rows -> ${server.origin}/ (a site root`);
    expect(stderr).toMatch(/Redirects per row: 0: 200, 1: 1700, 2: 100; redirects: 1800 permanent, 100 temporary/);
    expect(stderr).toMatch(/Summary: 2000 rows checked/);
  }, 60_000);

  it('needs --collapse-threshold rows, and a policy file can make it a warning', async () => {
    const above = await runCli(['check', list, '--format', 'ndjson', '--collapse-threshold', '301', ...FAST]);
    expect(above.stdout.trim().split('\n')).toHaveLength(2000);
    expect(above.code).toBe(1); // the 404 rows still fail it
    // Without the rows that fail on their own: the collapse alone decides the exit status.
    const collapsing = join(dir.path, 'collapsing.txt');
    const urls = Array.from({ length: 20 }, (_, i) => `${server.origin}/collapse/${i}`);
    await writeFile(collapsing, `${urls.join('\n')}\n`);
    const config = join(dir.path, 'warn.json');
    await writeFile(config, JSON.stringify({ severity: { redirect_collapse: 'warning' } }));
    expect((await runCli(['check', collapsing, ...FAST, '--quiet'])).code).toBe(1);
    const warned = await runCli(['check', collapsing, '--config', config, ...FAST, '--quiet']);
    expect(warned.stdout).toContain('redirect_collapse');
    expect(warned.code).toBe(0);
    const strict = await runCli(['check', collapsing, '--config', config, '--strict', ...FAST, '--quiet']);
    expect(strict.code).toBe(1);
  }, 90_000);
});
