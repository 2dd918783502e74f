/**
 * A real nginx (Debian's `/usr/sbin/nginx`, or `NGINX_BIN`) serving a rules snippet on a free loopback port, for tests
 * that check what nginx itself makes of a configuration hoplens wrote. Stopped by the returned `stop`; start and stop
 * are bounded in time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { until } from './polling.js';
import { closedPort } from './servers.js';

export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** A running nginx. */
export interface NginxServer {
  port: number;
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts nginx in `dir` with one server on `port` (default: a free one; give one when the rules must name it) whose
 * body includes `rulesFile` (location blocks, server-level rewrites), every other path answering 200. Redirects to
 * paths are relative (`absolute_redirect off`), so any Host works.
 */
export async function startNginx(dir: string, rulesFile: string, port?: number): Promise<NginxServer> {
  await mkdir(join(dir, 'tmp'), { recursive: true });
  port ??= await closedPort();
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `  ${kind}_temp_path ${join(dir, 'tmp', kind)};`,
  );
  const config = [
    'daemon off;',
    'master_process off;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 64; }',
    'http {',
    '  access_log off;',
    ...temp,
    '  server {',
    `    listen 127.0.0.1:${port};`,
    '    absolute_redirect off;',
    `    include ${rulesFile};`,
    '    location / { return 200 "ok\\n"; }',
    '  }',
    '}',
    '',
  ].join('\n');
  const file = join(dir, 'nginx.conf');
  await writeFile(file, config);
  const child: ChildProcess = spawn(NGINX_BIN, ['-c', file, '-p', dir, '-e', join(dir, 'error.log')], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  };
  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${await readFile(join(dir, 'error.log'), 'utf8')}`);
      return accepts(port!);
    }, 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, stop };
}
