/**
 * Workload 1: 2,000 sequential analyses of a 5-redirect chain with the library, against the bare undici loop and
 * against `curl -L` (one process per URL). Target: hoplens at most 1.15 times the bare loop. The ratio reported is the
 * median over interleaved blocks of 200 analyses, the totals are per repetition.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Analyzer } from '../../dist/index.js';
import { createBareTracer } from '../lib/bare-loop.mjs';
import type { Nginx } from '../lib/nginx.js';
import { type Stat, stat } from '../lib/stats.js';

export interface EngineOverheadResult {
  analyses: number;
  hoplensMs: Stat;
  bareMs: Stat;
  curlMsPerUrl: Stat;
  ratio: Stat;
}

export async function engineOverhead(nginx: Nginx, reps: number, analyses = 2000, curlUrls = 300) {
  const url = `http://127.0.0.1:${nginx.port}/r5/engine`;
  const analyzer = new Analyzer();
  const options = { allowNetworks: ['127.0.0.0/8'] };
  const bare = createBareTracer();
  // Warm both up: JIT, connection pools.
  for (let i = 0; i < 200; i++) {
    await analyzer.analyze(url, options);
    await bare.trace(url);
  }
  // The machine is shared: load from elsewhere comes and goes over seconds. Short blocks of each side, alternating
  // which goes first, give ratios measured under the same conditions; each repetition is `analyses` per side.
  const block = 200;
  const hoplens: number[] = [];
  const baseline: number[] = [];
  const ratios: number[] = [];
  const time = async (trace: () => Promise<unknown>) => {
    const started = performance.now();
    for (let i = 0; i < block; i++) await trace();
    return performance.now() - started;
  };
  for (let rep = 0; rep < reps; rep++) {
    let h = 0;
    let b = 0;
    for (let round = 0; round < analyses / block; round++) {
      const bareFirst = round % 2 === 0;
      const first = await time(bareFirst ? () => bare.trace(url) : () => analyzer.analyze(url, options));
      const second = await time(bareFirst ? () => analyzer.analyze(url, options) : () => bare.trace(url));
      const [bareMs, hoplensMs] = bareFirst ? [first, second] : [second, first];
      b += bareMs;
      h += hoplensMs;
      ratios.push(hoplensMs / bareMs);
    }
    baseline.push(b);
    hoplens.push(h);
  }
  const curl: number[] = [];
  for (let rep = 0; rep < reps; rep++) {
    const started = performance.now();
    for (let i = 0; i < curlUrls; i++) {
      spawnSync('curl', ['-s', '-o', '/dev/null', '-L', url], { stdio: 'ignore' });
    }
    curl.push((performance.now() - started) / curlUrls);
  }
  await analyzer.close();
  await bare.agent.close();
  return {
    analyses,
    hoplensMs: stat(hoplens),
    bareMs: stat(baseline),
    curlMsPerUrl: stat(curl),
    ratio: stat(ratios),
  } satisfies EngineOverheadResult;
}
