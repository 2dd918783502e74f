/**
 * Runs a command as the crawl benchmark measures a tool: wall time, and the peak resident memory of the whole process
 * tree it starts, within a time bound.
 *
 * The peak is the larger of two readings. GNU time's `%M` is the kernel's maxrss from wait4: exact for the command
 * however briefly it peaked, but the largest single process of the tree, not their sum. Sampling /proc every 100 ms
 * sums every process of the tree (a tool that forks workers or a browser is charged for all of them), but can miss a
 * peak between samples. A single-process tool (linkinator, wget) gets the exact figure; a tree gets its sampled sum.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { descendants, rssMb } from './process-tree.js';

export interface TreeRun {
  seconds: number;
  peakMb: number;
  /** The command's exit code; -1 when a signal ended it (the time bound included). */
  code: number;
  timedOut: boolean;
  /** The end of its standard error, for the report when it failed. */
  stderrTail: string;
}

const TAIL = 4_000;

/** Sums the RSS of every descendant of `root` (not `root` itself) every `everyMs` and keeps the largest sum. */
function watchTree(root: number, everyMs = 100) {
  let peak = 0;
  const sample = () => {
    const sum = descendants(root).reduce((total, pid) => total + rssMb(pid), 0);
    peak = Math.max(peak, sum);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      return peak;
    },
  };
}

export function runTree(
  command: string,
  args: readonly string[],
  options: { cwd?: string; timeoutMs: number; env?: NodeJS.ProcessEnv },
): Promise<TreeRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // A process group of its own, so the time bound can end the whole tree at once.
    const child = spawn('/usr/bin/time', ['-f', 'HOPLENS_MAXRSS_KB=%M', command, ...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const watch = watchTree(child.pid!);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, options.timeoutMs);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-TAIL);
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      watch.stop();
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      const sampled = watch.stop();
      const kb = Number(/HOPLENS_MAXRSS_KB=(\d+)/.exec(stderr)?.[1] ?? Number.NaN);
      const exact = Number.isNaN(kb) ? 0 : kb / 1024;
      // GNU time reports a command ended by a signal as "Command terminated by signal N" and exits 128+N.
      const signalled = /Command terminated by signal/.test(stderr);
      resolve({
        seconds: (performance.now() - started) / 1000,
        peakMb: Math.max(exact, sampled),
        code: timedOut || signalled || code === null ? -1 : code,
        timedOut,
        stderrTail: stderr.replace(/HOPLENS_MAXRSS_KB=\d+\s*$/, ''),
      });
    });
  });
}
