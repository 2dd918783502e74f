/**
 * Each hop's connection on the command line (docs/cli.md): `-v` in the human tables (address, reuse, HTTP version,
 * timing phases, certificate), the csv columns `final_ip`, `http_version` and `cert_days_left`, and the hop fields of
 * the ndjson chain.
 */
import { X509Certificate } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { type Http2TestServer, startHttp2Server } from '../helpers/http2-servers.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';
import { createTestPki, type TestPki } from '../helpers/tls-certificates.js';

/** A name the CLI tests' resolver sends to loopback. */
const HOST = 'secure.test';
const DAY_MS = 86_400_000;

let pki: TestPki;
let dir: Awaited<ReturnType<typeof tempDir>>;
let caFile: string;
let plain: TestServer;
let h2: Http2TestServer;
let plainBase: string;

const routes = {
  '/old': { status: 301, location: '/new' },
  '/new': { status: 200, body: 'ok', headers: { 'content-type': 'text/plain' } },
};

beforeAll(async () => {
  pki = createTestPki(HOST);
  dir = await tempDir();
  caFile = join(dir.path, 'ca.pem');
  await writeFile(caFile, pki.ca);
  plain = await startRedirectServer(routes);
  plainBase = `http://site.test:${plain.port}`;
  h2 = await startHttp2Server(routes, { ...pki.valid, host: HOST });
});

afterAll(async () => {
  await Promise.all([plain.close(), h2.close(), dir.remove()]);
});

/** The certificate's end of validity and whole days left, as the core counts them (src/core/hop/anatomy.ts). */
function validity(): { date: string; days: number } {
  const validTo = Date.parse(new X509Certificate(pki.valid.cert).validTo);
  return { date: new Date(validTo).toISOString().slice(0, 10), days: Math.floor((validTo - Date.now()) / DAY_MS) };
}

/** The lines under the hop line matching `hopLine`, up to the next hop or the blank line that ends the table. */
function blockUnder(stdout: string, hopLine: RegExp): string[] {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => hopLine.test(line));
  expect(start).toBeGreaterThan(-1);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line === '' || /^\s+\d+\s+\d{3} /.test(line));
  return rest.slice(0, end);
}

describe('-v on hoplens <url>', () => {
  it('shows each hop’s address, HTTP/1.1 and timing phases; the second hop on the kept-alive connection is reused', async () => {
    const { code, stdout } = await runCli([`${plainBase}/old`, '-v']);
    expect(code).toBe(0);
    const address = `127.0.0.1:${plain.port}`;
    // A hop that opened a plain-HTTP connection paid for dns and connect, not tls (docs/library.md, `timings`).
    expect(blockUnder(stdout, /^\s+1\s+301 /)).toEqual([
      expect.stringMatching(new RegExp(`^ {7}connection: ${address} · HTTP/1\\.1$`)),
      expect.stringMatching(/^ {7}timings: dns \d+ ms · connect \d+ ms · first byte \d+ ms$/),
    ]);
    expect(blockUnder(stdout, /^\s+2\s+200 /)).toEqual([
      `       connection: ${address} reused · HTTP/1.1`,
      expect.stringMatching(/^ {7}timings: first byte \d+ ms$/),
    ]);
  });

  it('shows HTTP/2, the TLS phase and version, and the certificate with its expiry, on an HTTPS hop', async () => {
    const { code, stdout } = await runCli([`${h2.origin}/old`, '--verbose', '--ca', caFile]);
    expect(code).toBe(0);
    const { date, days } = validity();
    expect(blockUnder(stdout, /^\s+1\s+301 /)).toEqual([
      expect.stringMatching(new RegExp(`^ {7}connection: 127\\.0\\.0\\.1:${h2.port} · HTTP/2 · TLSv1\\.[23]$`)),
      expect.stringMatching(/^ {7}timings: dns \d+ ms · connect \d+ ms · tls \d+ ms · first byte \d+ ms$/),
      `       certificate: CN=${HOST} by CN=hoplens test CA, expires ${date} (${days} days)`,
    ]);
    // The HTTP/2 session carries the next hop: no set-up, no certificate of its own.
    expect(blockUnder(stdout, /^\s+2\s+200 /)).toEqual([
      `       connection: 127.0.0.1:${h2.port} reused · HTTP/2`,
      expect.stringMatching(/^ {7}timings: first byte \d+ ms$/),
    ]);
  });

  it('puts the connection above the --headers all block, at the same indent, with dim labels on a terminal', async () => {
    const { stdout } = await runCli([`${plainBase}/old`, '-v', '--headers', 'all']);
    const block = blockUnder(stdout, /^\s+1\s+301 /);
    expect(block[0]).toMatch(/^ {7}connection: /);
    expect(block).toContain('       location: /new');

    // SGR 2 (faint) and 22 (normal intensity), ECMA-48 8.3.117, as the headers' names and the table's titles.
    const tty = await runCli([`${h2.origin}/old`, '-v', '--ca', caFile], { stdoutIsTTY: true });
    for (const label of ['connection:', 'timings:', 'certificate:']) {
      expect(tty.stdout).toContain(`\u001b[2m${label}\u001b[22m `);
    }
    expect(tty.stdout).toContain(`\u001b[2mreused\u001b[22m`);
    // 29 days: under the certificate_expiring warning bound (30), so amber as that warning is (SGR 33).
    expect(validity().days).toBeLessThan(30);
    expect(tty.stdout).toContain(`(\u001b[33m${validity().days} days\u001b[39m)`);
  });

  it('shows none of it without -v', async () => {
    const { stdout } = await runCli([`${h2.origin}/old`, '--ca', caFile]);
    expect(stdout).not.toMatch(/connection:|timings:|certificate:|HTTP\/2/);
  });
});

