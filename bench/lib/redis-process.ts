/** A private redis-server on a free loopback port, saving nothing, for the workloads that measure shared limits. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './ports.js';

/** Starts redis-server and resolves once it accepts connections, with its URL. */
export async function startRedis(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hoplens-bench-redis-'));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  await waitForPort('127.0.0.1', port, 10_000);
  return { child, url: `redis://127.0.0.1:${port}` };
}
