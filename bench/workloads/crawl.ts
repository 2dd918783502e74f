/**
 * Crawl workload (issue 31): `hoplens crawl`, linkinator (`--recurse`) and, for reference, `wget --spider -r` crawl a
 * generated site on loopback (bench/lib/site-server.mjs, a process of its own) of 10,000 and 100,000 pages, at the
 * same concurrency (32) and no rate cap; wget has no concurrency at all and fetches one URL at a time.
 *
 * Each tool is judged by the site, not by its own report: pages per second is the distinct pages the site served to a
 * GET during the run over the run's wall time (start-up included), and every tool is expected to visit every page.
 * Peak RSS is that of the tool's whole process tree (bench/lib/tree-run.ts). Repetitions are interleaved, the order of
 * the tools rotating each round, so that a change in the machine's load falls on all of them.
 *
 * Targets: hoplens at least 3× linkinator's pages/s with less memory, and its 100,000-page peak within 1.2× its
 * 10,000-page peak.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkinator, type Peer, wget } from '../lib/peers.js';
import { type SiteCounts, type SiteProcess, startSite } from '../lib/site-process.js';
import { type Stat, stat } from '../lib/stats.js';
import { runTree, type TreeRun } from '../lib/tree-run.js';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
export const CRAWL_CONCURRENCY = 32;

export type ToolName = 'hoplens' | 'linkinator' | 'wget';

export interface Tool {
  name: ToolName;
  version: string;
  /** Rounds this tool runs: wget, one URL at a time, is there for reference and may run fewer. */
  reps: number;
  argv(site: SiteProcess): string[];
  command: string;
}

/** One tool's runs on one site size. */
export interface ToolResult {
  name: ToolName;
  version: string;
  seconds: Stat;
  pagesPerSecond: Stat;
  peakMb: Stat;
  /** Distinct pages each run visited, as the site counted them. */
  pagesSeen: number[];
  /** Requests of all kinds the site answered, per run (pages, redirects, 404s, assets, sitemaps). */
  requests: Stat;
  exitCodes: number[];
  /** Runs ended by the time bound: their rate is of the pages visited until then. */
  cut: number;
}

export interface CrawlSizeResult {
  pages: number;
  tools: ToolResult[];
}

export interface CrawlResult {
  sizes: CrawlSizeResult[];
  /** Tools that could not run, with the reason. */
  skipped: { name: ToolName; reason: string }[];
  timeoutSeconds: number;
}

/** Whether the built CLI has the `crawl` command (it is being built alongside this benchmark). */
function hoplensCrawl(): Peer {
  const help = spawnSync(process.execPath, [CLI, 'crawl', '--help'], { encoding: 'utf8', timeout: 30_000 });
  // Without the command, commander reads `crawl` as the default command's URL and prints the top-level usage.
  if (help.status !== 0 || !/Usage: hoplens crawl\b/.test(help.stdout)) {
    return { ok: false, reason: `\`hoplens crawl\` is not in ${CLI} (not merged yet, or npm run build?)` };
  }
  const version = spawnSync(process.execPath, [CLI, '--version'], { encoding: 'utf8', timeout: 30_000 });
  return { ok: true, command: process.execPath, prefix: [CLI], version: version.stdout.trim() };
}

/**
 * hoplens's command line after `prefix` (Node's flags and the CLI): every page (`--max-pages` far above the site's size,
 * `--max-depth` past its depth), 32 requests at a time to the one host, its report to /dev/null.
 */
export function hoplensArgv(prefix: string[], site: SiteProcess): string[] {
  const c = String(CRAWL_CONCURRENCY);
  // --max-pages counts every URL the crawl fetches as a page, redirects and 404s included (about 1.9× the site's pages
  // here), so the bound is set well above them.
  const limits = ['--max-pages', String(site.pages * 4), '--max-depth', '1000'];
  return [
    ...prefix,
    'crawl',
    site.url,
    '--concurrency',
    c,
    '--per-host',
    c,
    ...limits,
    '--format',
    'ndjson',
    '--output',
    '/dev/null',
  ];
}

/**
 * Each tool's command line. linkinator: `--recurse` at the same concurrency, nothing printed. wget: `--spider -r
 * --level=inf`, robots.txt ignored (the site allows everything anyway), quiet.
 */
function argvFor(name: ToolName, prefix: string[], site: SiteProcess): string[] {
  switch (name) {
    case 'hoplens':
      return hoplensArgv(prefix, site);
    case 'linkinator':
      return [...prefix, site.url, '--recurse', '--concurrency', String(CRAWL_CONCURRENCY), '--verbosity', 'none'];
    case 'wget':
      return [...prefix, '--spider', '-r', '-nd', '-e', 'robots=off', '--level=inf', '-q', site.url];
  }
}

