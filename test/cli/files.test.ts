/**
 * `hoplens check` and its files: an output that is one of the inputs, an output that cannot be written, CSV exports
 * with other header names and extra columns, paths made absolute on --base-url, baselines that are not reports, and
 * bare hosts (`example.com/path`) read as the web page reads them.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFileSink, Sink } from '../../src/cli/output.js';
import { outputError } from '../../src/cli/output-error.js';
import { Analyzer } from '../../src/core/analyzer.js';
import { loopbackResolver, runCli, tempDirPerTest } from '../helpers/cli.js';
import { startHttpsServer, startRedirectServer, type TestServer } from '../helpers/servers.js';
import { createTestPki } from '../helpers/tls-certificates.js';

let server: TestServer;
let tlsServer: TestServer;
let caPem: string;

beforeAll(async () => {
  server = await startRedirectServer({
    '/old': { status: 301, location: '/new' },
    '/new': { status: 200 },
    '/page': { status: 200 },
  });
  const pki = createTestPki('site.test');
  caPem = pki.ca;
  tlsServer = await startHttpsServer((req, res) => {
    res.writeHead(req.url === '/old' ? 301 : 200, req.url === '/old' ? { location: '/new' } : {});
    res.end();
  }, pki.valid);
}, 30_000);

afterAll(async () => {
  await server.close();
  await tlsServer.close();
});

const dirPath = tempDirPerTest();

/** The plain-HTTP test site under a `*.test` name (the CLI helper resolves those to 127.0.0.1). */
const site = () => `http://old.test:${server.port}`;

async function file(name: string, text: string): Promise<string> {
  const path = join(dirPath(), name);
  await writeFile(path, text);
  return path;
}

describe('--output that is an input', () => {
  it('refuses the checked file, through a symlink too, and leaves it as it was', async () => {
    const text = `source,target,status\n${site()}/old,/new,301\n`;
    const csv = await file('redirects.csv', text);
    const link = join(dirPath(), 'link.csv');
    await symlink(csv, link);
    for (const output of [csv, join(dirPath(), '.', 'redirects.csv'), link]) {
      const { code, stderr } = await runCli(['check', csv, '--format', 'csv', '--output', output]);
      expect(code).toBe(2);
      expect(stderr).toContain(`is the input file ${csv}: writing the report there would destroy it`);
      expect(await readFile(csv, 'utf8')).toBe(text);
    }
  });

  it('refuses the --baseline file, and leaves it as it was', async () => {
    const list = await file('urls.txt', `${site()}/page\n`);
    const before = join(dirPath(), 'before.ndjson');
    expect((await runCli(['check', list, '--format', 'ndjson', '--output', before])).code).toBe(0);
    const text = await readFile(before, 'utf8');
    const { code, stderr } = await runCli(['check', list, '--format', 'ndjson', '--baseline', before, '-o', before]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--output .*before\.ndjson is the --baseline file .*before\.ndjson/);
    expect(await readFile(before, 'utf8')).toBe(text);
  });
});

describe('an output that cannot be written', () => {
  it('is exit 2 with the path and the reason in plain words, never an internal error', async () => {
    const list = await file('urls.txt', `${site()}/page\n`);
    await mkdir(join(dirPath(), 'a-directory'));
    const cases: Array<[string, string]> = [
      [join(dirPath(), 'no/such/dir/r.json'), 'the directory does not exist'],
      [join(dirPath(), 'a-directory'), 'it is a directory'],
      [join(list, 'r.json'), 'a part of the path is not a directory'],
    ];
    for (const [output, reason] of cases) {
      const { code, stderr } = await runCli(['check', list, '--format', 'json', '--output', output]);
      expect({ output, code, stderr }).toEqual({ output, code: 2, stderr: `hoplens: --output ${output}: ${reason}\n` });
    }
  });

  // /proc/version opens for root and fails on write (EIO), and is read-only for anyone else (EACCES).
  it.skipIf(!existsSync('/proc/version'))('/proc/version is exit 2, whether its open or its write fails', async () => {
    const list = await file('urls.txt', `${site()}/page\n`);
    const { code, stderr } = await runCli(['check', list, '--format', 'ndjson', '--output', '/proc/version']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^hoplens: --output \/proc\/version: (permission denied|the device cannot be written)/);
    expect(stderr).not.toContain('internal error');
  });

  // /dev/full opens, and every write to it fails with ENOSPC: a disk that fills up during the run.
  it.skipIf(!existsSync('/dev/full'))('a write failing later (a full disk) is OUTPUT_ERROR, exit 2', async () => {
    const list = await file('urls.txt', `${site()}/page\n${site()}/new\n`);
    const { code, stderr } = await runCli(['check', list, '--format', 'csv', '--output', '/dev/full']);
    expect({ code, stderr }).toEqual({ code: 2, stderr: 'hoplens: --output /dev/full: the disk is full\n' });

    const sink = await openFileSink('/dev/full', '--output');
    await sink.write('a row\n');
    await expect(sink.close()).rejects.toMatchObject({
      code: 'OUTPUT_ERROR',
      message: '--output /dev/full: the disk is full',
    });
  });

  it('a sink reports a failed write on the next write, as the error it was told to make', async () => {
    const stream = new Writable({
      write(_chunk, _encoding, done) {
        done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
      },
    });
    const sink = new Sink(stream, {
      owned: true,
      isTTY: false,
      describeFailure: (error) => outputError('--output', '/x/r.csv', error),
    });
    await sink.write('first\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(sink.write('second\n')).rejects.toMatchObject({
      code: 'OUTPUT_ERROR',
      message: '--output /x/r.csv: the disk is full',
    });
  });
});

