/**
 * `--resolve` and `--connect-to` before a DNS cutover: a real nginx on 127.0.0.2 serves the "new site" under names
 * that resolve nowhere (cutover.test, www.cutover.test), over HTTPS with a certificate for those names from a test CA.
 * A whole CSV redirect map passes only when the names are pointed at it, and TLS is still checked against the URL's
 * host name, as curl does: "It does NOT affect the hostname/port that is used for TLS/SSL (e.g. SNI, certificate
 * verification)" (curl/curl docs/cmdline-opts/connect-to.md; --resolve: docs/cmdline-opts/resolve.md, "prevent the
 * otherwise normally resolved address to be used"; https://curl.se/docs/manpage.html#--resolve).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer, type Resolver } from '../../src/core/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { runNginx } from '../helpers/nginx-process.js';
import { closedPort } from '../helpers/servers.js';
import { createTestPki } from '../helpers/tls-certificates.js';

/** The new server's address: not 127.0.0.1, so that nothing reaches it by a loopback default. */
const ADDRESS = '127.0.0.2';
const APEX = 'cutover.test';
const WWW = 'www.cutover.test';

/** DNS before the cutover, as far as this test goes: the names resolve nowhere. */
const nowhere: Resolver = async (hostname) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};
const analyzerWithoutDns = (config: ConstructorParameters<typeof Analyzer>[0]) =>
  new Analyzer({ ...config, resolver: nowhere });

let dir: { path: string; remove: () => Promise<void> };
let stop: () => Promise<void>;
let port: number;
/** A second server whose certificate is for another name: it must fail even when pointed at. */
let wrongPort: number;
let caFile: string;
let csv: string;

const www = (path: string) => `https://${WWW}:${port}${path}`;

beforeAll(async () => {
  dir = await tempDir();
  const pki = createTestPki(WWW, [APEX, WWW]);
  const files = { cert: join(dir.path, 'site.pem'), key: join(dir.path, 'site.key') };
  const wrong = { cert: join(dir.path, 'wrong.pem'), key: join(dir.path, 'wrong.key') };
  caFile = join(dir.path, 'ca.pem');
  await Promise.all([
    writeFile(files.cert, pki.valid.cert),
    writeFile(files.key, pki.valid.key),
    writeFile(wrong.cert, pki.wrongHost.cert),
    writeFile(wrong.key, pki.wrongHost.key),
    writeFile(caFile, pki.ca),
  ]);
  port = await closedPort(ADDRESS);
  wrongPort = await closedPort(ADDRESS);
  const tls = (pair: typeof files) => [`    ssl_certificate ${pair.cert};`, `    ssl_certificate_key ${pair.key};`];
  const http = [
    'access_log off;',
    `server { listen ${ADDRESS}:${port} ssl; server_name ${APEX};`,
    ...tls(files),
    `    return 301 https://${WWW}:${port}$request_uri; }`,
    `server { listen ${ADDRESS}:${port} ssl; server_name ${WWW};`,
    ...tls(files),
    `    location = /old-shop { return 301 https://${WWW}:${port}/shop/; }`,
    `    location = /about-us.html { return 301 https://${WWW}:${port}/about/; }`,
    '    location / { return 200 "new site\\n"; } }',
    `server { listen ${ADDRESS}:${wrongPort} ssl;`,
    ...tls(wrong),
    '    location / { return 200 "wrong certificate\\n"; } }',
  ];
  ({ stop } = await runNginx(join(dir.path, 'nginx'), http, [port, wrongPort], { host: ADDRESS }));
  csv = join(dir.path, 'map.csv');
  await writeFile(
    csv,
    [
      'source,target,status',
      `${www('/old-shop')},${www('/shop/')},301`,
      `${www('/about-us.html')},${www('/about/')},301`,
      `https://${APEX}:${port}/,${www('/')},301`,
      `${www('/shop/')},${www('/shop/')},200`,
    ].join('\n'),
  );
}, 30_000);

afterAll(async () => {
  await stop?.();
  await dir?.remove();
});

const resolveFlags = () => ['--resolve', `${WWW}:${port}:${ADDRESS}`, '--resolve', `${APEX}:${port}:${ADDRESS}`];
const check = (extra: string[]) =>
  runCli(['check', csv, '--format', 'json', '--no-progress', '--retries', '0', '--ca', caFile, ...extra], {
    analyzer: analyzerWithoutDns,
  });

