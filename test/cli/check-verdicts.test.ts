/**
 * No verdict passes silently (issue 23): a CSV's target column read under the names real exports give it (or named
 * with --columns, or the file refused when a column of URLs goes unread), the summary naming every reason for a
 * non-zero exit, failing rows on stderr with --output, a row caught in a rules chain saying so as lint would, and
 * the plain errors of unreadable, binary, `;`-separated, headerless and misnamed inputs.
 */
import { spawn } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
/** Where `/moving` goes: changed by the baseline test. */
const state = { movingTo: '/new' };

beforeAll(async () => {
  server = await startServer((req, res) => {
    const redirect = (to: string) => res.writeHead(301, { location: to }).end();
    const path = (req.url ?? '').replace(/\?.*/, '');
    if (path === '/old') return redirect('/new');
    if (path === '/moving') return redirect(state.movingTo);
    // The rules `/a /b` and `/b /c`, as a host applies them.
    if (path === '/a') return redirect('/b');
    if (path === '/b') return redirect('/c');
    // The rules `/p /q` and `/q /p`: a loop.
    if (path === '/p') return redirect('/q');
    if (path === '/q') return redirect('/p');
    if (/^\/x\d$/.test(path)) return redirect('/home');
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
afterAll(async () => {
  await server.close();
});

const dir = tempDirPerTest();
const site = () => `http://old.test:${server.port}`;

async function file(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir(), name);
  await writeFile(path, content);
  return path;
}

describe('CSV target columns', () => {
  it.each(['Destination URL', 'Redirect URL', 'Final URL', 'Redirects to', 'New address'])(
    'reads a target headed %s: a row whose redirect goes elsewhere fails (it passed with target: null)',
    async (heading) => {
      const s = site();
      const csv = await file('moves.csv', `Old URL,${heading}\n${s}/old,${s}/elsewhere\n`);
      const { code, stdout, stderr } = await runCli(['check', csv, '--no-stats']);
      expect(code).toBe(1);
      expect(stdout).toContain(`✖ final URL is ${s}/new, expected ${s}/elsewhere`);
      expect(stderr).toContain(`columns: source "Old URL", target ${JSON.stringify(heading)}, status none`);
    },
  );

  it('--columns names the columns; a name the header lacks is exit 2 naming it', async () => {
    const s = site();
    const csv = await file('export.csv', `Alt,Ziel,Notiz\n${s}/old,${s}/elsewhere,x\n`);
    const named = await runCli(['check', csv, '--columns', 'source=Alt,target=Ziel']);
    expect(named.code).toBe(1);
    expect(named.stdout).toContain(`✖ final URL is ${s}/new, expected ${s}/elsewhere`);
    expect(named.stderr).toContain('columns: source "Alt", target "Ziel", status none; extra "Notiz"');

    const missing = await runCli(['check', csv, '--columns', 'source=Alt,target=Nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--columns target=Nope: no such column in "Alt", "Ziel", "Notiz"');

    const malformed = await runCli(['check', csv, '--columns', 'Alt']);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('--columns must be ROLE=NAME');
  });

  it('lint and fix take --columns too, and refuse a column of URLs left unnamed', async () => {
    const csv = await file('moves.csv', 'source,Ziel\n/a,/b\n/b,/c\n');
    const refused = await runCli(['lint', csv]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('"Ziel" holds URLs');
    const linted = await runCli(['lint', csv, '--columns', 'target=Ziel']);
    expect(linted.stdout).toContain('chain of 2 redirects: /a → /b → /c');
    const fixed = await runCli(['fix', csv, '--columns', 'target=Ziel']);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toBe('source,Ziel\n/a,/c\n/b,/c\n');
  });

  it('fix writes a `;`-separated CSV back with its own separator', async () => {
    const csv = await file('moves.csv', 'source;target\n/a;/b\n/b;/c\n');
    const fixed = await runCli(['fix', csv]);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toBe('source;target\n/a;/c\n/b;/c\n');
  });

  it('refuses a header with no target column beside a column of URLs (exit 2, naming it)', async () => {
    const s = site();
    const csv = await file('moves.csv', `source,Neue Adresse\n${s}/old,${s}/elsewhere\n${s}/x1,/home\n`);
    const refused = await runCli(['check', csv]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('no target column in the CSV header, but "Neue Adresse" holds URLs');
    expect(refused.stderr).toContain('--columns target="Neue Adresse"');
    expect(refused.stdout).not.toContain('PASS');
    // Saying there is no target column checks the rows as working redirects.
    const without = await runCli(['check', csv, '--columns', 'target=']);
    expect(without.code).toBe(0);
    expect(without.stdout).toContain('Summary: 2 rows checked');
  });

  it('reads `;`-separated CSV (Excel where the decimal mark is a comma), told by the header line', async () => {
    const s = site();
    const csv = await file('moves.csv', `source;target;status\n${s}/old;${s}/elsewhere;301\n${s}/old;/new;301\n`);
    const { code, stdout } = await runCli(['check', csv, '--no-stats']);
    expect(code).toBe(1);
    expect(stdout).toContain(`✖ final URL is ${s}/new, expected ${s}/elsewhere`);
    expect(stdout).toContain('1 passed, 1 failed');
  });
});

describe('plain input errors', () => {
  it('a binary file given as CSV is "not a text file", not 60 escaped bytes of unknown columns', async () => {
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00]);
    const csv = await file('export.csv', Buffer.concat([bytes, Buffer.alloc(64, 0x01), Buffer.from('\n')]));
    const { code, stderr } = await runCli(['check', csv]);
    expect(code).toBe(2);
    expect(stderr).toContain('not a text file');
    expect(stderr).not.toContain('unknown CSV columns');
  });

  it('a headerless Cloudflare bulk list named .csv gets a hint at --input cloudflare', async () => {
    const s = site();
    const csv = await file('bulk.csv', `${s}/old,${s}/new,301\n`);
    const { code, stderr } = await runCli(['check', csv]);
    expect(code).toBe(2);
    expect(stderr).toContain('check it with --input cloudflare');
  });

  it('a rules file named for nothing (rules.netlify) is read by its content: _redirects lines are Netlify rules', async () => {
    const rules = await file('rules.netlify', '# moved pages\n/old /new 301\n');
    const { code, stdout, stderr } = await runCli(['check', rules, '--base-url', site(), '--format', 'json']);
    expect(stderr).not.toContain('a list line');
    expect(JSON.parse(stdout)).toMatchObject([
      { line: 2, source: `${site()}/old`, outcome: 'passed', firstStatus: 301, finalUrl: `${site()}/new` },
    ]);
    expect(code).toBe(0);
  });

  it('a rules file read as a list (--input list): a line with spaces is an error saying which --input reads it', async () => {
    const rules = await file('rules.netlify', '/old /new 301\n/a /b\n');
    const { code, stderr } = await runCli(['check', rules, '--base-url', site(), '--input', 'list']);
    expect(code).toBe(2);
    expect(stderr).toContain(':1: a list line holds one URL, and this one has spaces in it; looks like a _redirects');
    expect(stderr).toContain('read the file with --input netlify');
    // Said once, not on every line.
    expect(stderr.match(/--input netlify/g)).toHaveLength(1);
    expect(stderr).toContain(':2: a list line holds one URL');
  });

  it('an unreadable input is exit 2 "cannot read FILE: permission denied", not an internal error', async () => {
    const list = await file('urls.txt', `${site()}/new\n`);
    await chmod(list, 0o000);
    if (process.getuid?.() === 0) {
      // root reads any file: run the executable as nobody, for whom the mode is what it says.
      await chmod(dir(), 0o755);
      const outcome = await spawnAs(65534, ['check', list, '--no-progress']);
      expect(outcome.stderr).toBe(`hoplens: cannot read ${list}: permission denied\n`);
      expect(outcome.code).toBe(2);
    } else {
      const { code, stderr } = await runCli(['check', list]);
      expect(stderr).toBe(`hoplens: cannot read ${list}: permission denied\n`);
      expect(code).toBe(2);
    }
  });
});

/** Runs the built `hoplens` as another user (root only), bounded in time. */
function spawnAs(uid: number, args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    uid,
    gid: uid,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: Buffer[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}

describe('the verdict of a run', () => {
  it('names every reason for a non-zero exit on the summary line: all passed, exit 1 for a collapse', async () => {
    const s = site();
    const list = await file('urls.txt', `${s}/x1\n${s}/x2\n${s}/x3\n`);
    const { code, stdout } = await runCli(['check', list, '--collapse-threshold', '2', '--no-stats']);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      new RegExp(
        `3 passed, 0 failed, 0 errored — exit 1: 1 collapse \\(3 rows → ${s.replace(/\./g, '\\.')}/home\\)\\n$`,
      ),
    );
  });

  it('with --output, lists failed rows on stderr too (not only the counts)', async () => {
    const s = site();
    const csv = await file('moves.csv', `source,target\n${s}/old,${s}/elsewhere\n${s}/old,/new\n`);
    const report = join(dir(), 'report.json');
    const { code, stdout, stderr } = await runCli(['check', csv, '--format', 'json', '--output', report]);
    expect(code).toBe(1);
    expect(stderr).toContain(`FAIL  ${s}/old → ${s}/new`);
    expect(stderr).toContain(`✖ final URL is ${s}/new, expected ${s}/elsewhere`);
    // The passing row is in the report only; the summary goes to stdout, the report is a file.
    expect(stderr).not.toContain('PASS');
    expect(stdout).toContain('1 passed, 1 failed');
  });

  it('a row that fails because the rules chain names both lines, as lint does', async () => {
    const s = site();
    const rules = await file('_redirects', '/a /b 301\n/b /c 301\n');
    const { code, stdout } = await runCli(['check', rules, '--base-url', s]);
    expect(code).toBe(1);
    expect(stdout).toContain(`✖ final URL is ${s}/c, expected ${s}/b`);
    expect(stdout).toContain(
      '✖ the rules chain (line 1 → line 2): chain of 2 redirects: /a → /b → /c (line 2 redirects /b again); point it at /c',
    );
    const lint = await runCli(['lint', rules]);
    expect(lint.stdout).toContain('chain of 2 redirects: /a → /b → /c (line 2 redirects /b again); point it at /c');
  });

  it('every row of a rules loop names the loop from its own line, not only the first', async () => {
    const s = site();
    const rules = await file('_redirects', '/p /q 301\n/q /p 301\n');
    const { code, stdout } = await runCli(['check', rules, '--base-url', s]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/✖ the rules loop \(line 1 → line 2\): /);
    expect(stdout).toMatch(/✖ the rules loop \(line 2 → line 1\): /);
  });

  it('-q leaves out the slowest chains; without it they are listed', async () => {
    const s = site();
    const list = await file('urls.txt', `${s}/old\n${s}/new\n`);
    const quiet = await runCli(['check', list, '-q']);
    expect(quiet.stdout).not.toContain('Slowest chains');
    expect(quiet.stdout).toContain('Redirects per row');
    const loud = await runCli(['check', list]);
    expect(loud.stdout).toContain('Slowest chains');
  });

  it('prints a --fail-on-change change once, as the reason the row failed', async () => {
    const s = site();
    const list = await file('urls.txt', `${s}/moving\n`);
    const before = join(dir(), 'before.ndjson');
    state.movingTo = '/new';
    expect((await runCli(['check', list, '--format', 'ndjson', '-o', before])).code).toBe(0);
    state.movingTo = '/page';
    try {
      const { code, stdout } = await runCli(['check', list, '--baseline', before, '--fail-on-change']);
      expect(code).toBe(1);
      expect(stdout.match(/changed since baseline/g)).toHaveLength(1);
      expect(stdout).toContain(`✖ changed since baseline: final URL ${s}/new → ${s}/page`);
    } finally {
      state.movingTo = '/new';
    }
  });
});

describe('help', () => {
  it("monitor export --help shows export's exit statuses, not import's", async () => {
    const exported = await runCli(['monitor', 'export', '--help']);
    expect(exported.stdout).toContain('Exit status of export:');
    expect(exported.stdout).not.toContain('Exit status of import:');
    const imported = await runCli(['monitor', 'import', '--help']);
    expect(imported.stdout).toContain('Exit status of import:');
    expect(imported.stdout).not.toContain('Exit status of export:');
  });
});
