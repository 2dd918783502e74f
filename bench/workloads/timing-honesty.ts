/**
 * Workload 4: a target that delays its answer by 50, 200 and 1000 ms; the error is the reported responseTime minus
 * the delay, on fresh connections (the target closes each one) and on reused keep-alive connections.
 * Target: median error at most 2 ms, max 10 ms. The same analyses, and HTTPS ones whose target holds back its TLS
 * handshake, also give the phase rows of bench/workloads/timing-phases.ts.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { Analyzer, type ResolvedAddress } from '../../dist/index.js';
import { createTestPki } from '../../test/helpers/tls-certificates.js';
import { stat } from '../lib/stats.js';
import { bareHandshakeError, PhaseErrors, type PhaseRow, samplePhases, TIMING_DOMAIN } from './timing-phases.js';

export interface TimingRow {
  delay: number;
  connection: 'fresh' | 'reused';
  samples: number;
  medianError: number;
  maxError: number;
  /** The same measured by a bare undici request (unrounded): how late the target itself answers. */
  bareMedianError: number;
}

/** Every name under TIMING_DOMAIN is loopback, at once (so that `dns` takes nothing from the phases measured). */
async function loopbackResolver(hostname: string): Promise<ResolvedAddress[]> {
  if (!hostname.endsWith(`.${TIMING_DOMAIN}`)) throw new Error(`not a benchmark name: ${hostname}`);
  return [{ address: '127.0.0.1', family: 4 }];
}

export async function timingHonesty(
  samplesFor = (delay: number) => (delay >= 1000 ? 10 : 20),
): Promise<{ rows: TimingRow[]; phases: PhaseRow[] }> {
  const pki = createTestPki(`*.${TIMING_DOMAIN}`);
  const script = fileURLToPath(new URL('../lib/delay-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_TLS_KEY: pki.valid.key, BENCH_TLS_CERT: pki.valid.cert },
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  const [port, tlsPort] = chunk.toString().trim().split(' ').map(Number) as [number, number];
  const analyzer = new Analyzer({ resolver: loopbackResolver, ca: pki.ca });
  const options = { allowNetworks: ['127.0.0.0/8'], timeout: 5000 };
  const rows: TimingRow[] = [];
  const phases: PhaseRow[] = [];
  const bare = new Agent();
  try {
    for (const delay of [50, 200, 1000]) {
      for (const connection of ['fresh', 'reused'] as const) {
        const url = `http://127.0.0.1:${port}/d/${delay}${connection === 'fresh' ? '?close=1' : ''}`;
        if (connection === 'reused') await analyzer.analyze(url, options); // opens the connection to reuse
        const errors: number[] = [];
        const answer = new PhaseErrors({ delayed: 'answer', delay, scheme: 'http', connection }, ['firstByte']);
        for (let i = 0; i < samplesFor(delay); i++) {
          const result = await analyzer.analyze(url, options);
          errors.push(result.chain[0]!.responseTime - delay);
          answer.add(result.chain[0]!);
        }
        const bareErrors: number[] = [];
        for (let i = 0; i < Math.min(10, samplesFor(delay)); i++) {
          const started = performance.now();
          const response = await request(url, { dispatcher: bare });
          bareErrors.push(performance.now() - started - delay);
          await response.body.dump();
        }
        const s = stat(errors);
        phases.push(...answer.rows({ firstByte: stat(bareErrors).median }));
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
    // Over HTTPS, fresh connections only: a reused one has no handshake.
    for (const [delayed, delay] of [
      ['handshake', 200],
      ['answer', 200],
    ] as const) {
      const handshakeDelay = delayed === 'handshake' ? delay : 0;
      const url = `https://hs-${handshakeDelay}.${TIMING_DOMAIN}:${tlsPort}/d/${delayed === 'answer' ? delay : 0}?close=1`;
      const errors = new PhaseErrors({ delayed, delay, scheme: 'https', connection: 'fresh' }, ['tls', 'firstByte']);
      await samplePhases(analyzer, url, options, samplesFor(delay), errors);
      phases.push(...errors.rows({ tls: await bareHandshakeError(tlsPort, handshakeDelay, pki.ca) }));
    }
  } finally {
    await analyzer.close();
    await bare.close();
    child.kill('SIGTERM');
  }
  return { rows, phases };
}
