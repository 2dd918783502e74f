/**
 * Pins processes to CPUs with util-linux's `taskset` (every thread: `-a`), for the API workload (issue 33: "with the
 * service, the load generator and Redis on two cores, pin them to CPUs where it steadies the figures"). Unpinned,
 * the scheduler moves the service, autocannon, nginx and Redis between the two cores from one block to the next, and
 * the blocks' shares ranged 59-89%.
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';

/** The CPU the analysing side runs on (the service, or the bare loop), and the one for everything else. */
export const ANALYSING_CPU = '1';
export const OTHERS_CPU = '0';
const ALL_CPUS = '0-1';

/** Whether pinning is possible here (two CPUs or more, and `taskset`), and not turned off with BENCH_PIN=0. */
export function canPin(): boolean {
  if (process.env.BENCH_PIN === '0' || cpus().length < 2) return false;
  return spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;
}

/** Pins `pid` and all its threads to `cpuList` (`taskset -a -p -c`). */
export function pin(pid: number, cpuList: string): void {
  const result = spawnSync('taskset', ['-a', '-p', '-c', cpuList, String(pid)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`taskset could not pin ${pid} to CPU ${cpuList}: ${result.stderr.trim()}`);
}

/** Lets `pid` run on every CPU again. */
export function unpin(pid: number): void {
  pin(pid, ALL_CPUS);
}

/** Jiffies (busy, total) of one CPU from /proc/stat. */
function cpuTimes(cpu: string): { busy: number; total: number } {
  const line = spawnSync('grep', [`^cpu${cpu} `, '/proc/stat'], { encoding: 'utf8' }).stdout;
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** Starts measuring how busy `cpu` is; the function returned gives the busy share since, in percent. */
export function watchCpu(cpu: string): () => number {
  const start = cpuTimes(cpu);
  return () => {
    const end = cpuTimes(cpu);
    const total = end.total - start.total;
    return total === 0 ? 0 : (100 * (end.busy - start.busy)) / total;
  };
}
