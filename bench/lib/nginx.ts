/**
 * The benchmark's target: nginx from Debian (`apt-get install nginx`), in its own processes, started with a generated
 * config on a free loopback port and serving redirect chains from that config, so the target is faster than what is
 * measured. `/rN/<id>` redirects to `/r(N-1)/<id>` until `/r0/<id>` answers 200.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitForPort } from './ports.js';

export interface Nginx {
  port: number;
  /** The loopback addresses nginx listens on (127.0.0.1 ... 127.0.0.N). */
  hosts: string[];
  stop(): Promise<void>;
}

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

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
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  const port = await freePort();
  const hosts = Array.from({ length: hostCount }, (_, i) => `127.0.0.${i + 1}`);
  const steps = Array.from(
    { length: maxRedirects },
    (_, i) => `    location ~ ^/r${i + 1}/(.*)$ { return 301 /r${i}/$1; }`,
  ).join('\n');
  const config = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
${
  options.accessLog === undefined
    ? '  access_log off;'
    : `  log_format bench '$msec $request_uri';\n  access_log ${options.accessLog} bench;`
}
  absolute_redirect off;
  server_tokens off;
  keepalive_requests 1000000;
  keepalive_timeout 65s;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  default_type text/plain;
  server {
${hosts.map((host) => `    listen ${host}:${port};`).join('\n')}
${steps}
    location ~ ^/r0/ { return 200 "ok\\n"; }
  }
}
`;
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const child: ChildProcess = spawn(NGINX, ['-c', file, '-p', dir, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForPort('127.0.0.1', port, 10_000);
  return {
    port,
    hosts,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGQUIT');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
