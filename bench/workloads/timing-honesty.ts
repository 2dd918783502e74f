/**
 * Workload 4: a target that delays its answer by 50, 200 and 1000 ms; the error is the reported responseTime minus
 * the delay, on fresh connections (the target closes each one) and on reused keep-alive connections.
 * Target: median error at most 2 ms, max 10 ms.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { Analyzer } from '../../dist/index.js';
import { stat } from '../lib/stats.js';

export interface TimingRow {
  delay: number;
  connection: 'fresh' | 'reused';
  samples: number;
  medianError: number;
  maxError: number;
  /** The same measured by a bare undici request (unrounded): how late the target itself answers. */
  bareMedianError: number;
}

export async function timingHonesty(samplesFor = (delay: number) => (delay >= 1000 ? 10 : 20)): Promise<TimingRow[]> {
  const script = fileURLToPath(new URL('../lib/delay-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  const port = Number(chunk.toString().trim());
  const analyzer = new Analyzer();
  const options = { allowNetworks: ['127.0.0.0/8'], timeout: 5000 };
  const rows: TimingRow[] = [];
  const bare = new Agent();
  try {
    for (const delay of [50, 200, 1000]) {
      for (const connection of ['fresh', 'reused'] as const) {
        const url = `http://127.0.0.1:${port}/d/${delay}${connection === 'fresh' ? '?close=1' : ''}`;
        if (connection === 'reused') await analyzer.analyze(url, options); // opens the connection to reuse
        const errors: number[] = [];
        for (let i = 0; i < samplesFor(delay); i++) {
          const result = await analyzer.analyze(url, options);
          errors.push(result.chain[0]!.responseTime - delay);
        }
        const bareErrors: number[] = [];
        for (let i = 0; i < Math.min(10, samplesFor(delay)); i++) {
          const started = performance.now();
          const response = await request(url, { dispatcher: bare });
          bareErrors.push(performance.now() - started - delay);
          await response.body.dump();
        }
        const s = stat(errors);
        rows.push({
          delay,
          connection,
          samples: errors.length,
          medianError: s.median,
          maxError: s.max,
          bareMedianError: Math.round(stat(bareErrors).median * 10) / 10,
        });
      }
    }
  } finally {
    await analyzer.close();
    await bare.close();
    child.kill('SIGTERM');
  }
  return rows;
}
