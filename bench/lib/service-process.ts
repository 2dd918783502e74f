/**
 * The built service (`dist/service/main.js`, as `npm start` runs it) in a process of its own on a free loopback
 * port, for the workloads that measure it from outside (the API, monitors).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort, waitForPort } from './ports.js';

const SERVICE = fileURLToPath(new URL('../../dist/service/main.js', import.meta.url));

/** Node's flags in `npm start` (package.json's `start` script), so that the service is measured as it is run. */
function startFlags(): string[] {
  const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const words = String(packageJson.scripts.start).split(/\s+/);
  if (words[0] !== 'node' || words[words.length - 1] !== 'dist/service/main.js') {
    throw new Error(
      `package.json's start script is not "node [flags] dist/service/main.js": ${packageJson.scripts.start}`,
    );
  }
  return words.slice(1, -1);
}

/** A running service. */
export interface ServiceProcess {
  child: ChildProcess;
  port: number;
}

/**
 * Starts the service with `env` over the benchmark's base (loopback, warnings only, 127.0.0.0/8 allowed) and
 * resolves once it accepts connections (within `waitMs`). Its standard output goes to `stdout` (a file descriptor),
 * or nowhere. `entry` runs another build's `service/main.js` (bench/service-ab.ts), `flags` gives Node other flags
 * than `npm start`'s.
 */
export async function startServiceProcess(
  env: Record<string, string>,
  options: { stdout?: number; waitMs?: number; entry?: string; flags?: string[] } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.flags ?? startFlags()), options.entry ?? SERVICE], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8',
      ...env,
    },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
  await waitForPort('127.0.0.1', port, options.waitMs ?? 15_000);
  return { child, port };
}
