/**
 * Workload 2: `hoplens check` on 10,000 URLs (3-redirect chains spread over 20 loopback hosts) at concurrency 50,
 * against `xargs -P 50 curl -L` on the same list and against the bare undici loop at the same concurrency. The bare
 * loop runs both as a command of its own (a fresh process reading the same list: the like-for-like comparison, and the
 * target) and inside the warm benchmark process (for reference: no start-up, no reading, no output).
 * Then 5,000 URLs of 5-redirect chains (six requests each) against `xargs -P 50 curl -L`, start-up included: where
 * curl's process per URL is paid once per chain and hoplens's per request. Then 100,000 URLs: the CLI's peak RSS must
 * stay flat. Targets (issue 33): ≤ 1.10× the bare loop as a command; ≥ 12× xargs+curl on the six-request chains; peak
 * RSS ≤ 200 MB and ≤ 1.2× the 10,000-URL peak.
 */
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createBareTracer } from '../lib/bare-loop.mjs';
import type { Nginx } from '../lib/nginx.js';
import { runPool } from '../lib/pool.js';
import { type Stat, stat } from '../lib/stats.js';
import { timed } from '../lib/timed.js';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const BARE_CHECK = fileURLToPath(new URL('../lib/bare-check.mjs', import.meta.url));
const CONCURRENCY = 50;

export interface BulkResult {
  urls: number;
  hoplensSeconds: Stat;
  hoplensPeakMb: Stat;
  /** The bare loop as a command of its own: a fresh process reading the same list, like `hoplens check`. */
  bareProcessSeconds: Stat;
  bareProcessPeakMb: Stat;
  /** The bare loop inside the (already warm) benchmark process: no start-up, no reading, no output. */
  bareSeconds: Stat;
  curlSeconds: Stat;
  speedupOverCurl: number;
  /** hoplens check against the bare loop run the same way (a process of its own): the target. */
  ratioToBare: number;
  /** hoplens check against the bare loop inside the warm benchmark process. */
  ratioToBareInProcess: number;
  large?: { urls: number; seconds: number; peakMb: number; ratioToSmallPeak: number };
  /** 5,000 URLs of six-request chains (5 redirects): hoplens check and xargs+curl, start-up included. */
  sixRequests: {
    urls: number;
    hoplensSeconds: Stat;
    curlSeconds: Stat;
    speedupOverCurl: number;
    /** The bare loop as a command of its own (bench/lib/bare-check.mjs) on the same list: what any Node client reaches. */
    bareProcessSeconds: Stat;
    bareSpeedupOverCurl: number;
  };
}

function urlsFor(nginx: Nginx, count: number, tag: string, redirects = 3): string[] {
  return Array.from(
    { length: count },
    (_, i) => `http://${nginx.hosts[i % nginx.hosts.length]}:${nginx.port}/r${redirects}/${tag}${i}`,
  );
}

