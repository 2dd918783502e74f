/**
 * `npm run bench:profile`: runs the engine-overhead loop (workload 1, hoplens only) under `node --cpu-prof` and
 * prints the functions with the most self time. The raw profiles are left in bench/.work/profile/ for Chrome DevTools.
 *
 *   npm run bench:profile                 # workload 1 (HTTP/1.1), hoplens
 *   npm run bench:profile -- h2           # workload 1b (HTTPS, HTTP/2)
 *   npm run bench:profile -- h2 diff      # workload 1b, hoplens and the bare loop each in a process of its own,
 *                                         # self time in µs per analysis side by side, by function, largest gap first
 *
 * Only the measured loop is profiled (the inspector's profiler started after the warm-up). With `diff` the sampling
 * interval is 100 µs and each side runs the same number of traces, so the figures are CPU µs per analysis of the main
 * thread (as sampled) and their difference is what hoplens adds, function by function.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

const here = fileURLToPath(new URL('.', import.meta.url));
const work = join(here, '.work', 'profile');
const ANALYSES = 6000;
const WARM_UP = 500;

async function child(protocol: string, side: string): Promise<void> {
  const { Analyzer } = await import('../dist/index.js');
  const { Agent } = await import('undici');
  const { createBareTracer } = await import('./lib/bare-loop.mjs');
  const { startNginx } = await import('./lib/nginx.js');
  const nginx = await startNginx(join(here, '.work', `profile-${process.pid}`));
  const h2 = protocol === 'h2';
  const url = h2 ? `https://127.0.0.1:${nginx.tlsPort}/r5/profile` : `http://127.0.0.1:${nginx.port}/r5/profile`;
  const analyzer = h2 ? new Analyzer({ ca: nginx.ca }) : new Analyzer();
  const bare = createBareTracer(
    h2 ? new Agent({ keepAliveTimeout: 4_000, allowH2: true, connect: { ca: nginx.ca } }) : undefined,
  );
  const run = side === 'bare' ? () => bare.trace(url) : () => analyzer.analyze(url, { allowNetworks: ['127.0.0.0/8'] });
  for (let i = 0; i < WARM_UP; i++) await run();
  // Only the measured loop is profiled (not start-up, nginx's test certificate or the warm-up).
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: Number(process.env.PROFILE_INTERVAL ?? 1000) });
  await post('Profiler.start');
  const started = process.cpuUsage();
  for (let i = 0; i < ANALYSES; i++) await run();
  const used = process.cpuUsage(started);
  const { profile } = (await post('Profiler.stop')) as { profile: Profile };
  session.disconnect();
  writeFileSync(join(work, `${side}.cpuprofile`), JSON.stringify(profile));
  console.log(`${side}: ${((used.user + used.system) / ANALYSES).toFixed(0)} CPU µs per trace (process.cpuUsage)`);
  await analyzer.close();
  await bare.agent.close();
  await nginx.stop();
}

/** Profiles one side's measured loop in a fresh process. */
function profileOf(protocol: string, side: string, interval: number): { profile: Profile; file: string } {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', protocol, side],
    { stdio: 'inherit', env: { ...process.env, PROFILE_INTERVAL: String(interval) } },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
  const file = join(work, `${side}.cpuprofile`);
  return { file, profile: JSON.parse(readFileSync(file, 'utf8')) as Profile };
}

/** Samples per function (name, file and line), the sampled part of the run only. */
function byFunction(profile: Profile): Map<string, number> {
  const hits = new Map<string, number>();
  for (const node of profile.nodes) {
    const where = node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(dist|bench)\//, '$1/');
    const key = `${node.callFrame.functionName || '(anonymous)'}  ${where.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`;
    hits.set(key, (hits.get(key) ?? 0) + node.hitCount);
  }
  return hits;
}

function printTop(profile: Profile, file: string): void {
  const hits = byFunction(profile);
  const total = [...hits.values()].reduce((a, b) => a + b, 0);
  console.log(`profile: ${file} (${total} samples)`);
  for (const [name, n] of [...hits.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`${((n / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
}

function printDiff(protocol: string): void {
  const interval = 100;
  const perTrace = (hits: number) => (hits * interval) / ANALYSES;
  const mine = byFunction(profileOf(protocol, 'hoplens', interval).profile);
  const bare = byFunction(profileOf(protocol, 'bare', interval).profile);
  const names = new Set([...mine.keys(), ...bare.keys()]);
  names.delete('(idle)  :0');
  const rows = [...names].map((name) => ({ name, h: perTrace(mine.get(name) ?? 0), b: perTrace(bare.get(name) ?? 0) }));
  const sum = (key: 'h' | 'b') => rows.reduce((total, row) => total + row[key], 0);
  console.log(`sampled CPU µs per trace: hoplens ${sum('h').toFixed(0)}, bare ${sum('b').toFixed(0)}`);
  console.log('hoplens µs   bare µs    gap  function');
  for (const row of rows.sort((x, y) => Math.abs(y.h - y.b) - Math.abs(x.h - x.b)).slice(0, 45)) {
    const gap = row.h - row.b;
    console.log(
      `${row.h.toFixed(1).padStart(10)} ${row.b.toFixed(1).padStart(9)} ${gap.toFixed(1).padStart(6)}  ${row.name}`,
    );
  }
}

if (process.argv[2] === '--child') await child(process.argv[3] ?? 'h1', process.argv[4] ?? 'hoplens');
else {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const protocol = process.argv[2] === 'h2' ? 'h2' : 'h1';
  if (process.argv[3] === 'diff') printDiff(protocol);
  else {
    const { profile, file } = profileOf(protocol, 'hoplens', 1000);
    printTop(profile, file);
  }
}
