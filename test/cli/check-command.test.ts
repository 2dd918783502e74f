import { getEventListeners } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { Analyzer } from '../../src/core/analyzer.js';
import { loopbackResolver, runCli, tempDir, waitFor } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
/** Mutable behaviour, changed by tests (baseline, flaky and rate-limited routes). */
const state = { movedTo: '/new', flakyFailures: 0, limitedFailures: 0, retryAfter: '1', delay: 0 };
const inFlight = new Map<string, number>();
const peak = new Map<string, number>();
let peakTotal = 0;
let total = 0;

beforeAll(async () => {
  server = await startServer((req, res) => {
    const host = req.headers.host ?? '';
    inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
    total++;
    peak.set(host, Math.max(peak.get(host) ?? 0, inFlight.get(host)!));
    peakTotal = Math.max(peakTotal, total);
    res.on('close', () => {
      inFlight.set(host, inFlight.get(host)! - 1);
      total--;
    });
    const answer = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, headers);
      res.end();
    };
    const path = (req.url ?? '').replace(/\?.*/, '');
    if (path.startsWith('/slow/')) return void setTimeout(() => answer(200), 60);
    switch (path) {
      case '/old':
        return answer(301, { location: state.movedTo });
      case '/new':
      case '/new/':
      case '/page':
        return answer(200);
      case '/temp':
        return answer(302, { location: '/new' });
      case '/two':
        return answer(301, { location: '/old' });
      case '/slash':
        return answer(301, { location: '/new/' });
      case '/query':
        return answer(301, { location: '/new?utm=1' });
      case '/gone':
        return answer(410);
      case '/retired':
        return answer(301, { location: '/ok' });
      case '/closed':
        return answer(301, { location: '/' });
      case '/ok':
      case '/':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end('<!doctype html><html lang="en"><title>Shop</title><h1>OK</h1>');
      case '/hang':
        return;
      case '/flaky':
        if (state.flakyFailures > 0) {
          state.flakyFailures--;
          return void req.socket.destroy();
        }
        return answer(200);
      case '/limited':
        if (state.limitedFailures > 0) {
          state.limitedFailures--;
          return answer(429, { 'retry-after': state.retryAfter });
        }
        return answer(200);
      default:
        return answer(404);
    }
  });
});

afterAll(async () => {
  await server.close();
});

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  dir = await tempDir();
  Object.assign(state, { movedTo: '/new', flakyFailures: 0, limitedFailures: 0, retryAfter: '1' });
});
afterEach(async () => {
  await dir.remove();
});

const site = (host = 'old.test') => `http://${host}:${server.port}`;

async function file(name: string, text: string): Promise<string> {
  const path = join(dir.path, name);
  await writeFile(path, text);
  return path;
}

