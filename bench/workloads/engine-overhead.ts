/**
 * Workload 1: 2,000 sequential analyses of a 5-redirect chain with the library, against the bare undici loop and
 * against `curl -L` (one process per URL). Target: hoplens at most 1.15 times the bare loop.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Analyzer } from '../../dist/index.js';
import { createBareTracer } from '../lib/bare-loop.js';
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
  const hoplens: number[] = [];
  const baseline: number[] = [];
  const ratios: number[] = [];
  for (let rep = 0; rep < reps; rep++) {
    // Interleaved so that a noisy moment hurts both sides alike.
    let started = performance.now();
    for (let i = 0; i < analyses; i++) await bare.trace(url);
    const b = performance.now() - started;
    started = performance.now();
    for (let i = 0; i < analyses; i++) await analyzer.analyze(url, options);
    const h = performance.now() - started;
    baseline.push(b);
    hoplens.push(h);
    ratios.push(h / b);
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
