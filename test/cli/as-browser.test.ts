/**
 * `--as-browser` on `hoplens <url>` and `hoplens check` (docs/cli.md): a returning browser's chain, HSTS learned in the
 * chain or, in a check run, by an earlier row; the upgrade shown as Chromium's internal 307 (`HSTS upgrade` in the
 * Via column), and `-v` showing each hop's Strict-Transport-Security.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { type DualServer, startDualServer } from '../helpers/dual-protocol-server.js';
import { createTestPki } from '../helpers/tls-certificates.js';

/** A name the CLI tests' resolver sends to loopback. */
const HOST = 'returning.test';
let server: DualServer;
let dir: Awaited<ReturnType<typeof tempDir>>;
let caFile: string;
const sent: string[] = [];

beforeAll(async () => {
  const pki = createTestPki(HOST);
  dir = await tempDir();
  caFile = join(dir.path, 'ca.pem');
  await writeFile(caFile, pki.ca);
  server = await startDualServer(pki.valid, (scheme, req, res) => {
    sent.push(`${scheme} ${req.url}`);
    const base = `${HOST}:${server.port}`;
    if (scheme === 'https' && req.url === '/a') {
      res.writeHead(301, { location: `http://${base}/b`, 'strict-transport-security': 'max-age=31536000' });
    } else if (scheme === 'http')
      res.writeHead(301, { location: `https://${base}${req.url === '/' ? '/a' : req.url}` });
    else res.writeHead(200, { 'content-type': 'text/plain', 'strict-transport-security': 'max-age=31536000' });
    res.end('ok');
  });
});
afterAll(async () => {
  await Promise.all([server.close(), dir.remove()]);
});

describe('hoplens <url> --as-browser', () => {
  it('shows the upgrade as an internal 307 and sends no http request after the header', async () => {
    sent.length = 0;
    const { code, stdout } = await runCli([
      `http://${HOST}:${server.port}/`,
      '--as-browser',
      '-v',
      '--no-robots',
      '--ca',
      caFile,
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/307 Internal Redirect\s+HSTS upgrade\s+http:\/\/returning\.test:\d+\/b/);
    expect(stdout).toContain('hsts: max-age 1 year');
    expect(sent).toEqual(['http /', 'https /a', 'https /b']);
    expect(stdout).not.toContain('https_downgrade');
  });

  it('without it, the http request is sent and the downgrade fails the run', async () => {
    sent.length = 0;
    const { code, stdout } = await runCli([`http://${HOST}:${server.port}/`, '--no-robots', '--ca', caFile]);
    expect(code).toBe(1);
    expect(stdout).toContain('https_downgrade');
    expect(sent).toEqual(['http /', 'https /a', 'http /b', 'https /b']);
  });
});

describe('hoplens check --as-browser', () => {
  it('upgrades a row to a host an earlier row of the run learned as HSTS', async () => {
    const list = join(dir.path, 'urls.txt');
    await writeFile(list, `https://${HOST}:${server.port}/first\nhttp://${HOST}:${server.port}/second\n`);
    sent.length = 0;
    const args = [
      'check',
      list,
      '--format',
      'ndjson',
      '--concurrency',
      '1',
      '--retries',
      '0',
      '--no-robots',
      '--ca',
      caFile,
    ];
    const { stdout } = await runCli([...args, '--as-browser']);
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((record) => record.kind !== 'summary');
    const second = rows.find((row) => String(row.source ?? row.url).endsWith('/second'));
    expect(JSON.stringify(second)).toContain('"redirectVia":"hsts"');
    expect(sent).toEqual(['https /first', 'https /second']);
  });
});
