/**
 * `hoplens coverage` from the built executable: each format over a generated migration whose figures are the
 * generator's own sums (test/helpers/migration-traffic.ts), a log on standard input, a rules file answered by its
 * format's matcher, `--live` against a loopback site, `--fail-under`, and the usage errors.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOG_FORMAT_NAMES } from '../../src/cli/coverage/flags.js';
import { LOG_FORMATS } from '../../src/inputs/logs/index.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { assertBuilt, killChildren, runCli, spawnCli, tempDir } from '../helpers/cli.js';
import { holdingServer } from '../helpers/holding-server.js';
import {
  combinedLine,
  combinedLog,
  generateMigration,
  COMBINED_PERSON as PERSON,
  plantedSums,
} from '../helpers/migration-traffic.js';
import { until } from '../helpers/polling.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

const SITE = 'https://www.example.com';
const migration = generateMigration(4545, 120);
const sums = plantedSums(migration.urls);
let dir: { path: string; remove: () => Promise<void> };
const at = (name: string) => join(dir.path, name);

beforeAll(async () => {
  assertBuilt();
  dir = await tempDir();
  await writeFile(at('map.csv'), migration.csv);
  await writeFile(at('access.log'), combinedLog(migration, 11));
});
afterAll(() => dir?.remove());
afterEach(killChildren);
const held = cleanupAfterEach();

const coverage = (args: string[], input?: string) =>
  spawnCli(['coverage', ...args], { cwd: dir.path, timeoutMs: 60_000, ...(input === undefined ? {} : { input }) });

/** The summary's figures as the generator planted them. */
function planted() {
  const pick = (count: { urls: number; hits: number; botHits: number }) => count;
  return {
    all: pick(sums.all),
    covered: pick(sums.covered),
    direct: pick(sums.direct),
    chained: pick(sums.chained),
    uncovered: pick(sums.uncovered),
  };
}

