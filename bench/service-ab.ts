/**
 * CPU time per request of several builds of the service at once: what a change to the service bought, on a host whose
 * speed moves faster than workload 3's alternating blocks can tell 5% apart. Every build runs at the same time, each
 * under its own autocannon at the same fixed rate, so a slow moment falls on all of them alike; each build's figure
 * is its process's CPU time (`/proc/PID/stat`) per request, and its ratio to the first build is taken round by round.
 * Not part of `npm run bench` (BENCHMARKS.md, "Issue 33 continued: the request's scope").
 *
 *   git archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   (cd /tmp/base && node scripts/build.mjs)
 *   npm run build
 *   BENCH_SERVICES="before=/tmp/base/dist/service/main.js;after=dist/service/main.js" npx tsx bench/service-ab.ts
 *
 * A build may be followed by Node's flags, space-separated, in place of `npm start`'s: "semi32=dist/service/main.js
 * --max-semi-space-size=32". Options (environment): BENCH_RATE=400 requests a second for each build (0: as fast as
 * it answers), BENCH_CONNECTIONS=10 for each, BENCH_ROUNDS=8 of BENCH_ROUND_SECONDS=8, REDIS=1 for shared limits. The
 * target is workload 3's 3-redirect chain on nginx. Each build's peak RSS (VmHWM) and its autocannon p99 are printed.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { startNginx } from './lib/nginx.js';
import { startRedis } from './lib/redis-process.js';
import { type ServiceProcess, startServiceProcess } from './lib/service-process.js';
import { stat } from './lib/stats.js';

const rate = Number(process.env.BENCH_RATE ?? 400);
const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
const roundSeconds = Number(process.env.BENCH_ROUND_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const specs = (process.env.BENCH_SERVICES ?? '').split(';').filter(Boolean);
if (specs.length < 2) throw new Error('BENCH_SERVICES: at least two "name=path/to/service/main.js", ";"-separated');

/** Peak resident memory of a process so far, in MB. */
function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/);
  return Number(line?.[1]) / 1024;
}

/** CPU time of a process so far, in µs (user + system clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

interface Service extends ServiceProcess {
  name: string;
  perRequest: number[];
  p99: number[];
}

const nginx = await startNginx(mkdtempSync(join(tmpdir(), 'hoplens-service-ab-')));
const target = `http://127.0.0.1:${nginx.port}/r3/api`;
const redis = process.env.REDIS === '1' ? await startRedis() : undefined;
// Over startServiceProcess's base (loopback, warnings only, 127.0.0.0/8 allowed): limits out of the way.
const env = {
  HOPLENS_RATE_LIMIT_PER_MINUTE: '10000000',
  HOPLENS_RATE_LIMIT_PER_DAY: '10000000',
  HOPLENS_MAX_CONCURRENCY: '1000',
  ...(redis === undefined ? {} : { REDIS_URL: redis.url }),
};
const services: Service[] = [];
for (const spec of specs) {
  const name = spec.slice(0, spec.indexOf('='));
  const [path = '', ...flags] = spec
    .slice(name.length + 1)
    .trim()
    .split(/\s+/);
  const options = { entry: resolve(path), ...(flags.length > 0 ? { flags } : {}) };
  services.push({ name, perRequest: [], p99: [], ...(await startServiceProcess(env, options)) });
}

async function round(): Promise<void> {
  const before = services.map((service) => cpuMicros(service.child.pid as number));
  const runs = await Promise.all(
    services.map((service) =>
      autocannon({
        url: `http://127.0.0.1:${service.port}/api/analyze?url=${encodeURIComponent(target)}`,
        connections,
        ...(rate > 0 ? { overallRate: rate } : {}),
        duration: roundSeconds,
      }),
    ),
  );
  services.forEach((service, i) => {
    const run = runs[i] as autocannon.Result;
    if (run.non2xx > 0 || run.errors > 0) console.log(`${service.name}: ${run.non2xx} non-2xx, ${run.errors} errors`);
    service.perRequest.push((cpuMicros(service.child.pid as number) - (before[i] as number)) / run.requests.total);
    service.p99.push(run.latency.p99);
  });
}

try {
  await round(); // warm-up: JIT, pools, robots.txt
  for (const service of services) {
    service.perRequest.length = 0;
    service.p99.length = 0;
  }
  for (let i = 0; i < rounds; i++) await round();
  const [first] = services as [Service];
  for (const service of services) {
    const cpu = stat(service.perRequest);
    const p99 = stat(service.p99);
    console.log(
      `${service.name}: ${cpu.median.toFixed(0)} µs CPU a request (${cpu.min.toFixed(0)}–${cpu.max.toFixed(0)}), ` +
        `p99 ${p99.median} ms (${p99.min}–${p99.max}), peak RSS ${peakRssMb(service.child.pid as number).toFixed(0)} MB`,
    );
  }
  for (const service of services.slice(1)) {
    const ratios = stat(service.perRequest.map((micros, i) => micros / (first.perRequest[i] as number)));
    console.log(
      `${service.name} / ${first.name}: ${ratios.median.toFixed(3)} (rounds ${ratios.min.toFixed(2)}–${ratios.max.toFixed(2)})`,
    );
  }
} finally {
  for (const service of services) service.child.kill('SIGTERM');
  redis?.child.kill();
  await nginx.stop();
}
