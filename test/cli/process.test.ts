/**
 * The real `hoplens` executable (dist/cli/main.js, built by `npm run build` or CI's `npm ci`), spawned as a process
 * against servers on loopback: exit codes, stdout/stderr, files, stdin, signals, and a 10,000-row list.
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, killChildren, spawnCli, tempDir, waitFor } from '../helpers/cli.js';
import { chainRoutes, type Route, startRedirectServer, startServer, type TestServer } from '../helpers/servers.js';

const routes: Record<string, Route> = {
  ...chainRoutes(2),
  '/old': { status: 301, location: '/new' },
  '/new': { status: 200, body: 'new' },
  '/temp': { status: 302, location: '/new' },
  '/gone': { status: 410 },
  '/hang': { status: 200, delay: 60_000 },
  '/moving': { status: 301, location: '/new' },
  '/a,b': { status: 301, location: '/new' },
};

let server: TestServer;
/** Ten servers on 127.0.0.1 ... 127.0.0.10: ten hosts for the per-host limit of the big list. */
const fleet: TestServer[] = [];
let dir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  assertBuilt();
  server = await startRedirectServer(routes);
  for (let i = 1; i <= 10; i++) {
    const ok = (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    };
    fleet.push(await startServer(ok, `127.0.0.${i}`));
  }
  dir = await tempDir();
});

afterEach(() => {
  killChildren();
});

afterAll(async () => {
  killChildren();
  await Promise.all([server.close(), ...fleet.map((member) => member.close())]);
  await dir.remove();
});

const url = (path: string) => `${server.origin}${path}`;

