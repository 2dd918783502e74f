/**
 * Workload 3: autocannon against `/api/analyze` (limits raised) for a 3-redirect chain, 50 connections: analyses per
 * second, p50/p99 latency and RSS, against the bare loop's traces per second at the same concurrency; then the same
 * with REDIS_URL set. Target: at least 60% of the bare loop. As in workload 1, the two sides run in interleaved
 * blocks (which goes first alternates) and the share is the median of the blocks' ratios: load from elsewhere on the
 * shared machine comes and goes over seconds, and then falls on both sides of a block alike.
 */
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { createBareTracer } from '../lib/bare-loop.mjs';
import { ANALYSING_CPU, canPin, OTHERS_CPU, pin, unpin, watchCpu } from '../lib/cpu-pin.js';
import type { Nginx } from '../lib/nginx.js';
import { watchPeak } from '../lib/process-stats.js';
import { descendants } from '../lib/process-tree.js';
import { startRedis } from '../lib/redis-process.js';
import { startServiceProcess } from '../lib/service-process.js';
import { type Stat, stat } from '../lib/stats.js';

const CONNECTIONS = 50;

export interface ApiRun {
  label: 'memory' | 'redis';
  /** Run with the processes pinned to CPUs (bench/lib/cpu-pin.ts), or on every CPU. */
  pinned: boolean;
  rps: Stat;
  /** The service's analyses per second over the bare loop's traces per second, block by block. */
  share: Stat;
  /** The bare loop's traces per second in this setup's blocks. */
  bare: Stat;
  p50: Stat;
  p99: Stat;
  /**
   * The bare loop's own latency per trace in the same blocks (ms): with 50 callers always busy, latency follows the
   * rate (Little's law), so this is what the service's p50 and p99 compare with on a host of any speed.
   */
  bareP50: Stat;
  bareP99: Stat;
  peakRssMb: Stat;
  /** How busy the CPU of autocannon, nginx and Redis was in the service's blocks, in percent (when pinned). */
  othersCpuBusy: Stat | undefined;
  errors: number;
}

export interface ApiResult {
  /** Seconds of each side per repetition, measured in blocks of {@link BLOCK_SECONDS}. */
  seconds: number;
  blockSeconds: number;
  bareTracesPerSecond: Stat;
  /**
   * Each setup unpinned, then (where it can be done) pinned: the analysing side (the service, or this process while
   * it runs the bare loop) on CPU 1; autocannon (this process while it sends), nginx and Redis on CPU 0.
   */
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

/** The value below which `share` of the sorted `values` fall. */
function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** The bare loop at the service's concurrency for `seconds`: traces per second, and the latency of one (ms). */
async function bareRate(target: string, seconds: number): Promise<{ rate: number; p50: number; p99: number }> {
  const tracer = createBareTracer();
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let now = performance.now(); now < deadline; ) {
        await tracer.trace(target);
        const ended = performance.now();
        latencies.push(ended - now);
        now = ended;
      }
    }),
  );
  await tracer.agent.close();
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
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

/** The same side of the workload on its CPU: the bare loop where the service runs, autocannon with nginx and Redis. */
function pinSelf(pinned: boolean, side: 'bare' | 'cannon'): void {
  if (pinned) pin(process.pid, side === 'bare' ? ANALYSING_CPU : OTHERS_CPU);
}

/** Interleaved blocks of the service under autocannon and the bare loop, for one setup (memory or Redis limits). */
async function runSetup(
  label: ApiRun['label'],
  target: string,
  reps: number,
  blocks: number,
  blockSeconds: number,
  pinned: boolean,
): Promise<ApiRun & { bareRuns: number[] }> {
  const redis = label === 'redis' ? await startRedis() : undefined;
  const service = await startService(redis === undefined ? {} : { REDIS_URL: redis.url });
  if (pinned) {
    pin(service.child.pid!, ANALYSING_CPU);
    if (redis !== undefined) pin(redis.child.pid!, OTHERS_CPU);
  }
  const seen = {
    rps: [] as number[],
    p50: [] as number[],
    p99: [] as number[],
    bare: [] as number[],
    bareP50: [] as number[],
    bareP99: [] as number[],
  };
  const shares: number[] = [];
  const peaks: number[] = [];
  const busy: number[] = [];
  let errors = 0;
  const cannonBlock = async () => {
    pinSelf(pinned, 'cannon');
    const others = watchCpu(OTHERS_CPU);
    const run = await cannon(service.port, target, blockSeconds);
    busy.push(others());
    return run;
  };
  const bareBlock = async () => {
    pinSelf(pinned, 'bare');
    return bareRate(target, blockSeconds);
  };
  try {
    // Warm both sides up: the service's JIT and connection pools, the loop's agent.
    await cannonBlock();
    await bareBlock();
    busy.length = 0;
    for (let rep = 0; rep < reps; rep++) {
      const watch = watchPeak(service.child.pid!);
      for (let block = 0; block < blocks; block++) {
        const bareFirst = (rep * blocks + block) % 2 === 0;
        const bareBefore = bareFirst ? await bareBlock() : undefined;
        const run = await cannonBlock();
        const bareRun = bareBefore ?? (await bareBlock());
        seen.rps.push(run.rps);
        seen.p50.push(run.p50);
        seen.p99.push(run.p99);
        seen.bare.push(bareRun.rate);
        seen.bareP50.push(bareRun.p50);
        seen.bareP99.push(bareRun.p99);
        shares.push(run.rps / bareRun.rate);
        errors += run.errors;
      }
      peaks.push(watch.stop());
    }
  } finally {
    await stop(service.child);
    if (redis !== undefined) await stop(redis.child);
  }
  return {
    label,
    pinned,
    rps: stat(seen.rps),
    share: stat(shares),
    bare: stat(seen.bare),
    p50: stat(seen.p50),
    p99: stat(seen.p99),
    bareP50: stat(seen.bareP50),
    bareP99: stat(seen.bareP99),
    peakRssMb: stat(peaks),
    othersCpuBusy: pinned ? stat(busy) : undefined,
    errors,
    bareRuns: seen.bare,
  };
}

export async function api(nginx: Nginx, reps: number, seconds: number): Promise<ApiResult> {
  const target = `http://127.0.0.1:${nginx.port}/r3/api`;
  const blockSeconds = Math.min(BLOCK_SECONDS, seconds);
  const blocks = Math.max(1, Math.round(seconds / blockSeconds));
  const nginxPids = descendants(process.pid, 'nginx');
  const allBare: number[] = [];
  const runs: ApiRun[] = [];
  for (const pinned of canPin() ? [false, true] : [false]) {
    if (pinned) for (const pid of nginxPids) pin(pid, OTHERS_CPU);
    try {
      for (const label of ['memory', 'redis'] as const) {
        const { bareRuns, ...run } = await runSetup(label, target, reps, blocks, blockSeconds, pinned);
        if (!pinned) allBare.push(...bareRuns);
        runs.push(run);
      }
    } finally {
      if (pinned) for (const pid of [process.pid, ...nginxPids]) unpin(pid);
    }
  }
  return { seconds, blockSeconds, bareTracesPerSecond: stat(allBare), runs };
}
