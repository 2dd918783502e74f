import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/**
 * Runs a command, timing it and reading its peak RSS through GNU time (`/usr/bin/time -f %M`: the kernel's maxrss of
 * the command, from wait4, so the peak is exact however short the process lives; polling /proc would miss a peak
 * reached just before exit). The wall time is measured here, so it includes starting `time` itself, the same for
 * every command measured.
 */
export function timed(
  command: string,
  args: string[],
  shell = false,
): Promise<{ seconds: number; peakMb: number; code: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = shell
      ? spawn('bash', ['-c', command], { stdio: ['ignore', 'ignore', 'pipe'] })
      : spawn('/usr/bin/time', ['-f', 'HOPLENS_MAXRSS_KB=%M', command, ...args], {
          stdio: ['ignore', 'ignore', 'pipe'],
        });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const kb = Number(/HOPLENS_MAXRSS_KB=(\d+)/.exec(stderr)?.[1] ?? Number.NaN);
      if (code !== 0 && !shell) process.stderr.write(stderr.slice(-2000));
      resolve({ seconds: (performance.now() - started) / 1000, peakMb: kb / 1024, code: code ?? -1 });
    });
  });
}
