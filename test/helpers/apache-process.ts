/**
 * Apache httpd (Debian's `/usr/sbin/apache2`, or `APACHE_BIN`) run on a private configuration in a directory of its
 * own, in the foreground: its own ServerRoot, PidFile, ErrorLog and Mutex directory, listening on loopback ports only,
 * never the system service. Start (every port accepting) and stop are bounded in time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { until } from './polling.js';

export const APACHE_BIN = process.env.APACHE_BIN ?? '/usr/sbin/apache2';
const MODULES = '/usr/lib/apache2/modules';

/** A running httpd. */
export interface ApacheProcess {
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
 * Writes `dir`/httpd.conf: the process settings (one small event MPM, the modules a redirect needs: mod_alias,
 * mod_rewrite, mod_authz_core for `Require`), a `Listen 127.0.0.1:port` per port, then `body` (the virtual hosts);
 * starts httpd on it and resolves once every port accepts, or rejects with its error log.
 */
export async function runApache(
  dir: string,
  body: readonly string[],
  ports: readonly number[],
): Promise<ApacheProcess> {
  const module = (name: string, file: string) => `LoadModule ${name}_module ${join(MODULES, `mod_${file}.so`)}`;
  const config = [
    `ServerRoot ${dir}`,
    `PidFile ${join(dir, 'httpd.pid')}`,
    `ErrorLog ${join(dir, 'error.log')}`,
    `Mutex file:${dir} default`,
    module('mpm_event', 'mpm_event'),
    module('authz_core', 'authz_core'),
    module('alias', 'alias'),
    module('rewrite', 'rewrite'),
    // Run as root (CI), httpd drops its workers to this user.
    'User nobody',
    'Group nogroup',
    'ServerName localhost',
    'StartServers 1',
    'ServerLimit 2',
    'ThreadsPerChild 16',
    'MaxRequestWorkers 32',
    ...ports.map((port) => `Listen 127.0.0.1:${port}`),
    ...body,
    '',
  ].join('\n');
  const file = join(dir, 'httpd.conf');
  await writeFile(file, config);
  // Run as root, httpd's workers are nobody: they must get through the (mkdtemp, 0700) directory to the roots.
  await chmod(dir, 0o755);
  const child: ChildProcess = spawn(APACHE_BIN, ['-d', dir, '-f', file, '-DFOREGROUND'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // httpd says why it cannot start (a port taken, a directive refused) on standard error, before its log is open.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    // SIGTERM: httpd stops its children and exits.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    await until(async () => {
      if (child.exitCode !== null) {
        const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
        throw new Error(`httpd exited (${child.exitCode}): ${stderr}${log}`);
      }
      // httpd writes its pid file once it has bound its listeners: before it, a port that accepts may be another
      // process's (a concurrent suite that took a free port first), with httpd about to exit on it.
      if (!(await readFile(join(dir, 'httpd.pid'), 'utf8').catch(() => '')).trim()) return false;
      return (await Promise.all(ports.map(accepts))).every(Boolean);
    }, 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

/** `count` distinct free ports on 127.0.0.1 (asked one by one, the system may hand the same one out twice). */
export async function freePorts(count: number, free: () => Promise<number>): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await free());
  return [...ports];
}
