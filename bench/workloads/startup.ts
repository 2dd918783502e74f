/**
 * Workload 5: how fast the `hoplens` executable starts. `hoplens --version` and `hoplens URL --json` on a loopback
 * 3-redirect chain, each a fresh process, against `node -e 0` (Node's own start-up, the floor) in the same run.
 * Targets: `--version` at most 1.5 × `node -e 0`; `URL --json` at most 2.5 × and a peak RSS of at most 70 MB.
 */
import { fileURLToPath } from 'node:url';
import type { Nginx } from '../lib/nginx.js';
import { type Stat, stat } from '../lib/stats.js';
import { timed } from '../lib/timed.js';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** One command's runs: wall time and peak RSS. */
export interface StartupCommand {
  label: string;
  ms: Stat;
  peakMb: Stat;
  /** Median wall time over `node -e 0`'s median in the same run. */
  ratio: number;
}

export interface StartupResult {
  runs: number;
  node: StartupCommand;
  version: StartupCommand;
  analyze: StartupCommand;
}

/**
 * Runs the three commands `runs` times each, in rounds that rotate which goes first, after one round that only warms
 * the file cache; the machine is shared, and load from elsewhere then falls on all three alike.
 */
export async function startup(nginx: Nginx, runs = 10): Promise<StartupResult> {
  const url = `http://127.0.0.1:${nginx.port}/r3/startup`;
  const commands = [
    { label: '`node -e 0`', args: ['-e', '0'] },
    { label: '`hoplens --version`', args: [CLI, '--version'] },
    { label: '`hoplens URL --json`', args: [CLI, url, '--json'] },
  ];
  const ms = commands.map((): number[] => []);
  const peaks = commands.map((): number[] => []);
  for (let round = -1; round < runs; round++) {
    for (let i = 0; i < commands.length; i++) {
      const index = (i + Math.max(round, 0)) % commands.length;
      const run = await timed(process.execPath, commands[index]!.args);
      if (run.code !== 0) throw new Error(`${commands[index]!.label} exited ${run.code}`);
      if (round < 0) continue;
      ms[index]!.push(run.seconds * 1000);
      peaks[index]!.push(run.peakMb);
    }
  }
  const floor = stat(ms[0]!).median;
  const [node, version, analyze] = commands.map((command, index) => {
    const time = stat(ms[index]!);
    return { label: command.label, ms: time, peakMb: stat(peaks[index]!), ratio: time.median / floor };
  });
  return { runs, node: node!, version: version!, analyze: analyze! };
}