describe('--resolve and --connect-to', () => {
  it('a whole CSV map passes against the new server with --resolve, every hop included, and errors without it', async () => {
    const pointed = await check(resolveFlags());
    expect(pointed.stderr).not.toContain('Error');
    const rows = JSON.parse(pointed.stdout) as { outcome: string; chain: { url: string }[] }[];
    expect(rows.map((row) => row.outcome)).toEqual(['passed', 'passed', 'passed', 'passed']);
    expect(pointed.code).toBe(0);
    // The apex row's second hop is on www: the redirect to another name of the map went to the new server too.
    expect(rows[2]!.chain.map((hop) => hop.url)).toEqual([`https://${APEX}:${port}/`, www('/')]);

    const unpointed = await check([]);
    expect(unpointed.code).toBe(1);
    const failed = JSON.parse(unpointed.stdout) as { outcome: string; error?: { code: string } }[];
    expect(failed.map((row) => row.outcome)).toEqual(['errored', 'errored', 'errored', 'errored']);
    expect(failed[0]!.error!.code).toBe('DNS_ERROR');
  });

  it('with only the www name pointed, the apex row errors and the www rows pass: each rule is for its own name', async () => {
    const { stdout } = await check(['--resolve', `${WWW}:${port}:${ADDRESS}`]);
    const rows = JSON.parse(stdout) as { outcome: string }[];
    expect(rows.map((row) => row.outcome)).toEqual(['passed', 'passed', 'errored', 'passed']);
  });

  it('a rule for another port does not apply (curl: "a specific host and port pair")', async () => {
    const { stdout } = await check(['--resolve', `${WWW}:${port + 1}:${ADDRESS}`]);
    expect((JSON.parse(stdout) as { outcome: string }[])[0]!.outcome).toBe('errored');
  });

  it('--connect-to with empty parts (any host, any port, the same port) sends every request to the address', async () => {
    const { code, stdout } = await check(['--connect-to', `::${ADDRESS}:`]);
    expect((JSON.parse(stdout) as { outcome: string }[]).map((row) => row.outcome)).toEqual([
      'passed',
      'passed',
      'passed',
      'passed',
    ]);
    expect(code).toBe(0);
  });

  it('on hoplens <url>: TLS is checked against the URL host, so a certificate for another name fails', async () => {
    const good = await runCli([www('/old-shop'), '--json', '--ca', caFile, ...resolveFlags()], {
      analyzer: analyzerWithoutDns,
    });
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout).summary.finalUrl).toBe(www('/shop/'));
    const url = `https://${WWW}:${wrongPort}/`;
    const wrong = await runCli([url, '--json', '--ca', caFile, '--resolve', `${WWW}:${wrongPort}:${ADDRESS}`], {
      analyzer: analyzerWithoutDns,
    });
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout).error).toMatchObject({ code: 'TLS_ERROR', reason: 'wrong-host' });
  });

  it('a malformed entry is a usage error naming its flag, before any request', async () => {
    const bad = await runCli([www('/'), '--resolve', `${WWW}:${port}:not-an-address`]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--resolve must list IP addresses');
    const badPort = await runCli([www('/'), '--connect-to', `${WWW}:99999::`]);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--connect-to must name a port from 1 to 65535');
  });
});

describe('the library: Analyzer({ resolve, connectTo })', () => {
  it("judges the named addresses by the analysis's address policy, as a DNS answer", async () => {
    const pki = (await import('node:fs/promises')).readFile(caFile, 'utf8');
    const analyzer = new Analyzer({ resolver: nowhere, ca: await pki, resolve: [`${WWW}:${port}:${ADDRESS}`] });
    try {
      // The library blocks private addresses by default: a --resolve to loopback is refused like a DNS answer.
      await expect(analyzer.analyze(www('/old-shop'))).rejects.toMatchObject({ code: 'BLOCKED_DESTINATION' });
      const allowed = await analyzer.analyze(www('/old-shop'), { allowNetworks: ['127.0.0.0/8'] });
      expect(allowed.summary.finalUrl).toBe(www('/shop/'));
      expect(allowed.chain[0]!.status).toBe(301);
    } finally {
      await analyzer.close();
    }
  });

  it('refuses a malformed entry with INVALID_OPTION naming the option', () => {
    expect(() => new Analyzer({ connectTo: ['a:b:c'] })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
    expect(() => new Analyzer({ resolve: ['-gone.test:443'] })).toThrow(/resolve/);
  });
});
