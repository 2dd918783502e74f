/**
 * `hoplens check` runs that take from earlier runs or check a part of the input: `--cache` (a repeated 10,000-row
 * run, requests counted at a loopback server), a corrupt cache, `--include`/`--exclude`, and the edges of
 * `--resume` (a cut report, `--force`, a finished report). In-process through `run()`; the SIGINT and the packed
 * executable are tested in check-resume.test.ts and test/install.
 *
 * The cache follows lychee's (`--cache`, `.lycheecache`, `--max-cache-age` "Discard all cached requests older than
 * this duration", default 1d: lycheeverse/lychee README.md); the patterns are WHATWG URL Patterns
 * (https://urlpattern.spec.whatwg.org/), as the policy file's `allow` takes them.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
/** The rows' requests (paths under /ok/, /gone/, /a/...), since the last reset. */
let requested: string[] = [];
const dir = tempDirPerTest();

beforeAll(async () => {
  server = await startServer((req, res) => {
    const path = (req.url ?? '').replace(/\?.*/, '');
    if (path !== '/robots.txt') requested.push(path);
    res.writeHead(path.startsWith('/gone/') ? 404 : 200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
});

beforeEach(() => {
  requested = [];
});

afterAll(async () => {
  await server.close();
});

const url = (path: string) => `${server.origin}${path}`;

async function list(name: string, paths: string[]): Promise<string> {
  const file = join(dir(), name);
  await writeFile(file, `${paths.map(url).join('\n')}\n`);
  return file;
}

const rows = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { source: string; outcome: string; cached?: string; kind?: string });

describe('check --cache', () => {
  it('answers a repeated 10,000-row run from the cache: no request for a cached passing row, failures rechecked', async () => {
    const paths: string[] = [];
    for (let i = 0; i < 10_000; i++) paths.push(i % 100 === 0 ? `/gone/${i}` : `/ok/${i}`);
    const input = await list('big.txt', paths);
    const cache = join(dir(), 'runs.cache');
    const report = join(dir(), 'report.ndjson');
    const flags = ['--format', 'ndjson', '-o', report, '--cache', cache, '--concurrency', '64', '--per-host', '64'];

    const first = await runCli(['check', input, ...flags]);
    expect(first.code).toBe(1);
    expect(requested.length).toBe(10_000);
    const before = Date.now();

    requested = [];
    const second = await runCli(['check', input, ...flags]);
    expect(second.code).toBe(1);
    // Only the 100 failing rows were asked again.
    expect(requested.length).toBe(100);
    expect(requested.every((path) => path.startsWith('/gone/'))).toBe(true);
    const answered = rows(await readFile(report, 'utf8'));
    expect(answered.length).toBe(10_000);
    const cached = answered.filter((row) => row.cached !== undefined);
    expect(cached.length).toBe(9_900);
    expect(cached.every((row) => row.outcome === 'passed' && Date.parse(row.cached!) <= before)).toBe(true);
    expect(second.stdout).toContain('9900 passed, 100 failed, 0 errored; 9900 from the cache');

    // With --cache-failures the failures are answered too: no request at all.
    requested = [];
    const third = await runCli(['check', input, ...flags, '--cache-failures']);
    expect(third.code).toBe(1);
    expect(requested).toEqual([]);
    expect(rows(await readFile(report, 'utf8')).filter((row) => row.outcome === 'failed').length).toBe(100);
  }, 180_000);

  it('rechecks a row whose request options differ, or whose answer is older than --max-cache-age', async () => {
    const input = await list('few.txt', ['/ok/1', '/ok/2']);
    const cache = join(dir(), 'few.cache');
    expect((await runCli(['check', input, '--cache', cache])).code).toBe(0);
    requested = [];
    expect((await runCli(['check', input, '--cache', cache, '--user-agent', 'other/1.0'])).code).toBe(0);
    expect(requested.sort()).toEqual(['/ok/1', '/ok/2']);
    requested = [];
    expect((await runCli(['check', input, '--cache', cache])).code).toBe(0);
    expect(requested).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await runCli(['check', input, '--cache', cache, '--max-cache-age', '1s'])).code).toBe(0);
    expect(requested.sort()).toEqual(['/ok/1', '/ok/2']);
    const bad = await runCli(['check', input, '--cache', cache, '--max-cache-age', 'a week']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-cache-age must be a duration');
    expect((await runCli(['check', input, '--cache-failures'])).stderr).toContain('--cache-failures needs --cache');
  });

  it('refuses --cache into a folder that does not exist, up front: exit 2 naming the flag and the folder, no request', async () => {
    const input = await list('few.txt', ['/ok/1', '/ok/2']);
    const folder = join(dir(), 'no-such-folder');
    const outcome = await runCli(['check', input, '--cache', join(folder, 'run.cache')]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain(`--cache needs a folder that exists: ${folder} is not one`);
    expect(requested).toEqual([]);
  });

  it.each([
    ['not JSON at all', 'this is not a cache\n'],
    ['another JSON file', '{"name":"package"}\n'],
    ['a line cut short', '{"hoplens":"check-cache","version":1}\n{"key":"abc","at":17'],
    ['an entry of the wrong shape', '{"hoplens":"check-cache","version":1}\n{"key":1,"outcome":"passed"}\n'],
  ])('ignores a corrupt cache (%s) with a warning, checks every row and writes a whole one', async (_what, text) => {
    const input = await list('few.txt', ['/ok/1', '/ok/2']);
    const cache = join(dir(), 'bad.cache');
    await writeFile(cache, text);
    const outcome = await runCli(['check', input, '--cache', cache]);
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).toMatch(/hoplens: cache .*bad\.cache ignored, checking every row/);
    expect(requested.sort()).toEqual(['/ok/1', '/ok/2']);
    // Written whole, by a rename: no temporary file left beside it, and the next run is answered from it.
    expect((await readdir(dir())).filter((name) => name.includes('.tmp'))).toEqual([]);
    requested = [];
    const again = await runCli(['check', input, '--cache', cache]);
    expect(again.stderr).not.toContain('ignored');
    expect(requested).toEqual([]);
  });
});

describe('check --include / --exclude', () => {
  it('checks only the rows whose source a pattern includes and none excludes; repeatable', async () => {
    const input = await list('rows.txt', ['/a/1', '/a/2', '/b/1', '/b/2', '/c/1']);
    const report = join(dir(), 'subset.ndjson');
    const outcome = await runCli([
      'check',
      input,
      '--format',
      'ndjson',
      '-o',
      report,
      '--include',
      `${server.origin}/a/*`,
      '--include',
      `${server.origin}/b/*`,
      '--exclude',
      `${server.origin}/b/2`,
    ]);
    expect(outcome.code).toBe(0);
    expect(rows(await readFile(report, 'utf8')).map((row) => row.source)).toEqual([
      url('/a/1'),
      url('/a/2'),
      url('/b/1'),
    ]);
    expect(requested.sort()).toEqual(['/a/1', '/a/2', '/b/1']);

    requested = [];
    // Exclude alone: every row but those; a pattern's wildcards cover any host and port.
    const excluded = await runCli(['check', input, '--exclude', '*://*:*/a/*']);
    expect(excluded.code).toBe(0);
    expect(requested.sort()).toEqual(['/b/1', '/b/2', '/c/1']);
  });

  it('refuses a pattern that is not one, naming the flag', async () => {
    const input = await list('rows.txt', ['/a/1']);
    const outcome = await runCli(['check', input, '--include', 'not a [pattern']);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain('--include must be a URL pattern');
    expect(requested).toEqual([]);
  });
});

describe('check --resume, its edges', () => {
  it('drops a row cut by a killed run and checks it again; a missing report is a run from the start', async () => {
    const input = await list('rows.txt', ['/ok/1', '/ok/2', '/ok/3']);
    const report = join(dir(), 'cut.ndjson');
    expect((await runCli(['check', input, '--resume', report])).code).toBe(0);
    expect(requested.length).toBe(3);
    const whole = await readFile(report, 'utf8');
    const [first, second] = whole.split('\n');
    // As a run killed in the middle of writing its second row leaves it.
    await writeFile(report, `${first}\n${second!.slice(0, 40)}`);
    requested = [];
    const resumed = await runCli(['check', input, '--resume', report]);
    expect(resumed.code).toBe(0);
    expect(requested.sort()).toEqual(['/ok/2', '/ok/3']);
    expect(rows(await readFile(report, 'utf8')).map((row) => row.source)).toEqual([
      url('/ok/1'),
      url('/ok/2'),
      url('/ok/3'),
    ]);
    expect(resumed.stdout).toContain('Summary: 3 rows checked');
  });

  it('--force overwrites an interrupted report; a finished one is overwritten as before', async () => {
    const input = await list('rows.txt', ['/ok/1', '/ok/2']);
    const report = join(dir(), 'r.ndjson');
    const interrupted = `${JSON.stringify({ line: 1, source: url('/ok/1'), outcome: 'passed' })}\n{"kind":"summary","interrupted":true}\n`;
    await writeFile(report, interrupted);
    expect((await runCli(['check', input, '--format', 'ndjson', '-o', report])).code).toBe(2);
    expect(await readFile(report, 'utf8')).toBe(interrupted);
    expect((await runCli(['check', input, '--format', 'ndjson', '-o', report, '--force'])).code).toBe(0);
    expect(rows(await readFile(report, 'utf8')).length).toBe(2);
    requested = [];
    expect((await runCli(['check', input, '--format', 'ndjson', '-o', report])).code).toBe(0);
    expect(requested.length).toBe(2);
  });

  it('continues only an ndjson report, and only the --output it names', async () => {
    const input = await list('rows.txt', ['/ok/1']);
    const report = join(dir(), 'r.ndjson');
    const json = await runCli(['check', input, '--resume', report, '--format', 'json']);
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('--resume continues an ndjson report');
    const other = await runCli(['check', input, '--resume', report, '-o', join(dir(), 'other.ndjson')]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('name the same file in both');
    await writeFile(report, 'source,target\n');
    const notReport = await runCli(['check', input, '--resume', report]);
    expect(notReport.code).toBe(2);
    expect(notReport.stderr).toContain('not an ndjson report of hoplens check');
    expect(requested).toEqual([]);
  });
});
