/**
 * nginx (Debian's `/usr/sbin/nginx`, or `NGINX_BIN`) run on a generated configuration in a directory of its own, in
 * the foreground, for the tests that check what nginx makes of rules hoplens wrote and for the benchmark's target
 * (bench/lib/nginx.ts). Start (every port accepting) and stop are bounded in time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { until } from './polling.js';

export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** How nginx runs, besides its `http` block. */
export interface NginxProcessOptions {
  /** One worker under a master process (the benchmark: nginx in processes of its own) or one process alone. */
  worker?: boolean;
  /** `events { worker_connections }` (default 64). */
  workerConnections?: number;
  /** The address `ports` are waited for on (default 127.0.0.1). */
  host?: string;
}

/** A running nginx. */
export interface NginxProcess {
  stop(): Promise<void>;
}

function accepts(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Writes `dir`/nginx.conf with `http` (lines of the `http` block: servers, logs, keep-alive) under the settings every
 * run needs (pid, error log and temporary paths inside `dir`), starts nginx on it, and resolves once each of `ports`
 * on 127.0.0.1 (or `options.host`) accepts connections; rejects with nginx's error log if it exits first.
 */
export async function runNginx(
  dir: string,
  http: readonly string[],
  ports: readonly number[],
  options: NginxProcessOptions = {},
): Promise<NginxProcess> {
  await mkdir(join(dir, 'tmp'), { recursive: true });
  const pidFile = join(dir, 'nginx.pid');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `  ${kind}_temp_path ${join(dir, 'tmp', kind)};`,
  );
  const config = [
    'daemon off;',
    options.worker === true ? 'worker_processes 1;' : 'master_process off;',
    `pid ${pidFile};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    `events { worker_connections ${options.workerConnections ?? 64}; }`,
    'http {',
    ...temp,
    ...http.map((line) => `  ${line}`),
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
    // SIGQUIT: a graceful stop, with the worker's connections closed (the master waits for it).
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  };
  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${await readFile(join(dir, 'error.log'), 'utf8')}`);
      // nginx writes its pid file only once it has bound every listener: before it, a port that accepts may be
      // another process's (a concurrent suite that took a free port first), and nginx about to exit on it.
      if (!(await readFile(pidFile, 'utf8').catch(() => '')).trim()) return false;
      return (await Promise.all(ports.map((port) => accepts(port, options.host ?? '127.0.0.1')))).every(Boolean);
    }, 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