async function writeList(path: string, urls: readonly string[]): Promise<void> {
  const out = createWriteStream(path);
  for (const url of urls)
    if (!out.write(`${url}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

async function xargsCurl(list: string): Promise<number> {
  const command = `xargs -P ${CONCURRENCY} -n 1 curl -s -o /dev/null -L -w '%{http_code}\\n' < ${list}`;
  return (await timed(command, [], true)).seconds;
}

/** 5,000 five-redirect chains, hoplens check and xargs+curl taking turns. */
async function sixRequestChains(nginx: Nginx, workDir: string, reps: number): Promise<BulkResult['sixRequests']> {
  const urls = urlsFor(nginx, 5_000, 's', 5);
  const list = join(workDir, 'bulk-5k-six.txt');
  await writeList(list, urls);
  const hoplens: number[] = [];
  const curl: number[] = [];
  const bare: number[] = [];
  for (let rep = 0; rep < Math.max(1, Math.min(reps, 2)); rep++) {
    const run = await hoplensCheck(list);
    // Exit 1 is the verdict (a 5-redirect chain is a redirect_chain error), not a failure to run.
    if (run.code !== 0 && run.code !== 1) throw new Error(`hoplens check (six requests) exited ${run.code}`);
    hoplens.push(run.seconds);
    const bareRun = await timed(process.execPath, [BARE_CHECK, list, String(CONCURRENCY)]);
    if (bareRun.code !== 0) throw new Error(`bare-check (six requests) exited ${bareRun.code}`);
    bare.push(bareRun.seconds);
    curl.push(await xargsCurl(list));
  }
  return {
    urls: urls.length,
    hoplensSeconds: stat(hoplens),
    curlSeconds: stat(curl),
    speedupOverCurl: stat(curl).median / stat(hoplens).median,
    bareProcessSeconds: stat(bare),
    bareSpeedupOverCurl: stat(curl).median / stat(bare).median,
  };
}

function hoplensCheck(list: string) {
  return timed(process.execPath, [
    CLI,
    'check',
    list,
    '--input',
    'list',
    '--concurrency',
    String(CONCURRENCY),
    '--per-host',
    String(CONCURRENCY),
    '--format',
    'ndjson',
    '--output',
    '/dev/null',
  ]);
}

export async function bulk(nginx: Nginx, workDir: string, reps: number, count = 10_000, largeCount = 100_000) {
  const urls = urlsFor(nginx, count, 'u');
  const list = join(workDir, 'bulk-10k.txt');
  await writeList(list, urls);

  const hoplens: number[] = [];
  const peaks: number[] = [];
  const bareProcess: number[] = [];
  const bareProcessPeaks: number[] = [];
  const bare: number[] = [];
  for (let rep = 0; rep < reps; rep++) {
    const run = await hoplensCheck(list);
    if (run.code !== 0) throw new Error(`hoplens check exited ${run.code}`);
    hoplens.push(run.seconds);
    peaks.push(run.peakMb);
    const bareRun = await timed(process.execPath, [BARE_CHECK, list, String(CONCURRENCY)]);
    if (bareRun.code !== 0) throw new Error(`bare-check exited ${bareRun.code}`);
    bareProcess.push(bareRun.seconds);
    bareProcessPeaks.push(bareRun.peakMb);
    const tracer = createBareTracer();
    const started = performance.now();
    await runPool(urls, CONCURRENCY, (url) => tracer.trace(url));
    bare.push((performance.now() - started) / 1000);
    await tracer.agent.close();
  }
  // xargs+curl is slow (a process per URL); one run is enough to know the order of magnitude.
  const curlRuns: number[] = [];
  for (let rep = 0; rep < Math.max(1, Math.min(reps, 2)); rep++) curlRuns.push(await xargsCurl(list));
  const sixRequests = await sixRequestChains(nginx, workDir, reps);
  const result: BulkResult = {
    sixRequests,
    urls: count,
    hoplensSeconds: stat(hoplens),
    hoplensPeakMb: stat(peaks),
    bareProcessSeconds: stat(bareProcess),
    bareProcessPeakMb: stat(bareProcessPeaks),
    bareSeconds: stat(bare),
    curlSeconds: stat(curlRuns),
    speedupOverCurl: stat(curlRuns).median / stat(hoplens).median,
    ratioToBare: stat(hoplens).median / stat(bareProcess).median,
    ratioToBareInProcess: stat(hoplens).median / stat(bare).median,
  };
  if (largeCount > 0) {
    const largeList = join(workDir, 'bulk-100k.txt');
    await writeList(largeList, urlsFor(nginx, largeCount, 'v'));
    const run = await hoplensCheck(largeList);
    if (run.code !== 0) throw new Error(`hoplens check (large) exited ${run.code}`);
    result.large = {
      urls: largeCount,
      seconds: run.seconds,
      peakMb: run.peakMb,
      ratioToSmallPeak: run.peakMb / stat(peaks).median,
    };
  }
  return result;
}
