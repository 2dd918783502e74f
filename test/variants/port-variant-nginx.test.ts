/**
 * The variant "default port written out" against a real nginx whose redirect is built from the Host header, as many
 * configurations build it (`return 301 https://$http_host$request_uri;`: $http_host is the request's Host header as
 * sent, https://nginx.org/en/docs/http/ngx_http_core_module.html#var_http_). The URL standard drops a default port
 * when it parses a URL (https://url.spec.whatwg.org/#concept-basic-url-parser, port state), and curl leaves the
 * default port out of Host too (curl's lib/http.c, Curl_http_host: no port for HTTP on 80 or HTTPS on 443; checked
 * below with the real curl), so neither a browser nor curl sees what a client that keeps the port sees:
 * `http://www.site.test:80/page` sent as `Host: www.site.test:80` is redirected to `https://www.site.test:80/page`, a
 * TLS request to the plain-HTTP port. The variant sends its first hop with that Host (the core's `explicitPort`), and
 * only its first: later hops send their own URL's Host (asserted at an HTTPS server that records them).
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/index.js';
import { analyzeVariants } from '../../src/variants/index.js';
import { tempDir } from '../helpers/cli.js';
import { type NginxServer, startNginx } from '../helpers/nginx-server.js';
import { startHttpsServer, type TestServer } from '../helpers/servers.js';
import { createTestPki } from '../helpers/tls-certificates.js';

const run = promisify(execFile);

let dir: Awaited<ReturnType<typeof tempDir>>;
let nginx: NginxServer;
let secure: TestServer;
let analyzer: Analyzer;

beforeAll(async () => {
  dir = await tempDir();
  await mkdir(join(dir.path, 'nginx'), { recursive: true });
  const rules = join(dir.path, 'rules.conf');
  await writeFile(rules, 'return 301 https://$http_host$request_uri;\n');
  nginx = await startNginx(join(dir.path, 'nginx'), rules);
  const pki = createTestPki('www.site.test', ['site.test', 'www.site.test']);
  // The https site: the apex moves to www (a fixed URL, not the Host), www answers.
  secure = await startHttpsServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (host === 'site.test') res.writeHead(301, { location: `https://www.site.test${req.url}` });
    else res.writeHead(200, { 'content-type': 'text/plain' });
    res.end();
  }, pki.valid);
  // Every name of the test resolves nowhere: port 80 goes to nginx, 443 to the https server, whatever the host.
  analyzer = new Analyzer({ ca: pki.ca, connectTo: [`:80:127.0.0.1:${nginx.port}`, `:443:127.0.0.1:${secure.port}`] });
}, 60_000);

afterAll(async () => {
  await analyzer?.close();
  await Promise.all([nginx?.stop(), secure?.close()]);
  await dir?.remove();
});

const options = { allowNetworks: ['127.0.0.0/8'], robots: false } as const;

/** Where nginx redirects `url` when curl asks, optionally with its own Host header. */
async function curlRedirect(url: string, host?: string): Promise<string> {
  const args = ['-s', '-o', '/dev/null', '-w', '%{redirect_url}', '--max-time', '5'];
  args.push('--connect-to', `::127.0.0.1:${nginx.port}`, ...(host === undefined ? [] : ['-H', `Host: ${host}`]), url);
  return (await run('curl', args)).stdout;
}

describe('the default-port variant', () => {
  it('curl, like the URL standard, leaves the default port out; nginx redirects by the Host it is sent', async () => {
    expect(await curlRedirect('http://www.site.test:80/page')).toBe('https://www.site.test/page');
    expect(await curlRedirect('http://www.site.test/page', 'www.site.test:80')).toBe('https://www.site.test:80/page');
  });

  it('finds the redirect nginx builds from a Host with the port: variants_not_consolidated names it', async () => {
    const report = await analyzeVariants(
      'http://www.site.test/page',
      (url, own) => analyzer.analyze(url, own),
      options,
    );
    expect(report.canonical).toBe('https://www.site.test/page');
    const port = report.grid.find((row) => row.variant === 'port');
    expect(port).toMatchObject({ kind: 'url', url: 'http://www.site.test:80/page', odd: true });
    expect(port?.change).toBe('default port written out (Host: www.site.test:80)');
    // The first hop is nginx's 301 (to https on port 80), the second a TLS handshake with nginx's plain port.
    expect(port?.chain.map((hop) => hop.status)).toEqual([301]);
    expect(port?.error?.message).toContain('https://www.site.test:80/page');
    expect(port?.finalUrl).toBeUndefined();
    const astray = report.findings.find((finding) => finding.type === 'variants_not_consolidated');
    expect(astray?.variants).toContain('port');
    // The URL as given, its Host without the port, goes where curl goes.
    expect(report.grid[0]).toMatchObject({ variant: 'given', finalUrl: 'https://www.site.test/page', redirects: 1 });
  });

  it('writes the port out on the first hop only', async () => {
    const before = secure.received.length;
    const result = await analyzer.analyze('https://site.test/page', { ...options, explicitPort: true });
    expect(result.chain.map((hop) => hop.url)).toEqual(['https://site.test/page', 'https://www.site.test/page']);
    expect(secure.received.slice(before).map((request) => request.headers.host)).toEqual([
      'site.test:443',
      'www.site.test',
    ]);
    const plain = secure.received.length;
    await analyzer.analyze('https://site.test/page', options);
    expect(secure.received.slice(plain).map((request) => request.headers.host)).toEqual(['site.test', 'www.site.test']);
  });

  it('is no variant of a URL that names another port', async () => {
    const { variantsOf } = await import('../../src/variants/index.js');
    const ids = (url: string) => variantsOf(new URL(url)).map((variant) => variant.id);
    expect(ids('https://www.site.test:8443/page')).not.toContain('port');
    expect(ids('https://www.site.test/page')).toContain('port');
  });
});
