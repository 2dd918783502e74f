/**
 * The human tables of both commands: status colours that mean what they mean on the web page, and `--headers all`
 * showing each hop's response headers, `curl -I` style, under the hop.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pc from 'picocolors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusColor, statusRole } from '../../src/cli/colors.js';
import { Analyzer } from '../../src/core/analyzer.js';
import type { Resolver } from '../../src/core/types.js';
import { statusClass } from '../../src/report/view/chain/format.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
let base: string;
let dir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  server = await startServer((req, res) => {
    switch (req.url) {
      case '/moved':
        return void res.writeHead(301, { location: '/temp', 'x-served-by': 'edge-1' }).end();
      case '/temp':
        return void res.writeHead(307, { location: '/done', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] }).end();
      case '/done':
        return void res.writeHead(200, { 'content-type': 'text/plain', 'x-served-by': 'origin' }).end('ok');
      default:
        return void res.writeHead(404).end();
    }
  });
  base = `http://site.test:${server.port}`;
  dir = await tempDir();
});

afterAll(async () => {
  await server.close();
  await dir.remove();
});

// SGR foreground codes (ECMA-48 8.3.117): 31 red, 32 green, 33 yellow (the page's amber), 34 blue, 90 bright black.
const RED = '\u001b[31m';
const GREEN = '\u001b[32m';
const YELLOW = '\u001b[33m';
const BLUE = '\u001b[34m';
const GREY = '\u001b[90m';

describe('status colours', () => {
  it('give every status the class the web page gives it', () => {
    for (let status = 100; status < 600; status++) {
      for (const redirectType of [undefined, 'permanent', 'temporary'] as const) {
        const hop = redirectType === undefined ? { status } : { status, redirectType };
        expect([status, redirectType, statusRole(status, redirectType)]).toEqual([
          status,
          redirectType,
          statusClass(hop),
        ]);
      }
    }
  });

  it('paint permanent redirects blue, temporary ones amber, 2xx green, 4xx and 5xx red, the rest grey', () => {
    const colors = pc.createColors(true);
    const paint = (status: number) => statusColor(colors, status)('x');
    for (const status of [301, 308]) expect(paint(status).startsWith(BLUE)).toBe(true);
    for (const status of [302, 303, 307]) expect(paint(status).startsWith(YELLOW)).toBe(true);
    for (const status of [200, 204]) expect(paint(status).startsWith(GREEN)).toBe(true);
    for (const status of [404, 410, 500, 503]) expect(paint(status).startsWith(RED)).toBe(true);
    for (const status of [101, 304]) expect(paint(status).startsWith(GREY)).toBe(true);
  });

  it('hoplens URL and hoplens check colour a 301 and a 307 differently, as the page does', async () => {
    const analyze = await runCli([`${base}/moved`], { stdoutIsTTY: true });
    expect(analyze.stdout).toContain(`${BLUE}301 Moved Permanently`);
    expect(analyze.stdout).toContain(`${YELLOW}307 Temporary Redirect`);
    expect(analyze.stdout).toContain(`${GREEN}200 OK`);

    const list = join(dir.path, 'colours.txt');
    await writeFile(list, `${base}/moved\n${base}/temp\n`);
    const check = await runCli(['check', list, '--no-progress'], { stdoutIsTTY: true });
    expect(check.stdout).toContain(`${BLUE}301${'\u001b[39m'} → ${GREEN}200`);
    expect(check.stdout).toContain(`${YELLOW}307${'\u001b[39m'} → ${GREEN}200`);
  });
});

describe('--headers all in the tables', () => {
  it('hoplens URL: each hop is followed by its headers, name: value, indented', async () => {
    const { code, stdout } = await runCli([`${base}/moved`, '--headers', 'all']);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    const hop = (n: number) => lines.findIndex((line) => new RegExp(`^\\s+${n}\\s+\\d{3} `).test(line));
    const block = (n: number, end: number) => lines.slice(hop(n) + 1, end).map((line) => line.trim());
    expect(block(1, hop(2))).toContain('location: /temp');
    expect(block(1, hop(2))).toContain('x-served-by: edge-1');
    // Two Set-Cookie headers: a line each, as curl -I shows them.
    expect(block(2, hop(3))).toEqual(expect.arrayContaining(['set-cookie: a=1; Path=/', 'set-cookie: b=2; Path=/']));
    expect(block(3, hop(3) + 4)).toEqual(expect.arrayContaining(['content-type: text/plain', 'x-served-by: origin']));
    // Indented deeper than the hop numbers.
    for (const line of lines.filter((text) => text.includes('x-served-by:'))) expect(line).toMatch(/^ {5,}x-served/);
  });

  it('hoplens URL without --headers all keeps the table without headers', async () => {
    const { stdout } = await runCli([`${base}/moved`]);
    expect(stdout).not.toMatch(/location:|x-served-by:|set-cookie:/);
    expect(stdout).toMatch(/^\s+1\s+301 Moved Permanently\s+http:\/\/site\.test:\d+\/moved\s+\d+ ms$/m);
  });

  it('hoplens check --headers all: each row shows its chain with the headers under each hop', async () => {
    const list = join(dir.path, 'headers.txt');
    await writeFile(list, `${base}/moved\n`);
    const all = await runCli(['check', list, '--headers', 'all', '--no-progress']);
    expect(all.code).toBe(0);
    const lines = all.stdout.split('\n');
    const row = lines.findIndex((line) => line.startsWith('PASS '));
    // Under the row's warnings: the chain, hop by hop, each with its headers in the order the server sent them.
    const first = lines.findIndex((line, index) => index > row && line.startsWith('      1  '));
    expect(lines.slice(first, first + 3)).toEqual([
      `      1  301 Moved Permanently  ${base}/moved`,
      '         location: /temp',
      '         x-served-by: edge-1',
    ]);
    expect(all.stdout).toContain(`      3  200 OK  ${base}/done\n`);
    expect(all.stdout).toContain('\n         content-type: text/plain\n');

    const plain = await runCli(['check', list, '--no-progress']);
    expect(plain.stdout).not.toMatch(/location:|x-served-by:|301 Moved/);
  });
});

describe('internationalised hosts', () => {
  // IDNA (UTS #46) ToUnicode, as node's url.domainToUnicode: xn--bcher-kva is "bücher". The JSON keeps the WHATWG URL
  // serialisation, the ASCII form.
  const idnResolver: Resolver = async (hostname) => {
    if (hostname === 'xn--bcher-kva.example') return [{ address: '127.0.0.1', family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  };
  const analyzer = () => new Analyzer({ resolver: idnResolver });
  const ascii = () => `http://xn--bcher-kva.example:${server.port}`;
  const unicode = () => `http://bücher.example:${server.port}`;

  it('hoplens URL: the table, heading and summary line show the host in Unicode', async () => {
    const { code, stdout } = await runCli([`${ascii()}/moved`], { analyzer });
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(`${unicode()}/moved`);
    expect(stdout).toMatch(
      new RegExp(`^\\s+1\\s+301 Moved Permanently\\s+${literal(unicode())}/moved\\s+\\d+ ms$`, 'm'),
    );
    expect(stdout).toContain(`final 200 OK ${unicode()}/done`);
    expect(stdout).toContain('Summary: 3 hops (2 redirects)');
    // The issues' messages are the core's sentences, the same in the JSON: only the table's own text is converted.
    const table = stdout.split('\n').filter((line) => !/\[[a-z_]+\]$/.test(line));
    expect(table.join('\n')).not.toContain('xn--');
  });

  it('hoplens URL --json keeps the ASCII form', async () => {
    const { stdout } = await runCli([`${ascii()}/moved`, '--json'], { analyzer });
    const result = JSON.parse(stdout);
    expect(result.chain[0].url).toBe(`${ascii()}/moved`);
    expect(result.summary.finalUrl).toBe(`${ascii()}/done`);
  });

  it('hoplens check: the row and its chain show the host in Unicode; the ndjson keeps the ASCII form', async () => {
    const list = join(dir.path, 'idn.txt');
    await writeFile(list, `${ascii()}/moved\n`);
    const table = await runCli(['check', list, '--headers', 'all', '--no-progress'], { analyzer });
    expect(table.stdout).toContain(`PASS  ${unicode()}/moved → ${unicode()}/done`);
    expect(table.stdout).toContain(`      1  301 Moved Permanently  ${unicode()}/moved\n`);
    const ndjson = await runCli(['check', list, '--format', 'ndjson', '--no-progress'], { analyzer });
    const row = JSON.parse(ndjson.stdout.split('\n').find((line) => line.includes('"source"'))!);
    expect(row.source).toBe(`${ascii()}/moved`);
    expect(row.finalUrl).toBe(`${ascii()}/done`);
  });
});

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