describe('CSV exports from other tools', () => {
  it('recognises header names case-, space-, _- and --insensitively, and keeps the other columns', async () => {
    const headers = [
      'source,target,status',
      'From,To,Code',
      'old_url,New-URL,HTTP Status',
      'URL,Destination,Type',
      ' Source URL , Redirect To , Status Code ',
      'OLD,NEW,status',
      'source url,target url,type',
    ];
    for (const header of headers) {
      const csv = await file('export.csv', `${header},Notes\n${site()}/old,/new,301,moved in 2024\n`);
      const { code, stdout } = await runCli(['check', csv, '--format', 'ndjson']);
      expect({ header, code }).toEqual({ header, code: 0 });
      expect(JSON.parse(stdout)).toMatchObject({
        source: `${site()}/old`,
        target: `${site()}/new`,
        expectedStatus: 301,
        outcome: 'passed',
        extra: { Notes: 'moved in 2024' },
      });
    }
  });

  it('carries extra columns to json, ndjson and csv output, after the standard csv columns', async () => {
    const csv = await file(
      'redirects.csv',
      `source,target,status,notes,outcome\n${site()}/old,/new,301,"moved, twice",keep\n${site()}/page,,,,\n`,
    );
    const json = await runCli(['check', csv, '--format', 'json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).map((row: { extra?: unknown }) => row.extra)).toEqual([
      { notes: 'moved, twice', outcome: 'keep' },
      { notes: '', outcome: '' },
    ]);
    const ndjson = await runCli(['check', csv, '--format', 'ndjson']);
    expect(JSON.parse(ndjson.stdout.split('\n')[0]!).extra).toEqual({ notes: 'moved, twice', outcome: 'keep' });

    const out = await runCli(['check', csv, '--format', 'csv']);
    const [header, first, second] = out.stdout.split('\n');
    // An input column named like a standard one gets `extra_` in front, so that no two columns share a name.
    expect(header).toMatch(/,reasons,warnings,changes,final_ip,http_version,cert_days_left,notes,extra_outcome$/);
    expect(first).toMatch(/,"moved, twice",keep$/);
    expect(second).toMatch(/,,$/);
  });

  it('still refuses a header with no source column, listing what it may be called', async () => {
    const csv = await file('export.csv', `Title,Views\nHome,5\n`);
    const { code, stderr } = await runCli(['check', csv]);
    expect(code).toBe(2);
    expect(stderr).toContain('line 1: unknown CSV columns "Title", "Views"; expected source (or from, old, old url,');
    expect(stderr).toContain('target (or to, new, new url, target url, destination, destination url, redirect to,');
    expect(stderr).toContain(
      'status code (or http status, http code, code, redirect code, redirect style, status, type)',
    );
  });
});

