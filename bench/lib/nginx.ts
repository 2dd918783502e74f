/**
 * The benchmark's target: nginx from Debian (`apt-get install nginx`), in its own processes, started with a generated
 * config on a free loopback port and serving redirect chains from that config, so the target is faster than what is
 * measured. `/rN/<id>` redirects to `/r(N-1)/<id>` until `/r0/<id>` answers 200. The same chains are served over
 * HTTPS with HTTP/2 on 127.0.0.1:`tlsPort`, with a certificate from a test CA made at start (`ca` is its PEM).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NGINX_BIN as NGINX, runNginx } from '../../test/helpers/nginx-process.js';
import { createTestPki } from '../../test/helpers/tls-certificates.js';
import { freePort } from './ports.js';

export interface Nginx {
  port: number;
  /** The loopback addresses nginx listens on (127.0.0.1 ... 127.0.0.N). */
  hosts: string[];
  /** HTTPS with HTTP/2 (ALPN h2) on 127.0.0.1, same locations. */
  tlsPort: number;
  /** The PEM of the CA that signed the HTTPS certificate (valid for 127.0.0.1). */
  ca: string;
  stop(): Promise<void>;
}

/**
 * nginx 1.25.1 made HTTP/2 a server directive (`http2 on;`) and deprecated the `http2` listen parameter; Debian 12
 * ships 1.22, which knows only the listen parameter.
 */
function http2Directives(): { listen: string; server: string } {
  const { stderr } = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  const [major = 0, minor = 0, patch = 0] = (/nginx\/(\d+)\.(\d+)\.(\d+)/.exec(stderr ?? '') ?? [])
    .slice(1)
    .map(Number);
  const modern = major > 1 || (major === 1 && (minor > 25 || (minor === 25 && patch >= 1)));
  return modern ? { listen: 'ssl', server: '  http2 on;' } : { listen: 'ssl http2', server: '' };
}

/** Options of {@link startNginx}. */
export interface NginxOptions {
  /** A file to log each request to as `<epoch seconds with ms> <request URI>` (default: no access log). */
  accessLog?: string;
}

export async function startNginx(
  workDir: string,
  hostCount = 20,
  maxRedirects = 6,
  options: NginxOptions = {},
): Promise<Nginx> {
  const dir = join(workDir, 'nginx');
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const tlsPort = await freePort();
  const pki = createTestPki('localhost');
  writeFileSync(join(dir, 'cert.pem'), pki.valid.cert);
  writeFileSync(join(dir, 'key.pem'), pki.valid.key);
  const h2 = http2Directives();
  const hosts = Array.from({ length: hostCount }, (_, i) => `127.0.0.${i + 1}`);
  const steps = Array.from(
    { length: maxRedirects },
    (_, i) => `  location ~ ^/r${i + 1}/(.*)$ { return 301 /r${i}/$1; }`,
  );
  const http = [
    ...(options.accessLog === undefined
      ? ['access_log off;']
      : ["log_format bench '$msec $request_uri';", `access_log ${options.accessLog} bench;`]),
    'absolute_redirect off;',
    'server_tokens off;',
    'keepalive_requests 1000000;',
    'keepalive_timeout 65s;',
    'default_type text/plain;',
    'server {',
    ...hosts.map((host) => `  listen ${host}:${port};`),
    ...steps,
    '  location ~ ^/r0/ { return 200 "ok\\n"; }',
    '}',
    'server {',
    `  listen 127.0.0.1:${tlsPort} ${h2.listen};`,
    ...(h2.server === '' ? [] : [h2.server]),
    `  ssl_certificate ${dir}/cert.pem;`,
    `  ssl_certificate_key ${dir}/key.pem;`,
    '  ssl_session_cache shared:bench:1m;',
    ...steps,
    '  location ~ ^/r0/ { return 200 "ok\\n"; }',
    '}',
  ];
  const nginx = await runNginx(dir, http, [port, tlsPort], { worker: true, workerConnections: 8192 });
  return { port, hosts, tlsPort, ca: pki.ca, stop: () => nginx.stop() };
}