describe('hoplens check (through run())', () => {
  it('checks a CSV and explains each failure with its line, exiting 1', async () => {
    const s = site();
    const csv = await file(
      'redirects.csv',
      [
        'source,target,status',
        '# the migration',
        `${s}/old,${s}/new,301`,
        `"${s}/old","/page",301`,
        `${s}/temp,${s}/new,301`,
        `${s}/gone,,410`,
        `${s}/missing,/new,`,
        `http://refused.test:1/,/x,`,
      ].join('\n'),
    );
    const { code, stdout, stderr } = await runCli(['check', csv, '--retries', '0']);
    // People are told which columns were read (stderr: the table on stdout stays the report).
    expect(stderr).toBe(`hoplens: ${csv}: columns: source "source", target "target", status "status"\n`);
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^PASS  ${s}/old → ${s}/new  \\[301 → 200 · 2 hops · \\d+ ms\\]$`));
    expect(stdout).toContain(`FAIL  ${s}/old → ${s}/new`);
    expect(stdout).toContain(`(line 4)\n      ✖ final URL is ${s}/new, expected ${s}/page`);
    expect(stdout).toContain(`(line 5)\n      ✖ first hop returned 302, expected 301`);
    // Warnings are shown but do not fail a row without --strict.
    expect(stdout).toContain('⚠ Hop 1 is a temporary redirect');
    expect(stdout).toMatch(/PASS {2}http:\/\/old\.test:\d+\/gone {2}\[410 · 1 hop/);
    expect(stdout).toContain('(line 7)\n      ✖ final URL is');
    expect(stdout).toMatch(/ERROR http:\/\/refused\.test:1\/ {2}\[(CONNECTION_REFUSED|NETWORK_ERROR)\] {2}\(line 8\)/);
    expect(stdout).toMatch(
      /Summary: 6 rows checked in \d+\.\d s: 2 passed, 3 failed, 1 errored — exit 1: 3 failed, 1 errored\n$/,
    );
  });

  it('colours its table on a terminal, and not with --no-color', async () => {
    const s = site();
    const csv = await file('colour.csv', ['source,target,status', `${s}/old,${s}/new,301`].join('\n'));
    const coloured = await runCli(['check', csv, '--no-progress'], { stdoutIsTTY: true });
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toContain('\u001b[');
    const plain = await runCli(['check', csv, '--no-progress', '--no-color'], { stdoutIsTTY: true });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('PASS');
    expect(plain.stdout).not.toContain('\u001b[');
  });

  it('exits 0 when every row passes', async () => {
    const s = site();
    const csv = await file('ok.csv', `source,target,status\n${s}/old,${s}/new,301\n${s}/page,${s}/page,200\n`);
    const signal = new AbortController().signal;
    const { code, stdout } = await runCli(['check', csv], { signal });
    expect(code).toBe(0);
    expect(stdout).toContain('2 passed, 0 failed, 0 errored');
    // Nothing is left listening on the caller's Ctrl-C signal.
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('reads a list from standard input: a row passes when it ends in 2xx without an error', async () => {
    const s = site();
    const { code, stdout } = await runCli(['check', '-'], { stdin: `# list\n${s}/old\n\n${s}/missing\n` });
    expect(code).toBe(1);
    expect(stdout).toContain(`PASS  ${s}/old → ${s}/new`);
    expect(stdout).toContain(`FAIL  ${s}/missing  [404 · 1 hop`);
    expect(stdout).toContain('(line 4)');
  });

  it('checks a _redirects file against --base-url, skipping and counting what it cannot expand', async () => {
    const redirects = await file(
      '_redirects',
      ['/old  /new  301', '/blog/*  /news/:splat', '/gone  /410.html  410', '/temp  /new  301!', '/x/:id  /y/:id'].join(
        '\n',
      ),
    );
    const { code, stdout } = await runCli(['check', redirects, '--base-url', site()]);
    expect(code).toBe(1);
    expect(stdout).toContain('SKIP  /blog/*  /news/:splat  (line 2: splat in the source)');
    expect(stdout).toContain('first hop returned 302, expected 301');
    expect(stdout).toMatch(/3 rows checked .*: 2 passed, 1 failed, 0 errored; 2 rules skipped/);
    const quiet = await runCli(['check', redirects, '--base-url', site(), '--quiet']);
    expect(quiet.stdout).not.toContain('PASS');
    expect(quiet.stdout).not.toContain('SKIP');
    expect(quiet.stdout).toContain('FAIL');
  });

  it('loosens URL comparison only with --ignore-trailing-slash / --ignore-query', async () => {
    const s = site();
    const csv = await file('loose.csv', `source,target\n${s}/slash,${s}/new\n${s}/query,${s}/new\n`);
    expect((await runCli(['check', csv])).stdout).toContain('2 failed');
    expect((await runCli(['check', csv, '--ignore-trailing-slash'])).stdout).toContain('1 passed, 1 failed');
    expect((await runCli(['check', csv, '--ignore-trailing-slash', '--ignore-query'])).code).toBe(0);
  });

  it('fails on warnings with --strict and on long chains with --max-redirects', async () => {
    const s = site();
    const list = await file('urls.txt', `${s}/temp\n${s}/two\n`);
    expect((await runCli(['check', list])).code).toBe(0);
    const strict = await runCli(['check', list, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('✖ warning: Hop 1 is a temporary redirect');
    const capped = await runCli(['check', list, '--max-redirects', '1']);
    expect(capped.code).toBe(1);
    expect(capped.stdout).toContain('2 redirects, more than --max-redirects 1');
  });

  // issue 23: a two-letter path is a language root only when it is an ISO 639-1 code the landing page says it is in
  // (docs/issues.md#redirect_to_homepage); /ok on an English page is a page, not the home page.
  it('passes a row ending at /ok under --strict, and still fails one sent to the home page', async () => {
    const s = site();
    const ok = await runCli(['check', await file('ok.csv', `source,target\n${s}/retired,${s}/ok\n`), '--strict']);
    expect(ok.stdout).not.toContain('redirect_to_homepage');
    expect(ok.stdout).not.toContain('soft 404');
    expect(ok.code).toBe(0);
    const home = await runCli(['check', await file('home.csv', `source,target\n${s}/closed,${s}/\n`), '--strict']);
    expect(home.stdout).toContain('soft 404');
    expect(home.code).toBe(1);
  });

  it('json goes to stdout as one array, the summary to stderr', async () => {
    const s = site();
    const list = await file('urls.txt', `${s}/old\n${s}/missing\n`);
    const { code, stdout, stderr } = await runCli(['check', list, '--format', 'json']);
    expect(code).toBe(1);
    const rows = JSON.parse(stdout);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      line: 1,
      source: `${s}/old`,
      outcome: 'passed',
      firstStatus: 301,
      finalStatus: 200,
      finalUrl: `${s}/new`,
      hops: 2,
      attempts: 1,
    });
    expect(rows[1]).toMatchObject({ outcome: 'failed', reasons: [expect.stringContaining('[error_status]')] });
    expect(stderr).toMatch(/Summary: 2 rows checked/);
  });

  it('ndjson and csv reports, to a file with --output, the summary on stdout', async () => {
    const s = site();
    const list = await file('urls.txt', `${s}/old\n${s}/missing\n`);
    const ndjson = join(dir.path, 'out.ndjson');
    const run = await runCli(['check', list, '--format', 'ndjson', '--output', ndjson]);
    // The run's figures, then the counts line.
    expect(run.stdout).toMatch(/^Redirects per row: /);
    expect(run.stdout).toMatch(/^Summary: 2 rows checked/m);
    const lines = (await readFile(ndjson, 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).outcome)).toEqual(['passed', 'failed']);

    const csv = await runCli(['check', list, '--format', 'csv']);
    const [header, first] = csv.stdout.split('\n');
    expect(header).toBe(
      'line,source,target,expected_status,outcome,first_status,final_status,final_url,hops,redirects,time_ms,attempts,error_code,reasons,warnings,changes,final_ip,http_version,cert_days_left',
    );
    // The final hop's address and HTTP version; plain HTTP has no certificate, so no days left.
    expect(first).toMatch(new RegExp(`^1,${s}/old,,,passed,301,200,${s}/new,2,1,\\d+,1,,,,,127\\.0\\.0\\.1,1\\.1,$`));
  });

  it('junit: one test case per row, failures with their reasons', async () => {
    const s = site();
    const csv = await file('j.csv', `source,target\n${s}/old,/new\n${s}/old,/page\nhttp://refused.test:1/,/x\n`);
    const out = join(dir.path, 'junit.xml');
    const { code } = await runCli(['check', csv, '--format', 'junit', '-o', out, '--retries', '0']);
    expect(code).toBe(1);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(await readFile(out, 'utf8'));
    const suite = xml.testsuites.testsuite;
    expect(suite).toMatchObject({ tests: '3', failures: '1', errors: '1', skipped: '0' });
    expect(suite.testcase.map((testcase: { line: string }) => testcase.line)).toEqual(['2', '3', '4']);
    expect(suite.testcase[1].failure.message).toBe(`final URL is ${s}/new, expected ${s}/page`);
    expect(suite.testcase[0].failure).toBeUndefined();
  });

  it('reports input and usage errors with exit 2 and a clear message', async () => {
    const s = site();
    const cases: Array<[string[], RegExp]> = [
      [['check', join(dir.path, 'nope.csv')], /cannot read .*nope\.csv: no such file/],
      // `from,to` is a header now (src/inputs/csv/header.ts); these names are nobody's.
      [
        ['check', await file('bad.csv', 'foo,bar\nx,y\n')],
        /line 1: unknown CSV columns "foo", "bar"; expected source \(or from/,
      ],
      [['check', await file('empty.txt', '# nothing\n\n')], /empty\.txt: no rows to check/],
      [['check', await file('_redirects', '/a /b\n')], /--base-url is required/],
      [['check', await file('u.txt', `${s}/old\n`), '--concurrency', '0'], /--concurrency must be an integer from 1/],
      [['check', await file('u2.txt', `${s}/old\n`), '--input', 'xml'], /argument 'xml' is invalid/],
      [['check', await file('u3.txt', `${s}/old\n`), '--format', 'yaml'], /argument 'yaml' is invalid/],
      [
        ['check', await file('u4.txt', `${s}/old\n`), '-o', join(dir.path, 'no/such/dir.json')],
        /--output .*no\/such\/dir\.json: the directory does not exist/,
      ],
      [['check', await file('u5.txt', `${s}/old\n`), '--baseline', join(dir.path, 'none.json')], /--baseline: cannot/],
      [['check'], /missing required argument 'file'/],
    ];
    for (const [argv, message] of cases) {
      const { code, stderr } = await runCli(argv);
      expect({ argv, code }).toEqual({ argv, code: 2 });
      expect(stderr).toMatch(message);
    }
  });

  it('checks the good rows of a file with malformed ones, reports each by line, and exits 2', async () => {
    const s = site();
    const csv = await file('mixed.csv', `source,target\n${s}/old,/new\nnot a url,/x\n${s}/page,/page,extra\n`);
    const { code, stdout, stderr } = await runCli(['check', csv]);
    expect(code).toBe(2);
    expect(stderr).toContain('mixed.csv:3: Not a valid URL: "not a url"');
    expect(stderr).toContain('mixed.csv:4: expected 2 fields like the header, got 3');
    expect(stdout).toContain('1 passed, 0 failed, 0 errored; 2 invalid lines');
  });

  it('bounds concurrency overall and per host (--concurrency, --per-host)', async () => {
    const rows = [];
    // Two thirds of the rows on h0: only --per-host keeps it at two; the three hosts together would exceed five.
    for (let i = 0; i < 24; i++) rows.push(`${site(`h${i % 6 === 1 ? 1 : i % 6 === 2 ? 2 : 0}.test`)}/slow/${i}`);
    const list = await file('many.txt', rows.join('\n'));
    peak.clear();
    peakTotal = 0;
    const { code } = await runCli(['check', list, '--concurrency', '5', '--per-host', '2']);
    expect(code).toBe(0);
    const hosts = [...peak.entries()].filter(([host]) => /^h\d\.test/.test(host));
    expect(hosts).toHaveLength(3);
    for (const [, value] of hosts) expect(value).toBe(2);
    expect(peakTotal).toBe(5);
  });

  it('retries network errors (--retries) with backoff', async () => {
    const list = await file('flaky.txt', `${site()}/flaky\n`);
    state.flakyFailures = 2;
    const retried = await runCli(['check', list, '--retries', '2', '--retry-delay', '10', '--format', 'ndjson']);
    expect(retried.code).toBe(0);
    expect(JSON.parse(retried.stdout)).toMatchObject({ outcome: 'passed', attempts: 3 });
    state.flakyFailures = 1;
    const once = await runCli(['check', list, '--retries', '0', '--format', 'ndjson']);
    expect(once.code).toBe(1);
    expect(JSON.parse(once.stdout)).toMatchObject({
      outcome: 'errored',
      attempts: 1,
      error: { code: expect.any(String) },
    });
  });

  it("waits out a target's 429 for its Retry-After, within --max-retry-after", async () => {
    const list = await file('limited.txt', `${site()}/limited\n`);
    state.limitedFailures = 1;
    const started = Date.now();
    const waited = await runCli(['check', list, '--format', 'ndjson']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(waited.code).toBe(0);
    const row = JSON.parse(waited.stdout);
    expect(row).toMatchObject({ outcome: 'passed', attempts: 2 });

    state.limitedFailures = 1;
    state.retryAfter = '120';
    const refused = await runCli(['check', list, '--format', 'ndjson', '--max-retry-after', '5']);
    expect(refused.code).toBe(1);
    const failed = JSON.parse(refused.stdout);
    expect(failed).toMatchObject({ outcome: 'failed', finalStatus: 429, attempts: 1 });
    // Retry-After is one of the default reported headers: the report says why the row was not retried.
    expect(failed.chain[0].headers['retry-after']).toBe('120');
  });

  it('streams: a row read from stdin is reported before the input ends', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let seen = '';
    output.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
    });
    const done = run(['check', '-', '--format', 'ndjson'], {
      stdin: input,
      stdout: output,
      stderr: new PassThrough(),
      stdoutIsTTY: false,
      stderrIsTTY: false,
      env: {},
      analyzer: () => new Analyzer({ resolver: loopbackResolver }),
    });
    input.write(`${site()}/old\n`);
    await waitFor(() => seen.includes('"outcome":"passed"'), 5000, 'the first row before the input ends');
    input.write(`${site()}/new\n`);
    input.end();
    expect(await done).toBe(0);
    expect(seen.trim().split('\n')).toHaveLength(2);
  });

  it('--baseline lists rows whose final URL, status or hop count changed; --fail-on-change fails them', async () => {
    const s = site();
    const list = await file('urls.txt', `${s}/old\n${s}/page\n${s}/temp\n`);
    const before = join(dir.path, 'before.ndjson');
    expect((await runCli(['check', list, '--format', 'ndjson', '-o', before])).code).toBe(0);

    state.movedTo = '/page';
    const changed = await runCli(['check', list, '--baseline', before]);
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain(`~ changed since baseline: final URL ${s}/new → ${s}/page`);
    expect(changed.stdout).toContain('Baseline: 1 changed, 0 new, 0 missing');

    const json = await runCli(['check', list, '--baseline', before, '--format', 'json']);
    expect(JSON.parse(json.stdout)[0].changes).toEqual([{ field: 'finalUrl', before: `${s}/new`, after: `${s}/page` }]);
    expect(JSON.parse(json.stdout)[1].changes).toEqual([]);
    expect(json.stderr).toContain(`changed: ${s}/old: final URL ${s}/new → ${s}/page`);

    const failing = await runCli(['check', list, '--baseline', before, '--fail-on-change']);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('✖ changed since baseline: final URL');

    const fewer = await file('fewer.txt', `${s}/page\n${s}/missing\n`);
    const partial = await runCli(['check', fewer, '--baseline', before]);
    expect(partial.stdout).toContain('Baseline: 0 changed, 1 new, 2 missing');
    expect(partial.stdout).toContain(`not checked (in baseline): ${s}/old`);
  });

  it('Ctrl-C stops cleanly: finished rows reported, a valid partial report, the partial summary, exit 130', async () => {
    const s = site();
    const list = await file('urls.txt', `${s}/old\n${s}/hang\n${s}/page\n`);
    const controller = new AbortController();
    const out = join(dir.path, 'partial.json');
    setTimeout(() => controller.abort(), 300);
    const { code, stdout } = await runCli(['check', list, '--format', 'json', '-o', out, '--per-host', '1'], {
      signal: controller.signal,
    });
    expect(code).toBe(130);
    const records: Array<{ source?: string; kind?: string }> = JSON.parse(await readFile(out, 'utf8'));
    expect(records.filter((row) => row.kind !== 'summary').map((row) => row.source)).toEqual([`${s}/old`]);
    // Its closing record says the run was interrupted, and how many rows it never checked (the hanging one, the last).
    expect(records.at(-1)).toEqual({ kind: 'summary', interrupted: true, unchecked: 2 });
    expect(stdout).toContain('Interrupted: partial results, 2 rows never checked.');
    expect(stdout).toContain('Summary: 1 row checked');
  });

  it('shows a progress bar on stderr only when stderr is a terminal', async () => {
    const list = await file('urls.txt', `${site()}/old\n${site()}/page\n`);
    const terminal = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
    let bar = '';
    terminal.on('data', (chunk: Buffer) => {
      bar += chunk.toString();
    });
    const shown = await runCli(['check', list, '--format', 'ndjson'], { stderrIsTTY: true, stderr: terminal });
    expect(shown.code).toBe(0);
    expect(bar).toMatch(/rows \| \d+(\.\d)?\/s/);
    const hidden = await runCli(['check', list, '--format', 'ndjson']);
    expect(hidden.stderr).not.toMatch(/rows \|/);
    expect(hidden.stderr).not.toContain('\u001b[');
    let off = '';
    const terminal2 = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
    terminal2.on('data', (chunk: Buffer) => {
      off += chunk.toString();
    });
    await runCli(['check', list, '--no-progress'], { stderrIsTTY: true, stderr: terminal2 });
    expect(off).not.toMatch(/rows \|/);
  });

  it('documents itself with examples', async () => {
    const { code, stdout } = await runCli(['check', '--help']);
    expect(code).toBe(0);
    for (const text of [
      '--input',
      '--base-url',
      '--format',
      '--output',
      '--concurrency',
      '--per-host',
      '--retries',
      '--max-redirects',
      '--ignore-trailing-slash',
      '--ignore-query',
      '--strict',
      '--baseline',
      'Examples:',
      'Exit status:',
    ]) {
      expect(stdout).toContain(text);
    }
  });
});
