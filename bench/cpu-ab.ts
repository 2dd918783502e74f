/**
 * CPU time per analysis of this checkout's build against another build, interleaved in one process: what a change
 * bought, measured in a way that survives a busy machine far better than wall time (`process.cpuUsage`: the client's
 * CPU only; nginx's is its own). Not part of `npm run bench`.
 *
 *   git archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   (cd /tmp/base && node node_modules/typescript/bin/tsc -p tsconfig.build.json)
 *   npm run build
 *   BENCH_BASE_DIST=/tmp/base/dist npx tsx bench/cpu-ab.ts engine-h2 20   # or: detectors 30, options 20
 *
 * engine-h2: workload 1b's chain (5 redirects over HTTPS with HTTP/2, nginx), blocks of 200 analyses (BENCH_BLOCK) of
 * each build and of the bare undici loop with `allowH2`, rotating which goes first; engine-h1: the same over HTTP/1.1
 * (workload 1). detectors: `detectIssues` on workload 8's chain
 * mix. options: `normalizeOptions({ allowNetworks: ['127.0.0.0/8'] })`, as the benchmark's analyses pass it.
 */
import { join } from 'node:path';
import { Agent } from 'undici';
import { createBareTracer } from './lib/bare-loop.mjs';
import { startNginx } from './lib/nginx.js';
import { detectorChainMix } from './workloads/detector-chains.js';

type Build = typeof import('../dist/index.js');
const mode = process.argv[2] ?? 'engine-h2';
const blocks = Number(process.argv[3] ?? 20);
/** Analyses per block of the engine modes (BENCH_BLOCK; default 200). */
const engineBlock = Number(process.env.BENCH_BLOCK ?? 200);
const baseDist = process.env.BENCH_BASE_DIST;
if (baseDist === undefined) throw new Error('BENCH_BASE_DIST: the dist/ directory of the build to compare with');
const base = (await import(join(baseDist, 'index.js'))) as Build;
const mine = (await import('../dist/index.js')) as Build;

function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Median CPU µs per run of each side, over `blocks` blocks of `size` runs each, the sides' order rotating. */
async function interleaved(sides: [string, () => unknown][], size: number): Promise<Map<string, number[]>> {
  for (const [, run] of sides) for (let i = 0; i < size; i++) await run();
  const samples = new Map(sides.map(([name]) => [name, [] as number[]]));
  for (let block = 0; block < blocks; block++) {
    for (let j = 0; j < sides.length; j++) {
      const [name, run] = sides[(j + block) % sides.length]!;
      const started = cpuMicros();
      for (let i = 0; i < size; i++) await run();
      samples.get(name)!.push((cpuMicros() - started) / size);
    }
  }
  return samples;
}

function report(samples: Map<string, number[]>, reference: string): void {
  const ref = samples.get(reference)!;
  for (const [name, values] of samples) {
    const ratios = values.map((value, i) => value / ref[i]!);
    console.log(
      `${name.padEnd(8)} ${median(values).toFixed(2)} CPU µs per analysis; per-block ratio to ${reference}: median ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
    );
  }
}

if (mode === 'engine-h2' || mode === 'engine-h1') {
  const h2 = mode === 'engine-h2';
  const nginx = await startNginx(join(process.env.TMPDIR ?? '/tmp', `hoplens-cpu-ab-${process.pid}`));
  const url = h2 ? `https://127.0.0.1:${nginx.tlsPort}/r5/engine` : `http://127.0.0.1:${nginx.port}/r5/engine`;
  const options = { allowNetworks: ['127.0.0.0/8'] };
  const config = h2 ? { ca: nginx.ca } : {};
  const before = new base.Analyzer(config);
  const after = new mine.Analyzer(config);
  const bare = createBareTracer(
    h2 ? new Agent({ keepAliveTimeout: 4_000, allowH2: true, connect: { ca: nginx.ca } }) : undefined,
  );
  try {
    const samples = await interleaved(
      [
        ['bare', () => bare.trace(url)],
        ['base', () => before.analyze(url, options)],
        ['this', () => after.analyze(url, options)],
      ],
      engineBlock,
    );
    report(samples, 'bare');
    const pair = (values: number[], i: number) => values[i]! / samples.get('base')![i]!;
    const ratios = samples.get('this')!.map((_, i) => pair(samples.get('this')!, i));
    console.log(
      `this / base per block: median ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
    );
  } finally {
    await before.close();
    await after.close();
    await bare.agent.close();
    await nginx.stop();
  }
} else if (mode === 'detectors') {
  const inputs = detectorChainMix();
  const mix = (detect: Build['detectIssues']) => () => {
    for (const input of inputs) detect({ ...input });
  };
  const samples = await interleaved(
    [
      ['base', mix(base.detectIssues)],
      ['this', mix(mine.detectIssues)],
    ],
    1000,
  );
  for (const values of samples.values()) {
    for (let i = 0; i < values.length; i++) values[i] = values[i]! / inputs.length;
  }
  report(samples, 'base');
} else if (mode === 'options') {
  const options = { allowNetworks: ['127.0.0.0/8'] };
  const samples = await interleaved(
    [
      ['base', () => base.normalizeOptions(options)],
      ['this', () => mine.normalizeOptions(options)],
    ],
    20_000,
  );
  report(samples, 'base');
} else throw new Error(`unknown mode ${mode}: engine-h2, engine-h1, detectors or options`);