describe('hoplens coverage', () => {
  it('json: the planted hits, covered, direct, chained and uncovered, and the shares', async () => {
    const out = await coverage(['map.csv', '--log', 'access.log', '--base-url', SITE, '--format', 'json']);
    expect(out.stderr).toMatch(/Coverage: \d+\.\d% of/);
    expect(out.code).toBe(0);
    const report = JSON.parse(out.stdout);
    const { all, covered, direct, chained, uncovered } = report.summary;
    expect({ all, covered, direct, chained, uncovered }).toEqual(planted());
    expect(report.summary.shares.covered).toBeCloseTo(sums.covered.hits / sums.all.hits, 12);
    expect(report.summary.shares.direct).toBeCloseTo(sums.direct.hits / sums.all.hits, 12);
    expect(report.rows).toHaveLength(migration.urls.length);
    expect(report.map).toMatchObject({ format: 'csv', matching: 'pairs' });
  }, 90_000);

  it('table: the ranked URLs (--top), the figures and the top uncovered URLs', async () => {
    const out = await coverage(['map.csv', '--log', 'access.log', '--base-url', SITE, '--top', '5']);
    expect(out.code).toBe(0);
    const ranked = out.stdout.split('\n').filter((line) => /^\s*\d+\s+\d+\s+\d+\s+(yes|no)\s/.test(line));
    expect(ranked).toHaveLength(5);
    expect(out.stdout).toContain(`(the top 5 of ${migration.urls.length} URLs`);
    const covered = new RegExp(`Covered by the map\\s+${sums.covered.hits.toLocaleString('en-US')}\\s`);
    expect(out.stdout).toMatch(covered);
    expect(out.stdout).toMatch(new RegExp(`Not covered\\s+${sums.uncovered.hits.toLocaleString('en-US')}\\s`));
    expect(out.stdout).toContain('Top uncovered URLs:');
    // Each URL's POST, 404 and image, planted by combinedLog, told apart by why they were left out.
    const n = migration.urls.length;
    expect(out.stdout).toContain(`left out: ${n} assets, ${n} not GET or HEAD, ${n} answered neither 2xx nor 3xx`);
  }, 90_000);

  it('ndjson and csv: a record per URL in rank order, the summary last (ndjson)', async () => {
    const nd = await coverage(['map.csv', '--log', 'access.log', '--base-url', SITE, '--format', 'ndjson']);
    const records = nd.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records).toHaveLength(migration.urls.length + 1);
    expect(records.at(-1)).toMatchObject({ type: 'summary', summary: { covered: sums.covered } });
    const csv = await coverage(['map.csv', '--log', 'access.log', '--base-url', SITE, '--format', 'csv']);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('rank,url,hits,bot_hits,covered,line,status,target,redirected_again');
    expect(lines).toHaveLength(migration.urls.length + 1);
    const coveredHits = lines
      .slice(1)
      .map((line) => line.split(','))
      .filter((cells) => cells[4] === 'yes')
      .reduce((total, cells) => total + Number(cells[2]), 0);
    expect(coveredHits).toBe(sums.covered.hits);
  }, 90_000);

  it('reads the log on standard input (--log -)', async () => {
    const out = await coverage(
      ['map.csv', '--log', '-', '--base-url', SITE, '--format', 'json'],
      combinedLog(migration, 12),
    );
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout).summary.covered).toEqual(sums.covered);
  }, 90_000);

  it("answers a rules file with its format's own matcher (splats, placeholders), offline", async () => {
    // Netlify's splats and placeholders: https://docs.netlify.com/routing/redirects/redirect-options/
    await writeFile(at('_redirects'), '/news/:year/:slug  /articles/:slug  301\n/shop/*  /store/:splat  301\n');
    const person = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
    const line = (path: string) =>
      `198.51.100.4 - - [07/Dec/2026:06:00:00 +0000] "GET ${path} HTTP/1.1" 200 10 "-" "${person}"`;
    const log = [line('/news/2020/hello'), line('/news/2020/hello'), line('/shop/red/hat'), line('/about')].join('\n');
    await writeFile(at('rules.log'), `${log}\n`);
    const out = await coverage(['_redirects', '--log', 'rules.log', '--format', 'json']);
    expect(out.code).toBe(0);
    const report = JSON.parse(out.stdout);
    expect(report.map).toMatchObject({ format: 'netlify', matching: 'rules', skipped: 0 });
    expect(report.rows.map((row: { url: string; target?: string }) => [row.url, row.target])).toEqual([
      ['/news/2020/hello', '/articles/hello'],
      ['/about', undefined],
      ['/shop/red/hat', '/store/red/hat'],
    ]);
    expect(report.summary.shares.covered).toBeCloseTo(3 / 4, 12);
  }, 90_000);

  it('--fail-under: exit 1 below the share covered, 0 at or above it', async () => {
    const share = (100 * sums.covered.hits) / sums.all.hits;
    const gate = (percent: number) =>
      coverage(['map.csv', '--log', 'access.log', '--base-url', SITE, '--fail-under', String(percent)]);
    const below = await gate(Math.ceil(share + 1));
    expect(below.code).toBe(1);
    expect(below.stderr).toMatch(/under --fail-under/);
    const above = await gate(Math.floor(share - 1));
    expect(above.code).toBe(0);
  }, 90_000);

  it('usage errors exit 2 before reading: no traffic, --live without --base-url, a bad --fail-under', async () => {
    for (const args of [
      ['map.csv'],
      ['map.csv', '--log', 'access.log', '--live'],
      ['map.csv', '--log', 'access.log', '--fail-under', '120'],
    ]) {
      const out = await coverage(args);
      expect(out.code, args.join(' ')).toBe(2);
    }
  }, 90_000);

  it("declares --log-format's choices as the log readers name them", () => {
    expect([...LOG_FORMAT_NAMES]).toEqual([...LOG_FORMATS]);
  });
});

