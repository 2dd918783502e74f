/**
 * The files `hoplens check` reads back from earlier runs, edited by hand as an attacker (or a careless person) would
 * (issue 41): a `--cache` file and a report `--resume` continues, holding values of wrong types, prototype keys
 * (`__proto__`, `constructor`, `prototype`), JSON cut mid-line and lines of tens or hundreds of megabytes. A cache is
 * ignored with one warning naming the file and the line, and every row is checked; a report is refused with one error
 * naming them, and left as it was. Never a crash (exit 70), a hang, a polluted prototype or a line gathered whole.
 * In-process through `run()`, and the built executable for the cases that need a process of their own.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, killChildren, runCli, spawnCli, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
let requested: string[] = [];
const dir = tempDirPerTest();

beforeAll(async () => {
  assertBuilt();
  server = await startServer((req, res) => {
    const path = (req.url ?? '').replace(/\?.*/, '');
    if (path !== '/robots.txt') requested.push(path);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
});

beforeEach(() => {
  requested = [];
});

afterEach(() => killChildren());

afterAll(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

/** A two-row input, and the lines of the file a first run wrote with `flags` (the cache, or the report). */
async function firstRun(flags: (file: string) => string[], name: string) {
  const input = join(dir(), 'rows.txt');
  await writeFile(input, `${server.origin}/one\n${server.origin}/two\n`);
  const file = join(dir(), name);
  const first = await runCli(['check', input, ...flags(file)]);
  expect(first.code).toBe(0);
  const lines = (await readFile(file, 'utf8')).trim().split('\n');
  requested = [];
  return { input, file, lines };
}

/** Writes `before`, one line of `megabytes` MB of `x` streamed a megabyte at a time, then `after`. */
async function writeHugeLine(path: string, before: string, megabytes: number, after: string): Promise<void> {
  const out = createWriteStream(path);
  await once(out, 'open');
  out.write(before);
  const chunk = Buffer.alloc(1 << 20, 'x');
  for (let i = 0; i < megabytes; i++) if (!out.write(chunk)) await once(out, 'drain');
  out.end(`\n${after}`);
  await once(out, 'finish');
}

/** Whether anything reached Object.prototype (a `__proto__` key merged into an object would). */
function polluted(): boolean {
  const probe = {} as Json;
  return probe.polluted !== undefined || probe.isAdmin !== undefined;
}

const PROTO_KEYS = '"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"isAdmin":true}}';

describe('a --cache file edited by hand', () => {
  const cacheRun = () => firstRun((file) => ['--cache', file], 'runs.cache');
  const expectIgnored = (stderr: string, file: string, line: RegExp) => {
    const warnings = stderr.split('\n').filter((text) => text.includes('ignored'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`hoplens: cache ${file} ignored, checking every row: `);
    expect(warnings[0]).toMatch(line);
    expect(stderr).not.toMatch(/internal error|TypeError|RangeError/);
  };

  const mutations: Array<[string, (entry: Json) => Json]> = [
    ['result null', (entry) => ({ ...entry, result: null })],
    ['a chain that is a number', (entry) => ({ ...entry, result: { ...(entry.result as Json), chain: 5 } })],
    ['a result without its summary', (entry) => ({ ...entry, result: { ...(entry.result as Json), summary: 'x' } })],
    [
      'issues that are null',
      (entry) => {
        const result = entry.result as Json;
        return { ...entry, result: { ...result, summary: { ...(result.summary as Json), issues: null } } };
      },
    ],
    [
      'a hop of wrong types',
      (entry) => ({
        ...entry,
        result: { ...(entry.result as Json), chain: [{ url: 7, status: '200', headers: null }] },
      }),
    ],
    ['an error of wrong types', ({ result: _, ...entry }) => ({ ...entry, outcome: 'errored', error: { code: 5 } })],
    [
      'a passing row answered by an error',
      ({ result: _, ...entry }) => ({ ...entry, error: { code: 'X', message: '' } }),
    ],
    ['the key __proto__', (entry) => ({ ...entry, key: '__proto__' })],
    ['the key constructor', (entry) => ({ ...entry, key: 'constructor' })],
    ['a time past what a date holds', (entry) => ({ ...entry, at: 9e15 })],
    ['an outcome that is a prototype key', (entry) => ({ ...entry, outcome: 'prototype' })],
  ];

  it.each(mutations)(
    'ignores an entry with %s, naming the file and line 2, and checks every row',
    async (_what, edit) => {
      const { input, file, lines } = await cacheRun();
      const entry = edit(JSON.parse(lines[1]!) as Json);
      await writeFile(file, `${lines[0]}\n${JSON.stringify(entry)}\n${lines[2]}\n`);
      const outcome = await runCli(['check', input, '--cache', file, '--cache-failures']);
      expect(outcome.code).toBe(0);
      expectIgnored(outcome.stderr, file, /line 2: not a cache entry \(.+\)$/);
      expect(requested.sort()).toEqual(['/one', '/two']);
    },
  );

  it('neither crashes nor pollutes a prototype on JSON cut mid-line, prototype keys or a header of another type', async () => {
    const { input, file, lines } = await cacheRun();
    await writeFile(file, `${lines[0]}\n${lines[1]!.slice(0, 40)}\n${lines[2]}\n`);
    expectIgnored((await runCli(['check', input, '--cache', file])).stderr, file, /line 2 is not JSON$/);

    // Prototype keys beside a whole entry: the entry answers its row, and nothing reaches Object.prototype.
    await writeFile(file, `${lines[0]}\n{${PROTO_KEYS},${lines[1]!.slice(1)}\n${lines[2]}\n`);
    requested = [];
    const keys = await runCli(['check', input, '--cache', file]);
    expect(keys.code).toBe(0);
    expect(keys.stderr).toBe('');
    expect(requested).toEqual([]);
    expect(polluted()).toBe(false);

    await writeFile(file, `{"__proto__":{"hoplens":"check-cache","version":1}}\n${lines[1]}\n`);
    expectIgnored((await runCli(['check', input, '--cache', file])).stderr, file, /line 1: not a hoplens check cache$/);
    await writeFile(file, 'null\n');
    expectIgnored((await runCli(['check', input, '--cache', file])).stderr, file, /line 1: not a hoplens check cache$/);
  });

  it('stops reading a 64 MB line at the line bound and ignores the cache, in seconds', async () => {
    const { input, file, lines } = await cacheRun();
    await writeHugeLine(file, `${lines[0]}\n${lines[1]}\n`, 64, `${lines[2]}\n`);
    const started = Date.now();
    const outcome = await runCli(['check', input, '--cache', file]);
    expect(outcome.code).toBe(0);
    expectIgnored(outcome.stderr, file, /line 3 is longer than 1048576 characters$/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('the built executable: a wrong type and a huge line are a warning, never a crash', async () => {
    const { input, file, lines } = await cacheRun();
    const entry = JSON.parse(lines[1]!) as Json;
    await writeFile(file, `${lines[0]}\n${JSON.stringify({ ...entry, result: null })}\n`);
    const wrong = await spawnCli(['check', input, '--cache', file, '--no-stats']);
    expect(wrong.code).toBe(0);
    expectIgnored(wrong.stderr, file, /line 2: not a cache entry \(result must be an object\)$/);

    await writeHugeLine(file, `${lines[0]}\n`, 64, '');
    const huge = await spawnCli(['check', input, '--cache', file, '--no-stats']);
    expect(huge.code).toBe(0);
    expectIgnored(huge.stderr, file, /line 2 is longer than 1048576 characters$/);
  });
});

describe('a --resume report edited by hand', () => {
  const reportRun = () => firstRun((file) => ['--format', 'ndjson', '-o', file], 'report.ndjson');
  /** Runs `--resume` on the file, and expects it refused: exit 2, one line naming the file and `line`, the file kept. */
  async function expectRefused(args: string[], file: string, line: RegExp, spawned = false) {
    // Compared whole when small enough to hold; the sparse file of the last test, by its size.
    const size = (await stat(file)).size;
    const before = size < 100 << 20 ? await readFile(file) : undefined;
    const outcome = spawned ? await spawnCli(args, { timeoutMs: 30_000 }) : await runCli(args);
    expect(outcome.code).toBe(2);
    const text = outcome.stderr.trim();
    expect(text.split('\n')).toHaveLength(1);
    expect(text).toContain(`--resume ${file}: not an ndjson report of hoplens check (`);
    expect(text).toMatch(line);
    expect(requested).toEqual([]);
    if (before !== undefined) expect((await readFile(file)).equals(before)).toBe(true);
    expect((await stat(file)).size).toBe(size);
  }

  const mutations: Array<[string, (row: Json) => Json, RegExp]> = [
    ['a chain that is a number', (row) => ({ ...row, chain: 5 }), /line 1 .*: chain must be an array\)$/],
    ['an outcome that is __proto__', (row) => ({ ...row, outcome: '__proto__' }), /line 1 .*: outcome must be one of/],
    ['an outcome that is constructor', (row) => ({ ...row, outcome: 'constructor' }), /outcome must be one of/],
    ['negative redirects', (row) => ({ ...row, redirects: -1 }), /line 1 .*: redirects must be >= 0\)$/],
    ['a fractional line number', (row) => ({ ...row, line: 1.5 }), /line 1 .*: line must be an integer\)$/],
    ['issues that are null', (row) => ({ ...row, issues: null }), /line 1 .*: issues must be an array\)$/],
    ['reasons that hold a number', (row) => ({ ...row, reasons: [1] }), /reasons\.0 must be a string\)$/],
    ['a record that is an array', () => [] as unknown as Json, /line 1 is neither a row nor the closing record/],
  ];

  it.each(mutations)(
    'refuses a row with %s, naming the file and the line, and leaves it as it was',
    async (_w, edit, line) => {
      const { input, file, lines } = await reportRun();
      await writeFile(file, `${JSON.stringify(edit(JSON.parse(lines[0]!) as Json))}\n${lines.slice(1).join('\n')}\n`);
      await expectRefused(['check', input, '--resume', file], file, line);
    },
  );

  it('refuses JSON cut mid-report and scalars; takes prototype keys beside a whole row without polluting', async () => {
    const { input, file, lines } = await reportRun();
    const args = ['check', input, '--resume', file];
    await writeFile(file, `${lines[0]!.slice(0, 30)}\n${lines.slice(1).join('\n')}\n`);
    await expectRefused(args, file, /\(line 1 is not JSON\)$/);
    await writeFile(file, `null\n${lines.join('\n')}\n`);
    await expectRefused(args, file, /\(line 1 is not a record\)$/);

    // The first row with prototype keys beside its fields, the rest cut away: only the second row is checked again.
    await writeFile(file, `{${PROTO_KEYS},${lines[0]!.slice(1)}\n`);
    const resumed = await runCli(args);
    expect(resumed.code).toBe(0);
    expect(requested).toHaveLength(1);
    expect(polluted()).toBe(false);
  });

  it('refuses a 64 MB line at the line bound, in seconds, holding no more of it than the bound', async () => {
    const { input, file, lines } = await reportRun();
    await writeHugeLine(file, `${lines[0]}\n`, 64, `${lines.slice(1).join('\n')}\n`);
    const started = Date.now();
    await expectRefused(['check', input, '--resume', file], file, /\(line 2 is longer than 4194304 bytes\)$/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('the built executable: refuses a 512 MB file of one line without a newline, and does not cut it', async () => {
    const { input, file } = await reportRun();
    // Sparse: 512 MB of NUL bytes that take no disk. Read whole, it was taken for one cut line and the file emptied.
    await writeFile(file, '');
    await truncate(file, 512 << 20);
    await expectRefused(['check', input, '--resume', file], file, /\(line 1 is longer than 4194304 bytes\)$/, true);
  });
});
