/**
 * The crawl workload's section of the benchmark report (bench/run.ts): reads its options from the environment, runs
 * bench/workloads/crawl.ts and prints one table per site size, whether every tool visited every page, and the targets.
 */
import { show } from '../lib/stats.js';
import {
  CRAWL_CONCURRENCY,
  type CrawlSizeResult,
  crawlTargets,
  crawlTools,
  crawlWorkload,
  incompleteTools,
  type ToolName,
} from './crawl.js';

const TOOL_NAMES: readonly ToolName[] = ['hoplens', 'linkinator', 'wget'];

function options() {
  const sizes = (process.env.BENCH_CRAWL_PAGES ?? '10000,100000').split(',').map(Number);
  const names = (process.env.BENCH_CRAWL_TOOLS ?? TOOL_NAMES.join(',')).split(',') as ToolName[];
  for (const name of names) if (!TOOL_NAMES.includes(name)) throw new Error(`BENCH_CRAWL_TOOLS: no tool ${name}`);
  for (const size of sizes) if (!Number.isInteger(size) || size < 1) throw new Error(`BENCH_CRAWL_PAGES: ${size}?`);
  return {
    sizes,
    names,
    timeoutMs: Number(process.env.BENCH_CRAWL_TIMEOUT ?? 900) * 1000,
    wgetReps: Number(process.env.BENCH_CRAWL_WGET_REPS ?? 1),
    // linkinator would be cut at the time bound on 100,000 pages (three runs: 45 minutes) and say nothing more.
    peerPages: Number(process.env.BENCH_CRAWL_PEER_PAGES ?? 10_000),
  };
}

const verdict = (met: boolean | undefined) => (met === undefined ? 'not measured' : met ? 'met' : '**not met**');

function table(size: CrawlSizeResult, out: (line?: string) => void): void {
  out('| tool | runs | seconds | pages/s | peak RSS MB (process tree) | pages visited | requests | exit codes |');
  out('|---|---|---|---|---|---|---|---|');
  for (const tool of size.tools) {
    const cut = tool.cut > 0 ? ` (${tool.cut} cut at the time bound)` : '';
    out(
      `| ${tool.name} ${tool.version} | ${tool.seconds.runs} | ${show(tool.seconds, 1)}${cut} | ${show(tool.pagesPerSecond, 0)} | ${show(tool.peakMb, 0)} | ${tool.pagesSeen.join(', ')} | ${show(tool.requests, 0)} | ${tool.exitCodes.join(', ')} |`,
    );
  }
}

export async function crawlSection(workDir: string, reps: number, out: (line?: string) => void): Promise<void> {
  const o = options();
  const { tools, skipped } = await crawlTools(o.names, reps, o.wgetReps);
  out();
  out(
    `## 8. Crawl: a generated site on loopback (node:http in its own process), concurrency ${CRAWL_CONCURRENCY}, no rate cap`,
  );
  out();
  out(
    'Pages visited are counted by the site (distinct pages served to a GET); pages/s divides them by the wall time, start-up included. wget fetches one URL at a time (it has no concurrency).',
  );
  for (const skip of skipped) out(`\nSkipped ${skip.name}: ${skip.reason}`);
  if (tools.length === 0) return;
  const sizes = await crawlWorkload(workDir, {
    sizes: o.sizes,
    reps,
    tools,
    timeoutMs: o.timeoutMs,
    peerPages: o.peerPages,
  });
  for (const size of sizes) {
    out();
    out(`### ${size.pages.toLocaleString('en')} pages`);
    out();
    table(size, out);
    const incomplete = incompleteTools(size);
    out();
    out(
      incomplete.length === 0
        ? `Every tool visited all ${size.pages} pages in every run.`
        : `**Not every page visited** by: ${incomplete.join('; ')}.`,
    );
    if (size.tools.some((tool) => tool.cut > 0)) {
      out(
        'A run cut at the time bound is given the rate and the peak of what it did until then: a tool that slows down or grows as it goes is flattered by both.',
      );
    }
  }
  const targets = crawlTargets(sizes);
  out();
  for (const t of targets.perSize) {
    const speedup = t.speedup === undefined ? '—' : `${t.speedup.toFixed(2)}×`;
    out(
      `${t.pages} pages: hoplens / linkinator pages/s ${speedup} (target ≥ 3: ${verdict(t.speedup === undefined ? undefined : t.speedup >= 3)}); less memory than linkinator: ${verdict(t.lessMemory)}`,
    );
  }
  const flat = targets.flat === undefined ? '—' : `${targets.flat.toFixed(2)}×`;
  out(
    `hoplens peak RSS, 100,000 pages / 10,000 pages: ${flat} (target ≤ 1.2: ${verdict(targets.flat === undefined ? undefined : targets.flat <= 1.2)})`,
  );
}