describe('-v on hoplens check', () => {
  it('the table shows each row’s chain with each hop’s connection; not without -v', async () => {
    const list = join(dir.path, 'verbose.txt');
    await writeFile(list, `${plainBase}/old\n`);
    const verbose = await runCli(['check', list, '-v', '--no-progress']);
    expect(verbose.code).toBe(0);
    const lines = verbose.stdout.split('\n');
    const first = lines.findIndex((line) => line.startsWith('      1  301 Moved Permanently'));
    expect(lines.slice(first, first + 3)).toEqual([
      `      1  301 Moved Permanently  ${plainBase}/old`,
      `         connection: 127.0.0.1:${plain.port} · HTTP/1.1`,
      expect.stringMatching(/^ {9}timings: dns \d+ ms · connect \d+ ms · first byte \d+ ms$/),
    ]);
    // -v alone shows no headers: that is --headers all.
    expect(verbose.stdout).not.toContain('location:');

    const plainRun = await runCli(['check', list, '--no-progress']);
    expect(plainRun.stdout).not.toMatch(/connection:|301 Moved/);
  });
});

describe('hoplens check --format csv', () => {
  it('has final_ip, http_version and cert_days_left after the standard columns and before the extra ones', async () => {
    const csv = join(dir.path, 'columns.csv');
    await writeFile(csv, `source,target,notes\n${h2.origin}/old,/new,tls\n${plainBase}/old,/new,plain\n`);
    const { code, stdout } = await runCli(['check', csv, '--format', 'csv', '--ca', caFile]);
    expect(code).toBe(0);
    const [header, tls, clear] = parse(stdout) as string[][];
    expect(header!.slice(-5)).toEqual(['changes', 'final_ip', 'http_version', 'cert_days_left', 'notes']);
    const field = (row: string[] | undefined, name: string) => row![header!.indexOf(name)];
    // The final hop rode the connection the first hop opened: its certificate is that one.
    expect([field(tls, 'final_ip'), field(tls, 'http_version'), field(tls, 'cert_days_left')]).toEqual([
      '127.0.0.1',
      '2',
      String(validity().days),
    ]);
    // Plain HTTP has no certificate: the field is empty, not 0.
    expect([field(clear, 'final_ip'), field(clear, 'http_version'), field(clear, 'cert_days_left')]).toEqual([
      '127.0.0.1',
      '1.1',
      '',
    ]);
    expect(field(clear, 'notes')).toBe('plain');
  });

  it('leaves them empty for a row whose analysis failed', async () => {
    const list = join(dir.path, 'refused.txt');
    // Without --ca the certificate is not trusted: the hop fails before it has a connection to report.
    await writeFile(list, `${h2.origin}/old\n`);
    const { code, stdout } = await runCli(['check', list, '--format', 'csv', '--retries', '0']);
    expect(code).toBe(1);
    const [header, row] = parse(stdout) as string[][];
    const at = (name: string) => row![header!.indexOf(name)];
    expect(at('outcome')).toBe('errored');
    expect([at('final_ip'), at('http_version'), at('cert_days_left')]).toEqual(['', '', '']);
  });
});

describe('hoplens check --format ndjson', () => {
  it("carries each hop's httpVersion and timings in the rows' chains", async () => {
    const list = join(dir.path, 'ndjson.txt');
    await writeFile(list, `${h2.origin}/old\n${plainBase}/old\n`);
    const { code, stdout } = await runCli(['check', list, '--format', 'ndjson', '--ca', caFile]);
    expect(code).toBe(0);
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const versions = rows.map((row: { chain: Array<{ httpVersion: string }> }) =>
      row.chain.map((hop) => hop.httpVersion),
    );
    expect(versions).toEqual([
      ['2', '2'],
      ['1.1', '1.1'],
    ]);
    for (const row of rows) {
      const [opened, reused] = row.chain;
      expect(opened.timings).toEqual({
        dns: expect.any(Number),
        connect: expect.any(Number),
        ...(opened.url.startsWith('https:') ? { tls: expect.any(Number) } : {}),
        firstByte: expect.any(Number),
      });
      expect(reused).toMatchObject({ reusedConnection: true, timings: { firstByte: expect.any(Number) } });
      expect(Object.keys(reused.timings)).toEqual(['firstByte']);
    }
  });
});