describe('hoplens coverage --live', () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startRedirectServer({
      '/old': { status: 301, location: '{origin}/new' },
      '/two': { status: 301, location: '{origin}/mid' },
      '/mid': { status: 301, location: '{origin}/new' },
      '/broken': { status: 301, location: '{origin}/nowhere' },
      '/new': { status: 200, body: 'new', headers: { 'content-type': 'text/plain' } },
    });
  });
  afterAll(() => site?.close());

  it('checks each URL as check does: the share that landed on a 200 in one hop', async () => {
    await writeFile(at('live.csv'), 'source,target\n/old,/new\n/two,/new\n/broken,/nowhere\n');
    const person = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
    const line = (path: string) =>
      `198.51.100.4 - - [07/Dec/2026:06:00:00 +0000] "GET ${path} HTTP/1.1" 200 10 "-" "${person}"`;
    const hits = { '/old': 5, '/two': 3, '/broken': 2, '/unmapped': 1 };
    const log = Object.entries(hits).flatMap(([path, count]) => Array.from({ length: count }, () => line(path)));
    await writeFile(at('live.log'), `${log.join('\n')}\n`);
    const html = at('live.html');
    const out = await coverage([
      'live.csv',
      ...['--log', 'live.log', '--base-url', site.origin, '--live', '--format', 'json', '--report', `html=${html}`],
    ]);
    expect(out.code, out.stderr).toBe(0);
    const report = JSON.parse(out.stdout);
    expect(report.live).toBe(true);
    expect(report.summary.landed).toEqual({ urls: 1, hits: 5, botHits: 0 });
    expect(report.summary.shares.landed).toBeCloseTo(5 / 11, 12);
    const live = Object.fromEntries(
      report.rows.map((row: { url: string; live: { outcome: string; redirects: number; finalStatus: number } }) => [
        new URL(row.url).pathname,
        [row.live.outcome, row.live.redirects, row.live.finalStatus],
      ]),
    );
    expect(live).toEqual({
      '/old': ['passed', 1, 200],
      '/two': ['passed', 2, 200],
      '/broken': ['failed', 1, 404],
      '/unmapped': ['failed', 0, 404],
    });
    expect(site.requests.filter((path) => path === '/old')).toHaveLength(1);
    const page = await readFile(html, 'utf8');
    expect(page).toMatch(/^<!doctype html>/i);
    expect(page).toContain('45.5%');
  }, 90_000);

  it('--live shows a progress bar on a terminal, from when the requests start; --no-progress or a pipe shows none', async () => {
    await writeFile(at('bar.csv'), 'source,target\n/old,/new\n/two,/new\n');
    await writeFile(
      at('bar.log'),
      ['/old', '/two', '/unmapped'].map((path) => combinedLine(path, 200, PERSON)).join('\n'),
    );
    const args = ['coverage', 'bar.csv', '--log', 'bar.log', '--base-url', site.origin, '--live', '--format', 'json'];
    const terminal = (shown: string[]) => {
      const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
      stream.on('data', (chunk: Buffer) => shown.push(chunk.toString()));
      return stream;
    };
    const drawn: string[] = [];
    const out = await runCli(args, { cwd: dir.path, stderrIsTTY: true, stderr: terminal(drawn) });
    expect(out.code).toBe(0);
    // Three URLs to request (the unmapped one too): its first frame counts them, before any was checked.
    expect(drawn.join('')).toMatch(/0% \| 0\/3 rows/);
    const quiet: string[] = [];
    await runCli([...args, '--no-progress'], { cwd: dir.path, stderrIsTTY: true, stderr: terminal(quiet) });
    expect(quiet.join('')).not.toMatch(/rows \|/);
    const piped = await runCli(args, { cwd: dir.path });
    expect(piped.stderr).not.toMatch(/rows \|/);
    expect(piped.stderr).not.toContain('\u001b[');
  }, 90_000);

  it('Ctrl-C during --live: exit 130, the report written, and how many URLs were never requested', async () => {
    // A site that holds every answer: the first request arriving is the moment to press Ctrl-C.
    const site = await holdingServer(held);
    const paths = ['/a', '/b', '/c', '/d'];
    await writeFile(at('held.csv'), `source,target\n${paths.map((path) => `${path},/new${path}`).join('\n')}\n`);
    await writeFile(at('held.log'), paths.map((path) => combinedLine(path, 200, PERSON)).join('\n'));
    const args = ['held.csv', '--log', 'held.log', '--base-url', site.origin, '--live', '--format', 'json'];
    const out = await spawnCli(['coverage', ...args, '--concurrency', '1'], {
      cwd: dir.path,
      timeoutMs: 60_000,
      onSpawn: (child) => {
        void until(() => site.held() >= 1, 50_000).then(
          () => child.kill('SIGINT'),
          () => child.kill('SIGKILL'),
        );
      },
    });
    expect(out.code, out.stderr).toBe(130);
    expect(JSON.parse(out.stdout).rows).toHaveLength(4);
    expect(out.stderr).toMatch(/interrupted \(Ctrl-C\): partial live results, 4 URLs never requested/);
  }, 90_000);
});
