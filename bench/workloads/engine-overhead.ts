/**
 * Workload 1: 2,000 sequential analyses of a 5-redirect chain with the library, against the bare undici loop and
 * against `curl -L` (one process per URL). Target: hoplens at most 1.15 times the bare loop. The ratio reported is the
 * median over interleaved blocks of 200 analyses, the totals are per repetition. With `protocol: 'h2'` the same chain
 * is served over HTTPS with HTTP/2 (nginx's TLS server), hoplens trusting the test CA and the bare loop's agent
 * offering h2 (`allowH2`); curl is left out there.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Agent } from 'undici';
import { Analyzer } from '../../dist/index.js';
import { createBareTracer } from '../lib/bare-loop.mjs';
import type { Nginx } from '../lib/nginx.js';
import { type Stat, stat } from '../lib/stats.js';

export interface EngineOverheadResult {
  analyses: number;
  hoplensMs: Stat;
  bareMs: Stat;
  /** Absent over HTTP/2. */
  curlMsPerUrl?: Stat;
  ratio: Stat;
}

export async function engineOverhead(
  nginx: Nginx,
  reps: number,
  {
    protocol = 'h1',
    analyses = 2000,
    curlUrls = 300,
  }: { protocol?: 'h1' | 'h2'; analyses?: number; curlUrls?: number } = {},
): Promise<EngineOverheadResult> {
  const h2 = protocol === 'h2';
  const url = h2 ? `https://127.0.0.1:${nginx.tlsPort}/r5/engine` : `http://127.0.0.1:${nginx.port}/r5/engine`;
  const analyzer = h2 ? new Analyzer({ ca: nginx.ca }) : new Analyzer();
  const options = { allowNetworks: ['127.0.0.0/8'] };
  const bare = createBareTracer(
    h2 ? new Agent({ keepAliveTimeout: 4_000, allowH2: true, connect: { ca: nginx.ca } }) : undefined,
  );
  // Warm both up: JIT, connection pools.
  for (let i = 0; i < 200; i++) {
    const result = await analyzer.analyze(url, options);
    await bare.trace(url);
    // A benchmark of HTTP/2 that fell back to HTTP/1.1 would measure the wrong thing.
    if (h2 && result.chain.some((hop) => hop.httpVersion !== '2')) throw new Error(`not HTTP/2: ${url}`);
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
  for (let rep = 0; rep < (h2 ? 0 : reps); rep++) {
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
    ...(h2 ? {} : { curlMsPerUrl: stat(curl) }),
    ratio: stat(ratios),
  };
}