/** The tools that can run here; the others with the reason they cannot. */
export async function crawlTools(names: readonly ToolName[], reps: number, wgetReps: number) {
  const tools: Tool[] = [];
  const skipped: { name: ToolName; reason: string }[] = [];
  for (const name of names) {
    const peer = name === 'hoplens' ? hoplensCrawl() : name === 'linkinator' ? await linkinator() : wget();
    if (!peer.ok) {
      skipped.push({ name, reason: peer.reason });
      continue;
    }
    tools.push({
      name,
      version: peer.version,
      reps: name === 'wget' ? Math.min(reps, wgetReps) : reps,
      command: peer.command,
      argv: (site) => argvFor(name, peer.prefix, site),
    });
  }
  return { tools, skipped };
}

interface Run {
  run: TreeRun;
  counts: SiteCounts;
}

async function measure(tool: Tool, site: SiteProcess, workDir: string, timeoutMs: number): Promise<Run> {
  await site.reset();
  // wget writes (and, as a spider, deletes) what it fetches in its working directory: one of its own.
  const cwd = join(workDir, `crawl-${tool.name}`);
  rmSync(cwd, { recursive: true, force: true });
  mkdirSync(cwd, { recursive: true });
  const run = await runTree(tool.command, tool.argv(site), { cwd, timeoutMs });
  const counts = await site.counts();
  if (counts.pages === 0) {
    process.stderr.write(`${tool.name} visited no page (exit ${run.code}):\n${run.stderrTail.slice(-1500)}\n`);
  }
  return { run, counts };
}

function summarise(tool: Tool, runs: Run[]): ToolResult {
  return {
    name: tool.name,
    version: tool.version,
    seconds: stat(runs.map((r) => r.run.seconds)),
    pagesPerSecond: stat(runs.map((r) => r.counts.pages / r.run.seconds)),
    peakMb: stat(runs.map((r) => r.run.peakMb)),
    pagesSeen: runs.map((r) => r.counts.pages),
    requests: stat(runs.map((r) => r.counts.requests)),
    exitCodes: runs.map((r) => r.run.code),
    cut: runs.filter((r) => r.run.timedOut).length,
  };
}

/**
 * Crawls a site of each size with every tool, `reps` interleaved rounds, rotating the tools' order each round; the
 * peers only sites of up to `peerPages` pages.
 */
export async function crawlWorkload(
  workDir: string,
  options: { sizes: number[]; reps: number; tools: Tool[]; timeoutMs: number; peerPages: number },
): Promise<CrawlSizeResult[]> {
  const results: CrawlSizeResult[] = [];
  for (const pages of options.sizes) {
    const tools = options.tools.filter((tool) => tool.name === 'hoplens' || pages <= options.peerPages);
    const site = await startSite(pages);
    const runs = new Map<ToolName, Run[]>(tools.map((tool) => [tool.name, []]));
    try {
      for (let round = 0; round < options.reps; round++) {
        const order = tools.map((_, i) => tools[(i + round) % tools.length]!);
        for (const tool of order) {
          if (runs.get(tool.name)!.length >= tool.reps) continue;
          const run = await measure(tool, site, workDir, options.timeoutMs);
          runs.get(tool.name)!.push(run);
          const { seconds, peakMb, code } = run.run;
          console.error(
            `crawl ${pages}: ${tool.name} ${run.counts.pages} pages in ${seconds.toFixed(1)} s, peak ${peakMb.toFixed(0)} MB, exit ${code}${run.run.timedOut ? ' (cut by the time bound)' : ''}`,
          );
        }
      }
    } finally {
      await site.stop();
    }
    results.push({ pages, tools: tools.map((tool) => summarise(tool, runs.get(tool.name)!)) });
  }
  return results;
}

/** The issue's targets, each `undefined` when a tool or a size it needs did not run. */
export function crawlTargets(sizes: readonly CrawlSizeResult[]) {
  const find = (size: CrawlSizeResult | undefined, name: ToolName) => size?.tools.find((t) => t.name === name);
  const perSize = sizes.map((size) => {
    const hoplens = find(size, 'hoplens');
    const peer = find(size, 'linkinator');
    if (hoplens === undefined || peer === undefined)
      return { pages: size.pages, speedup: undefined, lessMemory: undefined };
    return {
      pages: size.pages,
      speedup: hoplens.pagesPerSecond.median / peer.pagesPerSecond.median,
      lessMemory: hoplens.peakMb.median < peer.peakMb.median,
    };
  });
  const small = find(
    sizes.find((s) => s.pages === 10_000),
    'hoplens',
  );
  const large = find(
    sizes.find((s) => s.pages === 100_000),
    'hoplens',
  );
  const flat = small !== undefined && large !== undefined ? large.peakMb.median / small.peakMb.median : undefined;
  return { perSize, flat };
}

/** Tools that did not visit every page of the site in every run, with what they saw. */
export function incompleteTools(size: CrawlSizeResult): string[] {
  return size.tools
    .filter((tool) => tool.pagesSeen.some((seen) => seen !== size.pages))
    .map(
      (tool) =>
        `${tool.name} (${tool.pagesSeen.join(', ')} of ${size.pages}${tool.cut > 0 ? `; ${tool.cut} run(s) cut by the time bound` : ''})`,
    );
}