describe('hoplens (spawned)', () => {
  it('exits 0 for a working chain, with the table on stdout and nothing on stderr', async () => {
    const { code, stdout, stderr } = await spawnCli([url('/old')]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/1\s+301 Moved Permanently/);
    expect(stdout).toMatch(/Summary: 2 hops/);
  });

  it('exits 1 for a chain ending on an error status, 2 for usage errors', async () => {
    const gone = await spawnCli([url('/gone')]);
    expect(gone.code).toBe(1);
    expect(gone.stdout).toContain('[error_status]');

    const usage = await spawnCli([url('/old'), '--max-hops', '99']);
    expect(usage.code).toBe(2);
    expect(usage.stdout).toBe('');
    expect(usage.stderr).toContain('--max-hops must be an integer from 1 to 20, got 99');

    const unknown = await spawnCli(['check', 'x.csv', '--nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--nope'");
  });

  it('--json prints parseable JSON; help and version exit 0', async () => {
    const json = await spawnCli([url('/hop/0'), '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).summary).toMatchObject({ totalHops: 3, finalStatus: 200 });
    const help = await spawnCli(['check', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Examples:');
    const version = await spawnCli(['--version']);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });

  it('checks a CSV with quoted fields and writes a JUnit file a parser reads', async () => {
    const csv = join(dir.path, 'redirects.csv');
    await writeFile(
      csv,
      [
        'source,target,status',
        `"${url('/old')}","${url('/new')}",301`,
        `"${url('/a,b')}","/new",301`,
        `${url('/temp')},"${url('/new')}","301"`,
        `${url('/gone')},,410`,
      ].join('\r\n'),
    );
    const junit = join(dir.path, 'junit.xml');
    const { code, stdout, stderr } = await spawnCli(['check', csv, '--format', 'junit', '--output', junit]);
    expect(code).toBe(1);
    // The report is a file: the columns read, then the failed row, and only it, are on stderr too.
    expect(stderr).toMatch(
      new RegExp(
        `^hoplens: .*redirects\\.csv: columns: source "source", target "target", status "status"\n` +
          `FAIL  ${url('/temp').replace(/[.?]/g, '\\$&')} → .*\\(line 4\\)\n      ✖ first hop returned 302, expected 301\n`,
      ),
    );
    expect(stderr).not.toContain('PASS');
    expect(stdout).toMatch(/Summary: 4 rows checked in [\d.]+ s: 3 passed, 1 failed, 0 errored — exit 1: 1 failed/);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      await readFile(junit, 'utf8'),
    );
    const suite = xml.testsuites.testsuite;
    expect(suite).toMatchObject({ tests: '4', failures: '1', errors: '0' });
    expect(suite.testcase).toHaveLength(4);
    expect(suite.testcase[1].name).toBe(url('/a,b'));
    expect(suite.testcase[2].failure.message).toBe('first hop returned 302, expected 301');
  });

  it('checks a _redirects file with --base-url', async () => {
    const redirects = join(dir.path, '_redirects');
    await writeFile(redirects, '# site\n/old /new 301!\n/gone /404.html 410\n/blog/* /news/:splat 301\n/temp /new\n');
    const { code, stdout } = await spawnCli(['check', redirects, '--base-url', server.origin, '--quiet']);
    expect(code).toBe(1);
    expect(stdout).toContain(`FAIL  ${url('/temp')} → ${url('/new')}`);
    expect(stdout).toMatch(/3 rows checked .*: 2 passed, 1 failed, 0 errored; 1 rule skipped/);
  });

  it('reads standard input with -', async () => {
    const { code, stdout } = await spawnCli(['check', '-', '--format', 'ndjson'], {
      input: `${url('/old')}\n# comment\n${url('/hop/0')}\n`,
    });
    expect(code).toBe(0);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).line),
    ).toEqual([1, 3]);
  });

  it('exits 2 for a missing file or a malformed row, naming it', async () => {
    const missing = await spawnCli(['check', join(dir.path, 'missing.csv')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*missing\.csv: no such file/);
    const bad = join(dir.path, 'bad.csv');
    await writeFile(bad, `source,target\n${url('/old')},/new\n"${url('/old')}"oops,/new\n`);
    const malformed = await spawnCli(['check', bad]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/bad\.csv:3: malformed CSV: Invalid Closing Quote/);
  });

  it('--baseline lists the rows whose chain changed between two runs', async () => {
    const list = join(dir.path, 'monitor.txt');
    await writeFile(list, `${url('/moving')}\n${url('/old')}\n`);
    const before = join(dir.path, 'before.json');
    expect((await spawnCli(['check', list, '--format', 'json', '-o', before])).code).toBe(0);
    routes['/moving'] = { status: 302, location: '/hop/0' };
    try {
      const after = await spawnCli(['check', list, '--baseline', before]);
      expect(after.code).toBe(0);
      expect(after.stdout).toContain(
        `~ changed since baseline: final URL ${url('/new')} → ${url('/hop/2')}, first status 301 → 302, hops 2 → 4`,
      );
      expect(after.stdout).toContain('Baseline: 1 changed, 0 new, 0 missing');
      const strict = await spawnCli(['check', list, '--baseline', before, '--fail-on-change']);
      expect(strict.code).toBe(1);
    } finally {
      routes['/moving'] = { status: 301, location: '/new' };
    }
  });

  it('Ctrl-C (SIGINT) stops cleanly with the partial summary and exit 130', async () => {
    const list = join(dir.path, 'hang.txt');
    await writeFile(list, `${url('/old')}\n${url('/hang')}\n${url('/new')}\n`);
    const report = join(dir.path, 'partial.ndjson');
    let stderr = '';
    const outcome = await spawnCli(['check', list, '--per-host', '1', '--format', 'ndjson', '-o', report], {
      timeoutMs: 15_000,
      onSpawn: (child) => {
        child.stdin!.end();
        child.stderr!.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        // The first row is done once it is in the report; then the second hangs until the signal.
        void waitFor(() => {
          try {
            return readFileSync(report, 'utf8').includes('"outcome"');
          } catch {
            return false;
          }
        }, 10_000).then(
          () => setTimeout(() => child.kill('SIGINT'), 100),
          () => child.kill('SIGKILL'),
        );
      },
    });
    expect(outcome.code).toBe(130);
    expect(outcome.stdout).toContain('Interrupted: partial results');
    expect(outcome.stdout).toContain('Summary: 1 row checked');
    expect(stderr).toBe('');
    const records = (await readFile(report, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records.filter((record) => record.kind !== 'summary').map((row) => row.source)).toEqual([url('/old')]);
    // The closing record marks the report as an interrupted run's: the two rows after the first were never checked.
    expect(records.at(-1)).toEqual({ kind: 'summary', interrupted: true, unchecked: 2 });
  });

  it('Ctrl-C while standard input is still open ends the run too', async () => {
    let out = '';
    const outcome = await spawnCli(['check', '-', '--format', 'ndjson'], {
      timeoutMs: 15_000,
      onSpawn: (child) => {
        child.stdin!.write(`${url('/old')}\n`);
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        void waitFor(() => out.includes('"outcome"'), 10_000).then(
          () => child.kill('SIGINT'),
          () => child.kill('SIGKILL'),
        );
      },
    });
    expect(outcome.code).toBe(130);
    const [row, closing] = outcome.stdout.trim().split('\n');
    expect(JSON.parse(row!)).toMatchObject({ source: url('/old'), outcome: 'passed' });
    // Standard input cannot be read again: the closing record says the run was interrupted, not how many rows are left.
    expect(JSON.parse(closing!)).toEqual({ kind: 'summary', interrupted: true });
    expect(outcome.stderr).toContain('Summary: 1 row checked');
  });

  it('checks a 10,000-row list across ten hosts in bounded memory, results in input order', async () => {
    const rows: string[] = [];
    for (let i = 0; i < 10_000; i++) rows.push(`${fleet[i % 10]!.origin}/ok?row=${i}`);
    const list = join(dir.path, 'big.txt');
    await writeFile(list, `${rows.join('\n')}\n`);
    const report = join(dir.path, 'big.ndjson');
    let peakRss = 0;
    const started = Date.now();
    const { code, stdout, stderr } = await spawnCli(
      ['check', list, '--format', 'ndjson', '-o', report, '--concurrency', '20', '--per-host', '2'],
      {
        timeoutMs: 90_000,
        // Four times the live heap the run needs (about 13 MB whatever the row count); holding the results would not fit.
        env: { NODE_OPTIONS: '--max-old-space-size=48' },
        onSpawn: (child) => {
          child.stdin!.end();
          const timer = setInterval(() => {
            try {
              const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
              const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
              peakRss = Math.max(peakRss, rss);
            } catch {
              clearInterval(timer);
            }
          }, 100);
          child.on('exit', () => clearInterval(timer));
        },
      },
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Summary: 10000 rows checked in [\d.]+ s: 10000 passed, 0 failed, 0 errored/);
    const lines = (await readFile(report, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(10_000);
    expect(JSON.parse(lines[0]!).line).toBe(1);
    expect(JSON.parse(lines[9_999]!).line).toBe(10_000);
    expect(fleet.every((member) => member.requests.length >= 1000)).toBe(true);
    // Generous: the point is that nothing grows with the row count (tens of MB of results are never held).
    expect(peakRss).toBeLessThan(300 * 1024 * 1024);
    console.info(`10,000 rows in ${Date.now() - started} ms, peak RSS ${Math.round(peakRss / 1024 / 1024)} MB`);
  }, 120_000);
});
