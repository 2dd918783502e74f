/**
 * `--ca FILE` and `--insecure`, on both commands: a private CA is trusted besides Node's roots, a bad certificate is
 * reported as tls_invalid instead of failing the hop, and a --ca file that cannot be used is exit 2 naming it.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { startHttp2Server } from '../helpers/http2-servers.js';
import { startHttpsServer, type TestServer } from '../helpers/servers.js';
import { createTestPki, type TestPki } from '../helpers/tls-certificates.js';

/** A name the CLI tests' resolver sends to loopback. */
const HOST = 'secure.test';

let pki: TestPki;
let dir: { path: string; remove: () => Promise<void> };
let valid: TestServer;
let expired: TestServer;
let caFile: string;

const urlOf = (server: TestServer, path = '/') => `https://${HOST}:${server.port}${path}`;

beforeAll(async () => {
  pki = createTestPki(HOST);
  dir = await tempDir();
  const answer = (body: string) => startHttpsServer((_req, res) => res.end(body), pki[body as 'valid' | 'expired']);
  valid = await answer('valid');
  expired = await answer('expired');
  caFile = join(dir.path, 'ca.pem');
  // An unrelated certificate first: a bundle of several, of which the second is the one that matters.
  await writeFile(caFile, `${pki.selfSigned.cert}\n${pki.ca}`);
});

afterAll(async () => {
  await Promise.all([valid.close(), expired.close(), dir.remove()]);
});

describe('--ca', () => {
  it("trusts a private CA besides Node's roots, on hoplens <url>", async () => {
    const without = await runCli([urlOf(valid), '--json']);
    expect(without.code).toBe(1);
    expect(JSON.parse(without.stdout).error).toMatchObject({ code: 'TLS_ERROR', reason: 'untrusted' });
    const trusted = await runCli([urlOf(valid), '--json', '--ca', caFile]);
    expect(trusted.code).toBe(0);
    expect(JSON.parse(trusted.stdout).summary.finalStatus).toBe(200);
  });

  it('trusts a private CA on hoplens check, a path relative to the working directory', async () => {
    const list = join(dir.path, 'urls.txt');
    await writeFile(list, `${urlOf(valid)}\n`);
    const without = await runCli(['check', list, '--format', 'json', '--no-progress']);
    expect(without.code).toBe(1);
    const trusted = await runCli(['check', list, '--format', 'json', '--no-progress', '--ca', 'ca.pem'], {
      cwd: dir.path,
    });
    expect(trusted.code).toBe(0);
    expect(JSON.parse(trusted.stdout)[0]).toMatchObject({ outcome: 'passed' });
  });

  it('hints at --ca and --insecure when no trusted authority signed the certificate, and not for an expired one', async () => {
    const hint =
      'trust its certificate authority with --ca FILE (a PEM file), or make the hop despite it with --insecure';
    const one = await runCli([urlOf(valid)]);
    expect(one.code).toBe(1);
    expect(one.stdout).toContain('certificate signed by an unknown authority');
    expect(one.stdout).toContain(`Hint: ${hint}`);
    const list = join(dir.path, 'untrusted.txt');
    await writeFile(list, `${urlOf(valid)}\n`);
    const rows = await runCli(['check', list, '--no-progress']);
    expect(rows.code).toBe(1);
    expect(rows.stdout).toContain(`✖ hint: ${hint}`);
    // An expired certificate under a trusted authority is not a matter of trust: no hint.
    const expiredOne = await runCli([urlOf(expired), '--ca', caFile]);
    expect(expiredOne.stdout).not.toContain('--insecure');
  });

  it.each([
    ['a missing file', 'missing.pem', '', /--ca: cannot read missing\.pem: no such file/],
    ['a directory', '.', '', /--ca: cannot read \.: it is a directory/],
    ['a file with no certificate', 'empty.pem', 'just text\n', /--ca: empty\.pem: no PEM certificate in it/],
    [
      'a file with a broken certificate',
      'broken.pem',
      '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n',
      /--ca: broken\.pem: the certificate in it is not a valid PEM certificate/,
    ],
  ])('exits 2 naming the file and the reason for %s, on both commands', async (_name, file, content, message) => {
    if (content !== '') await writeFile(join(dir.path, file), content);
    const list = join(dir.path, 'one.txt');
    await writeFile(list, `${urlOf(valid)}\n`);
    for (const argv of [[urlOf(valid)], ['check', list, '--no-progress']]) {
      const outcome = await runCli([...argv, '--ca', file], { cwd: dir.path });
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toMatch(message);
      expect(outcome.stdout).toBe('');
    }
  });
});

describe('--insecure', () => {
  it('makes the hop despite an expired certificate and reports tls_invalid (exit 1)', async () => {
    const refused = await runCli([urlOf(expired), '--ca', caFile]);
    expect(refused.code).toBe(1);
    expect(refused.stdout + refused.stderr).toMatch(/certificate expired on \d{4}-\d{2}-\d{2}/);
    expect(refused.stdout + refused.stderr).not.toMatch(/SSL routines|CERT_HAS_EXPIRED/);

    const reported = await runCli([urlOf(expired), '--ca', caFile, '--insecure', '--json']);
    expect(reported.code).toBe(1);
    const result = JSON.parse(reported.stdout);
    expect(result.chain.map((hop: { status: number }) => hop.status)).toEqual([200]);
    expect(result.summary.issues).toContainEqual(
      expect.objectContaining({ type: 'tls_invalid', severity: 'error', hop: 0 }),
    );
  });

  it('reports tls_invalid on hoplens check rows too, failing the row instead of erroring it', async () => {
    const list = join(dir.path, 'expired.txt');
    await writeFile(list, `${urlOf(expired)}\n`);
    const refused = await runCli(['check', list, '--format', 'json', '--no-progress']);
    expect(JSON.parse(refused.stdout)[0]).toMatchObject({ outcome: 'errored' });
    const reported = await runCli(['check', list, '--format', 'json', '--no-progress', '--insecure']);
    expect(reported.code).toBe(1);
    const row = JSON.parse(reported.stdout)[0];
    expect(row).toMatchObject({ outcome: 'failed' });
    expect(JSON.stringify(row)).toContain('tls_invalid');
  });
});

describe('--no-http2', () => {
  it('speaks HTTP/1.1 to a server that offers HTTP/2, which is used without the flag', async () => {
    const server = await startHttp2Server({ '/': { status: 200 } }, { ...pki.valid, host: HOST, allowHTTP1: true });
    try {
      const offered = await runCli([`${server.origin}/`, '--json', '--ca', caFile]);
      expect(JSON.parse(offered.stdout).chain[0]).toMatchObject({ httpVersion: '2' });
      const refused = await runCli([`${server.origin}/`, '--json', '--ca', caFile, '--no-http2']);
      expect(refused.code).toBe(0);
      expect(JSON.parse(refused.stdout).chain[0]).toMatchObject({ httpVersion: '1.1' });
    } finally {
      await server.close();
    }
  });
});