describe('paths and --base-url', () => {
  it('makes csv and list paths absolute on --base-url; a path target follows its source', async () => {
    const csv = await file('redirects.csv', 'source,target,status\n/old,/new,301\n/page,,200\n');
    const fromCsv = await runCli(['check', csv, '--base-url', site(), '--format', 'ndjson']);
    expect(fromCsv.code).toBe(0);
    expect(
      fromCsv.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toMatchObject([
      { source: `${site()}/old`, target: `${site()}/new`, outcome: 'passed' },
      { source: `${site()}/page`, outcome: 'passed' },
    ]);

    const list = await file('urls.txt', '/page\n/new\n');
    const fromList = await runCli(['check', list, '--base-url', site(), '--format', 'ndjson']);
    expect(fromList.code).toBe(0);
    expect(fromList.stdout).toContain(`"source":"${site()}/page"`);

    // Without --base-url, a path target is on the source's site.
    const absolute = await file('absolute.csv', `source,target\n${site()}/old,/new\n`);
    expect(JSON.parse((await runCli(['check', absolute, '--format', 'ndjson'])).stdout).target).toBe(`${site()}/new`);
  });

  it('without --base-url, a path source is an invalid line with its number, not a crash', async () => {
    const csv = await file('redirects.csv', `source,target\n${site()}/old,/new\n/old,/new\n`);
    const fromCsv = await runCli(['check', csv]);
    expect(fromCsv.code).toBe(2);
    expect(fromCsv.stderr).toContain('redirects.csv:3: "/old" is a path: give --base-url to check it');
    expect(fromCsv.stdout).toContain('1 passed, 0 failed, 0 errored; 1 invalid line');

    const list = await file('urls.txt', `# urls\n/page\n`);
    const fromList = await runCli(['check', list]);
    expect(fromList.code).toBe(2);
    expect(fromList.stderr).toContain('urls.txt:2: "/page" is a path: give --base-url to check it');
  });
});

describe('a --baseline that is not a hoplens report', () => {
  it('is exit 2 with a message, not every row "new"', async () => {
    const list = await file('urls.txt', `${site()}/page\n`);
    const cases: Array<[string, string, RegExp]> = [
      ['garbage.json', '{"garbage":true}\n', /not a hoplens report: no record of a check row or an Analysis result/],
      ['empty.ndjson', '', /not a hoplens report: the file is empty/],
      ['report.csv', `source,target\n${site()}/page,\n`, /not a hoplens report \(/],
      ['other.ndjson', '{"source":"http://x.test/","name":"not a row"}\n', /no record of a check row/],
    ];
    for (const [name, text, message] of cases) {
      const baseline = await file(name, text);
      const { code, stdout, stderr } = await runCli(['check', list, '--baseline', baseline]);
      expect({ name, code }).toEqual({ name, code: 2 });
      expect(stderr).toMatch(message);
      expect(stderr).toContain('expected a json or ndjson report of `hoplens check`');
      expect(stdout).not.toContain('new');
    }
  });
});

describe('bare hosts', () => {
  // The test site speaks https (a bare host gets https://) under a CA of its own, trusted by the analyzer.
  const trusting = () => ({ analyzer: () => new Analyzer({ resolver: loopbackResolver, ca: caPem }) });

  it('`hoplens host:port/path` analyses https://host:port/path and shows that URL', async () => {
    const bare = `site.test:${tlsServer.port}/old`;
    const { code, stdout, stderr } = await runCli([bare, '--json'], trusting());
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const result = JSON.parse(stdout);
    expect(result.url).toBe(`https://${bare}`);
    expect(result.summary.finalUrl).toBe(`https://site.test:${tlsServer.port}/new`);

    const table = await runCli([bare, '--no-color'], trusting());
    expect(table.stdout.split('\n')[0]).toBe(`https://${bare}`);
    expect(table.stdout).not.toContain('Only http and https');
  });

  it('list and CSV sources without a scheme get https://; ftp:// still fails clearly', async () => {
    const host = `site.test:${tlsServer.port}`;
    const list = await file('urls.txt', `${host}/page\n`);
    const fromList = await runCli(['check', list, '--format', 'ndjson'], trusting());
    expect(fromList.code).toBe(0);
    expect(JSON.parse(fromList.stdout)).toMatchObject({ source: `https://${host}/page`, outcome: 'passed' });

    const csv = await file('redirects.csv', `source,target,status\n${host}/old,/new,301\nftp://files.test/x,,\n`);
    const fromCsv = await runCli(['check', csv, '--format', 'ndjson'], trusting());
    expect(fromCsv.code).toBe(2);
    expect(JSON.parse(fromCsv.stdout)).toMatchObject({
      source: `https://${host}/old`,
      target: `https://${host}/new`,
      outcome: 'passed',
    });
    expect(fromCsv.stderr).toContain('redirects.csv:3: Only http and https URLs can be analysed, not ftp:');
  });

  it('an argument that is no URL even with https:// is reported as typed', async () => {
    const { code, stderr } = await runCli(['not a url']);
    expect({ code, stderr }).toEqual({ code: 2, stderr: 'hoplens: Not a valid URL: "not a url"\n' });
    const ftp = await runCli(['ftp://files.test/x']);
    expect(ftp.stderr).toBe('hoplens: Only http and https URLs can be analysed, not ftp:\n');
  });
});
