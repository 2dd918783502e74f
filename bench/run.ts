/**
 * `npm run bench`: sets everything up on loopback (nginx as the target, the service, redis-server), runs the workloads
 * of the benchmark issues (engine, bulk, API, timing, start-up, rendering), prints a table and writes bench/results.md
 * (a BENCH_ONLY run writes bench/results-<names>.md instead, so it never replaces the full run's file).
 *
 * Optional: BENCH_ONLY=sitemap (not in the default list) checks a 50,000-URL sitemap index of 5 files for peak RSS.
 * Optional: BENCH_ONLY=suggest (not in the default list): `hoplens suggest`'s precision and recall on the suggestion
 * corpus's seeds, and its time on 50,000 old URLs (SUGGEST_LARGE=50000) against their new site (issue 45).
 *
 * Options (environment): BENCH_ONLY=engine,bulk,api,timing,startup,render,detectors (engine is both engine-h1 and engine-h2)
 * BENCH_REPS=3  BENCH_API_SECONDS=20  BENCH_LARGE=100000  BENCH_STARTUP_RUNS=10  BENCH_RENDER_ANALYSES=200.
 * `monitors` (minutes long) runs only when BENCH_ONLY names it: BENCH_ONLY=monitors  BENCH_MONITORS=10000
 * BENCH_MONITOR_SECONDS=180.
 * `crawl` (issue 31; in the default list): BENCH_CRAWL_PAGES=10000,100000  BENCH_CRAWL_TOOLS=hoplens,linkinator,wget
 * BENCH_CRAWL_TIMEOUT=900 (seconds a run may take)  BENCH_CRAWL_WGET_REPS=1  BENCH_CRAWL_PEER_PAGES=10000 (the largest site the
 * peers crawl).
 * `logs` (issue 45; in the default list): a combined log counted by hoplens and GoAccess (`apt-get install goaccess`):
 * BENCH_LOG_LINES=1000000,10000000  BENCH_LOG_URLS=50000  BENCH_LOG_DISTINCT=1000000 (bench/workloads/logs.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANALYSING_CPU, OTHERS_CPU } from './lib/cpu-pin.js';
import { type Nginx, startNginx } from './lib/nginx.js';
import { show, stat } from './lib/stats.js';
import { api } from './workloads/api.js';
import { bulk } from './workloads/bulk.js';
import { crawlSection } from './workloads/crawl-report.js';
import { detectorCost } from './workloads/detector-cost.js';
import { engineOverhead } from './workloads/engine-overhead.js';
import { logsSection } from './workloads/logs-report.js';
import { monitorsWorkload, ON_TIME_MS } from './workloads/monitors.js';
import { renderWorkload } from './workloads/render.js';
import { sitemapWorkload } from './workloads/sitemap.js';
import { startup } from './workloads/startup.js';
import { suggestWorkload } from './workloads/suggest.js';
import { timingHonesty } from './workloads/timing-honesty.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const workDir = join(here, '.work');
const only = new Set(
  (process.env.BENCH_ONLY ?? 'engine,bulk,api,timing,startup,render,detectors,crawl,logs').split(','),
);
const reps = Number(process.env.BENCH_REPS ?? 3);
const apiSeconds = Number(process.env.BENCH_API_SECONDS ?? 20);
const largeCount = Number(process.env.BENCH_LARGE ?? 100_000);
const renderAnalyses = Number(process.env.BENCH_RENDER_ANALYSES ?? 200);
const startupRuns = Number(process.env.BENCH_STARTUP_RUNS ?? 10);
const monitorCount = Number(process.env.BENCH_MONITORS ?? 10_000);
const monitorSeconds = Number(process.env.BENCH_MONITOR_SECONDS ?? 180);

const lines: string[] = [];
function out(line = ''): void {
  lines.push(line);
  console.log(line);
}
const verdict = (met: boolean) => (met ? 'met' : '**not met**');
/** Issue 33's targets: the engine against the bare loop, and the service's share of the bare loop's rate. */
const ENGINE_TARGET = { h1: 1.15, h2: 1.1 } as const;
const API_TARGET = { memory: 0.75, redis: 0.65 } as const;

rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });
// Only the workloads that send their chains to nginx start it (render, sitemap and crawl bring servers of their own).
const needsNginx = ['engine', 'engine-h1', 'engine-h2', 'bulk', 'api', 'startup'].some((key) => only.has(key));
const nginx = needsNginx ? await startNginx(workDir) : undefined;
const target = (): Nginx => {
  if (!nginx) throw new Error('bench/run.ts: a workload that needs nginx is missing from needsNginx');
  return nginx;
};
try {
  out(`# hoplens benchmark results`);
  out();
  out(
    `Date: ${new Date().toISOString()}; machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; repetitions: ${reps}.`,
  );
  out('Figures are medians with the (min–max) range of the runs.');

  for (const [key, protocol, title] of [
    ['engine', 'h1', '1. Engine overhead'],
    ['engine', 'h2', '1b. Engine overhead over HTTPS and HTTP/2'],
  ] as const) {
    if (!only.has(key) && !only.has(`engine-${protocol}`)) continue;
    const r = await engineOverhead(target(), reps, { protocol });
    out();
    out(`## ${title}: ${r.analyses} sequential analyses of a 5-redirect chain`);
    out();
    out('| tool | total ms | per analysis ms |');
    out('|---|---|---|');
    out(`| hoplens (library) | ${show(r.hoplensMs, 0)} | ${(r.hoplensMs.median / r.analyses).toFixed(3)} |`);
    out(
      `| bare undici loop${protocol === 'h2' ? ' (allowH2)' : ''} | ${show(r.bareMs, 0)} | ${(r.bareMs.median / r.analyses).toFixed(3)} |`,
    );
    if (r.curlMsPerUrl !== undefined) out(`| curl -L (process per URL) | — | ${show(r.curlMsPerUrl, 2)} |`);
    out();
    out(
      `hoplens / bare loop, median of ${r.ratio.runs} interleaved blocks of 200: ${show(r.ratio, 3)} (target ≤ ${ENGINE_TARGET[protocol]}: ${verdict(r.ratio.median <= ENGINE_TARGET[protocol])})`,
    );
  }

  if (only.has('bulk')) {
    const r = await bulk(target(), workDir, reps, 10_000, largeCount);
    out();
    out(`## 2. Bulk: ${r.urls} URLs (3-redirect chains over ${target().hosts.length} loopback hosts), concurrency 50`);
    out();
    out('| tool | seconds | URLs/s | peak RSS MB |');
    out('|---|---|---|---|');
    out(
      `| hoplens check | ${show(r.hoplensSeconds, 2)} | ${(r.urls / r.hoplensSeconds.median).toFixed(0)} | ${show(r.hoplensPeakMb, 0)} |`,
    );
    out(
      `| bare undici loop (own process, bench/lib/bare-check.mjs) | ${show(r.bareProcessSeconds, 2)} | ${(r.urls / r.bareProcessSeconds.median).toFixed(0)} | ${show(r.bareProcessPeakMb, 0)} |`,
    );
    out(
      `| bare undici loop (inside the warm benchmark process) | ${show(r.bareSeconds, 2)} | ${(r.urls / r.bareSeconds.median).toFixed(0)} | — |`,
    );
    out(`| xargs -P 50 curl -L | ${show(r.curlSeconds, 2)} | ${(r.urls / r.curlSeconds.median).toFixed(0)} | — |`);
    out();
    out(`Speed-up over xargs+curl: ${r.speedupOverCurl.toFixed(1)}× (target ≥ 8: ${verdict(r.speedupOverCurl >= 8)})`);
    out(
      `hoplens / bare loop, each a process of its own: ${r.ratioToBare.toFixed(2)} (target ≤ 1.10: ${verdict(r.ratioToBare <= 1.1)}); against the loop inside the warm benchmark process: ${r.ratioToBareInProcess.toFixed(2)}`,
    );
    const six = r.sixRequests;
    out(
      `${six.urls} URLs of 5-redirect chains (six requests each): hoplens check ${show(six.hoplensSeconds, 2)} s, xargs -P 50 curl -L ${show(six.curlSeconds, 2)} s: ${six.speedupOverCurl.toFixed(1)}× (target ≥ 12: ${verdict(six.speedupOverCurl >= 12)}); the bare loop as a command ${show(six.bareProcessSeconds, 2)} s: ${six.bareSpeedupOverCurl.toFixed(1)}× xargs+curl, hoplens / bare ${(six.hoplensSeconds.median / six.bareProcessSeconds.median).toFixed(2)}`,
    );
    if (r.large !== undefined) {
      out(
        `${r.large.urls} URLs: ${r.large.seconds.toFixed(1)} s, peak RSS ${r.large.peakMb.toFixed(0)} MB = ${r.large.ratioToSmallPeak.toFixed(2)}× the 10,000-URL peak (targets ≤ 200 MB: ${verdict(r.large.peakMb <= 200)}, ≤ 1.2×: ${verdict(r.large.ratioToSmallPeak <= 1.2)})`,
      );
    }
  }

  if (only.has('api')) {
    const r = await api(target(), reps, apiSeconds);
    out();
    out(
      `## 3. API: autocannon, 50 connections, ${r.seconds} s a repetition in interleaved blocks of ${r.blockSeconds} s against the bare loop, 3-redirect chain`,
    );
    out();
    out(
      "| setup | analyses/s | p50 ms (bare loop's) | p99 ms (bare loop's) | peak RSS MB | non-2xx/errors | share of bare loop, median of blocks |",
    );
    out('|---|---|---|---|---|---|---|');
    for (const run of r.runs) {
      const share = run.share.median;
      const setup = `service, ${run.label} limits${run.pinned ? ', pinned' : ''}`;
      out(
        `| ${setup} | ${show(run.rps, 0)} | ${show(run.p50, 0)} (${run.bareP50.median.toFixed(0)}) | ${show(run.p99, 0)} (${run.bareP99.median.toFixed(0)}) | ${show(run.peakRssMb, 0)} | ${run.errors} | ${(share * 100).toFixed(0)}% (blocks ${(run.share.min * 100).toFixed(0)}–${(run.share.max * 100).toFixed(0)}%; target ≥ ${API_TARGET[run.label] * 100}%: ${verdict(share >= API_TARGET[run.label])}; p99 target ≤ 21 ms: ${verdict(run.p99.median <= 21)}) |`,
      );
    }
    out(`| bare undici loop, 50 concurrent, unpinned | ${show(r.bareTracesPerSecond, 0)} | — | — | — | — | 100% |`);
    out();
    const pinned = r.runs.filter((run) => run.pinned);
    if (pinned.length > 0) {
      const busy = pinned.map((run) => `${run.label} ${show(run.othersCpuBusy ?? stat([]), 0)}%`).join(', ');
      out(
        `Pinned rows (bench/lib/cpu-pin.ts): the service, or this process while it runs the bare loop, on CPU ${ANALYSING_CPU}; autocannon (this process while it sends), nginx and Redis on CPU ${OTHERS_CPU}. Their share compares what one core analyses through the service with what it traces bare; unpinned, the service also has the idle time of the other core. CPU ${OTHERS_CPU} busy in the service's blocks (not the limit when under 100%): ${busy}.`,
      );
    } else {
      out('Not pinned (BENCH_PIN=0, one CPU, or no taskset): every process on every CPU.');
    }
  }

  if (only.has('timing')) {
    const { rows, phases } = await timingHonesty();
    out();
    out('## 4. Timing honesty: reported responseTime minus the server-side delay');
    out();
    out('| delay ms | connection | samples | median error ms | max error ms | bare undici median error ms |');
    out('|---|---|---|---|---|---|');
    for (const row of rows) {
      out(
        `| ${row.delay} | ${row.connection} | ${row.samples} | ${row.medianError} | ${row.maxError} | ${row.bareMedianError} |`,
      );
    }
    out();
    out('The bare column times the same requests with an unrounded clock: what the target itself adds to the delay.');
    const median = Math.max(...rows.map((row) => Math.abs(row.medianError)));
    const max = Math.max(...rows.map((row) => Math.abs(row.maxError)));
    out();
    out(
      `Worst median error ${median} ms (target ≤ 2: ${verdict(median <= 2)}), worst error ${max} ms (target ≤ 10: ${verdict(max <= 10)})`,
    );
    out();
    out('### Phases: each `timings` phase minus the delay injected into it (0 where the delay belongs elsewhere)');
    out();
    out(
      '| target delays | delay ms | scheme | connection | phase | injected ms | samples | median error ms | max error ms | reference median error ms |',
    );
    out('|---|---|---|---|---|---|---|---|---|---|');
    for (const p of phases) {
      const reference = Number.isNaN(p.referenceMedianError) ? '—' : p.referenceMedianError;
      out(
        `| ${p.delayed} | ${p.delay} | ${p.scheme} | ${p.connection} | ${p.phase} | ${p.injected} | ${p.samples} | ${p.medianError} | ${p.maxError} | ${reference} |`,
      );
    }
    out();
    out(
      "The reference is a bare measurement of the same target: a bare request (minus the delay) for an answer, a bare TLS handshake with Node's client (minus the delay) for `tls`.",
    );
    const phaseMedian = Math.max(...phases.map((p) => Math.abs(p.medianError)));
    const phaseMax = Math.max(...phases.map((p) => Math.abs(p.maxError)));
    // What hoplens adds is judged beyond what a bare measurement of the same phase sees: a TLS handshake takes a few
    // milliseconds of its own on this machine, which `tls` rightly reports and the reference shows too.
    const beyond = Math.max(
      ...phases.map(
        (p) =>
          Math.abs(p.medianError) - (Number.isNaN(p.referenceMedianError) ? 0 : Math.max(0, p.referenceMedianError)),
      ),
    );
    out();
    out(
      `Phases: worst median error ${phaseMedian} ms, ${Math.max(0, beyond).toFixed(1)} ms beyond the reference (target ≤ 2: ${verdict(beyond <= 2)}), worst error ${phaseMax} ms (target ≤ 10: ${verdict(phaseMax <= 10)})`,
    );
  }

  if (only.has('detectors')) {
    const r = detectorCost(reps);
    out();
    out(`## 8. What each detector costs: CPU µs per analysis, on a mix of ${r.mix} finished chains`);
    out();
    out(
      'Each detector alone on fresh inputs (it pays for the shared facts it asks for); the last row is all of them at once.',
    );
    out();
    out('| detector | CPU µs per analysis |');
    out('|---|---|');
    for (const { name, us } of r.perDetector) out(`| ${name} | ${show(us, 2)} |`);
    out(`| **detectIssues (all, facts shared)** | ${show(r.all, 2)} |`);
  }

  if (only.has('startup')) {
    const r = await startup(target(), startupRuns);
    out();
    out(`## 5. Start-up: the \`hoplens\` executable, a fresh process each run (${r.runs} runs each, interleaved)`);
    out();
    out('| command | wall ms | × `node -e 0` | peak RSS MB |');
    out('|---|---|---|---|');
    for (const command of [r.node, r.version, r.analyze]) {
      out(`| ${command.label} | ${show(command.ms, 0)} | ${command.ratio.toFixed(2)} | ${show(command.peakMb, 0)} |`);
    }
    out();
    out(
      `\`hoplens --version\`: ${r.version.ratio.toFixed(2)}× (target ≤ 1.5: ${verdict(r.version.ratio <= 1.5)}); \`hoplens URL --json\` (3-redirect chain): ${r.analyze.ratio.toFixed(2)}× (target ≤ 2.5: ${verdict(r.analyze.ratio <= 2.5)}), peak RSS ${r.analyze.peakMb.median.toFixed(0)} MB (target ≤ 70: ${verdict(r.analyze.peakMb.median <= 70)})`,
    );
  }

  if (only.has('render')) {
    const r = await renderWorkload(reps, renderAnalyses);
    out();
    out(
      `## 6. Rendering: a page with a JavaScript redirect, ${r.callers} callers, renderer at its default concurrency (2) and bounds`,
    );
    out();
    out(
      '| analyses | per run | analyses/s | hops each | render incomplete | analysing process peak RSS MB | Chromium peak RSS MB (sum) | Chromium peak PSS MB (sum) |',
    );
    out('|---|---|---|---|---|---|---|---|');
    for (const [label, run, count] of [
      ['rendered', r.rendered, r.analyses],
      ['not rendered', r.plain, r.analyses * 10],
    ] as const) {
      out(
        `| ${label} | ${count} | ${show(run.perSecond, 1)} | ${run.hopsPerAnalysis.toFixed(2)} | ${run.incomplete} | ${show(run.clientPeakMb, 0)} | ${show(run.browserPeakMb, 0)} | ${show(run.browserPeakPssMb, 0)} |`,
      );
    }
    out();
    out(
      `Rendering costs ${(r.plain.perSecond.median / r.rendered.perSecond.median).toFixed(0)}× the time of an analysis without it, bounds included (each render's requests counted, bytes decoded within their bounds, its memory read every 100 ms, its names pinned in a pool of its own). The Chromium figures sum every Chromium process: RSS counts the pages they share in each, PSS divides them among their sharers.`,
    );
  }

  if (only.has('suggest')) {
    const r = await suggestWorkload(workDir);
    out('## Suggestions (`hoplens suggest`, issue 45)');
    out();
    out('| seed | proposals | right | with a counterpart | precision | recall |');
    out('|---|---|---|---|---|---|');
    for (const each of r.seeds) {
      const percent = (share: number) => `${(100 * share).toFixed(1)}%`;
      out(
        `| ${each.seed} | ${each.proposals} | ${each.correct} | ${each.withCounterpart} | ${percent(each.precision)} | ${percent(each.recall)} |`,
      );
    }
    out();
    out(
      `Built CLI, ${r.large.old} old × ${r.large.new} new URLs: ${r.large.seconds.toFixed(1)} s, peak RSS ${r.large.peakMb.toFixed(0)} MB, ${r.large.proposals} proposals.`,
    );
    out();
  }
  if (only.has('sitemap')) {
    const r = await sitemapWorkload();
    out();
    out(`## 6. Sitemap index: ${r.urls} URLs in ${r.files} files (one gzipped), fetched from a loopback server`);
    out();
    out('| input | URLs | seconds | peak RSS MB |');
    out('|---|---|---|---|');
    out(`| one sitemap | ${r.small.urls} | ${r.small.seconds.toFixed(1)} | ${r.small.peakMb.toFixed(0)} |`);
    out(`| sitemap index | ${r.urls} | ${r.seconds.toFixed(1)} | ${r.peakMb.toFixed(0)} |`);
    out();
    out(
      `Peak RSS ${r.peakMb.toFixed(0)} MB (target ≤ 200 MB: ${verdict(r.peakMb <= 200)}); index / one-file index: ${r.ratioToSmallPeak.toFixed(2)}× for ${r.files}× the URLs (the heap settles after the first ~10,000 rows).`,
    );
  }

  if (only.has('monitors')) {
    const r = await monitorsWorkload(workDir, monitorCount, monitorSeconds);
    const ms = (value: number) => (value / 1000).toFixed(1);
    out();
    out(
      `## 7. Monitors: ${r.monitors} at a 60 s interval, embedded database, 3-redirect chain, ${r.seconds} s (the first 60 s warm-up, ${r.measuredSeconds} s measured)`,
    );
    out();
    out(
      '| runs | runs/s | needed/s | on time (≤ 5 s late) | lateness p50 / p95 / p99 / max s | CPU % of a core | peak RSS MB (window) | VmHWM MB |',
    );
    out('|---|---|---|---|---|---|---|---|');
    const t = r.onTime;
    out(
      `| ${r.runs} | ${r.runsPerSecond.toFixed(1)} | ${r.neededPerSecond.toFixed(1)} | ${(t.share * 100).toFixed(1)}% | ${ms(t.p50)} / ${ms(t.p95)} / ${ms(t.p99)} / ${ms(t.max)} | ${r.cpuPercent.toFixed(0)} | ${r.peakRssMb.toFixed(0)} | ${r.highWaterMb.toFixed(0)} |`,
    );
    const g = r.grid;
    out();
    out(
      `Against the fixed grid (first due time + k × 60 s): ${(g.share * 100).toFixed(1)}% within ${ON_TIME_MS / 1000} s, lateness p50 ${ms(g.p50)} s, p99 ${ms(g.p99)} s, max ${ms(g.max)} s. Overdue by more than 5 s when the window closed: ${r.overdueAtEnd}. States: ${JSON.stringify(r.states)}. Target: runs/s ≥ needed and on time: ${verdict(r.runsPerSecond >= r.neededPerSecond * 0.99 && t.share >= 0.99)}`,
    );
  }

  if (only.has('crawl')) await crawlSection(workDir, reps, out);
  if (only.has('logs')) await logsSection(workDir, out);
} finally {
  await nginx?.stop();
}
// A run of some workloads (BENCH_ONLY) keeps the full run's results.md and writes a file named for what it ran.
const resultsFile = process.env.BENCH_ONLY ? `results-${[...only].join('-')}.md` : 'results.md';
writeFileSync(join(here, resultsFile), `${lines.join('\n')}\n`);
console.log(`\nwritten to ${join(here, resultsFile)}`);
