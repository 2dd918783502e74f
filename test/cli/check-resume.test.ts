/**
 * `hoplens check --resume`, as users meet it: the built executable stopped by a real SIGINT about a third of the way
 * through an ndjson report, then run again. A loopback server logs every request, so that the resumed run is seen
 * to request no row its report already had, and the finished report is compared with an uninterrupted run's.
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, killChildren, spawnCli, tempDir, waitFor } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const ROWS = 60;
let server: TestServer;
/** Paths of the rows' requests (`/from/N`, `/to/N`), in the order they came. */
let requested: string[] = [];
let dir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  assertBuilt();
  server = await startServer((req, res) => {
    const path = (req.url ?? '').replace(/\?.*/, '');
    if (path.startsWith('/from/') || path.startsWith('/to/')) requested.push(path);
    // Slow enough that a SIGINT lands mid-run on any machine; every row is two requests.
    setTimeout(() => {
      const from = /^\/from\/(\d+)$/.exec(path);
      res.writeHead(from ? 301 : 200, from ? { location: `/to/${from[1]}` } : { 'content-type': 'text/plain' });
      res.end(from ? '' : 'ok');
    }, 25);
  });
  dir = await tempDir();
});

afterEach(() => killChildren());

afterAll(async () => {
  killChildren();
  await server.close();
  await dir.remove();
});

const reportLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** A report's rows without what differs from run to run (times, dates, connection reuse), in input order. */
function comparable(text: string) {
  const rows = reportLines(text).filter((record) => record.kind !== 'summary');
  for (const row of rows) {
    delete row.time;
    for (const hop of row.chain as Array<Record<string, unknown>>) {
      for (const field of ['responseTime', 'timings', 'reusedConnection', 'remotePort']) delete hop[field];
      delete (hop.headers as Record<string, unknown>).date;
    }
  }
  return rows.sort((a, b) => (a.line as number) - (b.line as number));
}

describe('check --resume (spawned, real SIGINT)', () => {
  it('continues a report interrupted at about 30% to the report of an uninterrupted run, requesting no row twice', async () => {
    const csv = join(dir.path, 'moves.csv');
    const lines = ['source,target'];
    for (let i = 1; i <= ROWS; i++) lines.push(`${server.origin}/from/${i},${server.origin}/to/${i}`);
    await writeFile(csv, `${lines.join('\n')}\n`);
    const flags = ['--format', 'ndjson', '--concurrency', '2', '--per-host', '2', '--no-stats'];

    // The oracle: the same command, never interrupted.
    const whole = join(dir.path, 'whole.ndjson');
    const uninterrupted = await spawnCli(['check', csv, ...flags, '-o', whole], { timeoutMs: 60_000 });
    expect(uninterrupted.code).toBe(0);

    // Interrupted once about a third of the rows are in the report.
    const report = join(dir.path, 'report.ndjson');
    const rowsIn = () => {
      try {
        return readFileSync(report, 'utf8')
          .split('\n')
          .filter((line) => line.includes('"outcome"')).length;
      } catch {
        return 0;
      }
    };
    const stopped = await spawnCli(['check', csv, ...flags, '-o', report], {
      timeoutMs: 60_000,
      onSpawn: (child) => {
        void waitFor(() => rowsIn() >= ROWS * 0.3, 50_000).then(
          () => child.kill('SIGINT'),
          () => child.kill('SIGKILL'),
        );
      },
    });
    expect(stopped.code).toBe(130);
    const partial = await readFile(report, 'utf8');
    const done = reportLines(partial).filter((record) => record.kind !== 'summary');
    expect(done.length).toBeGreaterThanOrEqual(ROWS * 0.3);
    expect(done.length).toBeLessThan(ROWS);
    // The closing record marks the report as an interrupted run's, with the rows it never checked.
    const closing = reportLines(partial).at(-1)!;
    expect(closing).toMatchObject({ kind: 'summary', interrupted: true, unchecked: ROWS - done.length });
    expect(stopped.stdout).toContain(`Interrupted: partial results, ${ROWS - done.length} rows never checked.`);

    // The same command again refuses to destroy it, naming both ways on, and leaves it as it was.
    const rerun = await spawnCli(['check', csv, ...flags, '-o', report]);
    expect(rerun.code).toBe(2);
    expect(rerun.stderr).toContain(`--resume ${report}`);
    expect(rerun.stderr).toContain('--force');
    expect(await readFile(report, 'utf8')).toBe(partial);

    requested = [];
    const resumed = await spawnCli(['check', csv, ...flags, '--resume', report], { timeoutMs: 60_000 });
    expect(resumed.code).toBe(0);
    // The summary covers the whole run, the rows of the first part included.
    expect(resumed.stdout).toContain(`Summary: ${ROWS} rows checked`);
    expect(resumed.stdout).toContain(`${ROWS} passed`);
    // No row of the report was requested again; every other row was, once (two requests: the move and its end).
    const again = new Set(done.map((row) => String(row.source).replace(server.origin, '')));
    expect(requested.filter((path) => again.has(path))).toEqual([]);
    expect(requested.length).toBe(2 * (ROWS - done.length));

    const final = await readFile(report, 'utf8');
    // Appended, never truncated: the first run's rows are still the report's first lines, byte for byte.
    const firstRows = partial.slice(0, partial.lastIndexOf('{"kind":"summary"'));
    expect(final.startsWith(firstRows)).toBe(true);
    expect(final).not.toContain('"interrupted"');
    expect(comparable(final)).toEqual(comparable(await readFile(whole, 'utf8')));
  }, 120_000);
});
