/**
 * Workload 3: autocannon against `/api/analyze` (limits raised) for a 3-redirect chain, 50 connections: analyses per
 * second, p50/p99 latency and RSS, against the bare loop's traces per second at the same concurrency; then the same
 * with REDIS_URL set. Target: at least 60% of the bare loop. As in workload 1, the two sides run in interleaved
 * blocks (which goes first alternates) and the share is the median of the blocks' ratios: load from elsewhere on the
 * shared machine comes and goes over seconds, and then falls on both sides of a block alike.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { createBareTracer } from '../lib/bare-loop.mjs';
import type { Nginx } from '../lib/nginx.js';
import { freePort, waitForPort } from '../lib/ports.js';
import { watchPeak } from '../lib/process-stats.js';
import { startServiceProcess } from '../lib/service-process.js';
import { type Stat, stat } from '../lib/stats.js';

const CONNECTIONS = 50;

export interface ApiRun {
  label: 'memory' | 'redis';
  rps: Stat;
  /** The service's analyses per second over the bare loop's traces per second, block by block. */
  share: Stat;
  /** The bare loop's traces per second in this setup's blocks. */
  bare: Stat;
  p50: Stat;
  p99: Stat;
  peakRssMb: Stat;
  errors: number;
}

export interface ApiResult {
  /** Seconds of each side per repetition, measured in blocks of {@link BLOCK_SECONDS}. */
  seconds: number;
  blockSeconds: number;
  bareTracesPerSecond: Stat;
  runs: ApiRun[];
}

/** Length of one block of either side. */
const BLOCK_SECONDS = 5;

/** The service with its limits raised out of the way: the workload measures analyses, not refusals. */
function startService(env: Record<string, string>) {
  return startServiceProcess({
    HOPLENS_RATE_LIMIT_PER_MINUTE: '10000000',
    HOPLENS_RATE_LIMIT_PER_DAY: '10000000',
    HOPLENS_MAX_CONCURRENCY: '1000',
    ...env,
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

async function startRedis(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hoplens-bench-redis-'));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: 'ignore',
    },
  );
  await waitForPort('127.0.0.1', port, 10_000);
  return { child, url: `redis://127.0.0.1:${port}` };
}

async function bareRate(target: string, seconds: number): Promise<number> {
  const tracer = createBareTracer();
  const deadline = performance.now() + seconds * 1000;
  let traces = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        await tracer.trace(target);
        traces++;
      }
    }),
  );
  await tracer.agent.close();
  return traces / seconds;
}

async function cannon(port: number, target: string, seconds: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/analyze?url=${encodeURIComponent(target)}`,
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function api(nginx: Nginx, reps: number, seconds: number): Promise<ApiResult> {
  const target = `http://127.0.0.1:${nginx.port}/r3/api`;
  const blockSeconds = Math.min(BLOCK_SECONDS, seconds);
  const blocks = Math.max(1, Math.round(seconds / blockSeconds));
  const allBare: number[] = [];
  const runs: ApiRun[] = [];
  for (const label of ['memory', 'redis'] as const) {
    const redis = label === 'redis' ? await startRedis() : undefined;
    const service = await startService(redis === undefined ? {} : { REDIS_URL: redis.url });
    const rps: number[] = [];
    const p50: number[] = [];
    const p99: number[] = [];
    const peaks: number[] = [];
    const bare: number[] = [];
    const shares: number[] = [];
    let errors = 0;
    try {
      // Warm both sides up: the service's JIT and connection pools, the loop's agent.
      await cannon(service.port, target, 2);
      await bareRate(target, 2);
      for (let rep = 0; rep < reps; rep++) {
        const watch = watchPeak(service.child.pid!);
        for (let block = 0; block < blocks; block++) {
          const bareFirst = (rep * blocks + block) % 2 === 0;
          const bareBefore = bareFirst ? await bareRate(target, blockSeconds) : undefined;
          const run = await cannon(service.port, target, blockSeconds);
          const bareRun = bareBefore ?? (await bareRate(target, blockSeconds));
          rps.push(run.rps);
          p50.push(run.p50);
          p99.push(run.p99);
          bare.push(bareRun);
          shares.push(run.rps / bareRun);
          errors += run.errors;
        }
        peaks.push(watch.stop());
      }
    } finally {
      await stop(service.child);
      if (redis !== undefined) await stop(redis.child);
    }
    allBare.push(...bare);
    runs.push({
      label,
      rps: stat(rps),
      share: stat(shares),
      bare: stat(bare),
      p50: stat(p50),
      p99: stat(p99),
      peakRssMb: stat(peaks),
      errors,
    });
  }
  return { seconds, blockSeconds, bareTracesPerSecond: stat(allBare), runs };
}
