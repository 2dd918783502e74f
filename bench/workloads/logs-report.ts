/**
 * The access log workload's section of the benchmark report (bench/run.ts): reads its options from the environment,
 * runs bench/workloads/logs.ts, prints hoplens and GoAccess side by side and the targets.
 */
import { cpus, loadavg } from 'node:os';
import { distinctUrlsWorkload, goaccessVersion, type LogRun, logsWorkload } from './logs.js';

const verdict = (met: boolean) => (met ? 'met' : '**not met**');
const rate = (run: LogRun | undefined) =>
  run === undefined ? '–' : Math.round(run.linesPerSecond).toLocaleString('en');
const mb = (run: LogRun | undefined) => (run === undefined ? '–' : run.peakMb.toFixed(0));
const secs = (run: LogRun | undefined) => (run === undefined ? '–' : run.seconds.toFixed(1));

function options() {
  const sizes = (process.env.BENCH_LOG_LINES ?? '1000000,10000000').split(',').map(Number);
  for (const size of sizes) if (!Number.isInteger(size) || size < 1) throw new Error(`BENCH_LOG_LINES: ${size}?`);
  return {
    sizes,
    urls: Number(process.env.BENCH_LOG_URLS ?? 50_000),
    distinct: Number(process.env.BENCH_LOG_DISTINCT ?? 1_000_000),
  };
}

/** Runs the workload and prints its section. */
export async function logsSection(workDir: string, out: (line?: string) => void): Promise<void> {
  const { sizes, urls, distinct } = options();
  const load = loadavg()[0]!.toFixed(1);
  const results = await logsWorkload(workDir, sizes, urls);
  out();
  out(`## Access logs: a combined log counted by hoplens and by ${goaccessVersion() ?? 'GoAccess (not installed)'}`);
  out();
  out(`${urls.toLocaleString('en')} distinct pages; load average at the start ${load} on ${cpus().length} cores.`);
  out();
  out(
    '| lines | MB | hoplens s | hoplens lines/s | hoplens peak MB | GoAccess s | GoAccess lines/s | GoAccess peak MB |',
  );
  out('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    out(
      `| ${r.lines.toLocaleString('en')} | ${(r.bytes / 2 ** 20).toFixed(0)} | ${secs(r.hoplens)} | ${rate(r.hoplens)} | ${mb(r.hoplens)} | ${secs(r.goaccess)} | ${rate(r.goaccess)} | ${mb(r.goaccess)} |`,
    );
  }
  out();
  const faster = results.every(
    (r) => r.goaccess === undefined || r.hoplens.linesPerSecond >= r.goaccess.linesPerSecond,
  );
  out(`hoplens at least as many lines a second as GoAccess: ${verdict(faster)}.`);
  const first = results[0];
  const last = results[results.length - 1];
  if (first !== undefined && last !== undefined && last !== first) {
    const ratio = last.hoplens.peakMb / first.hoplens.peakMb;
    out(
      `hoplens peak, ${last.lines.toLocaleString('en')} / ${first.lines.toLocaleString('en')} lines: ${ratio.toFixed(2)}× (target ≤ 1.2×: ${verdict(ratio <= 1.2)}).`,
    );
  }
  if (distinct > 0) {
    const run = await distinctUrlsWorkload(workDir, distinct);
    out(
      `hoplens over ${distinct.toLocaleString('en')} lines, each a different page (${run.distinct.toLocaleString('en')} distinct URLs counted): ${run.seconds.toFixed(1)} s, peak ${run.peakMb.toFixed(0)} MB (target ≤ 300 MB for 1 million: ${verdict(run.peakMb <= 300)}).`,
    );
  }
}
