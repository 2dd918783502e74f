/**
 * Workload 5: rendering. Analyses of a loopback page whose script redirects (a JavaScript redirect, seen only by
 * rendering), by an analysing process holding an Analyzer with a ChromiumRenderer at its default concurrency (2), as
 * the service would, under its default bounds (src/render/render-bounds.ts: 100 requests, 6 at once, 2 MiB and 20 MiB
 * decoded, 512 MB, the whole render within timeout + renderWait); against the same analyses without rendering.
 * Reports analyses per second, renders that said they did not finish, the analysing
 * process's peak RSS, and the peaks of the summed RSS and PSS of its Chromium processes. No target: figures only.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { memoryOf } from '../lib/process-stats.js';
import { watchChromium } from '../lib/process-tree.js';
import { type Stat, stat } from '../lib/stats.js';

/** One side of the comparison: rendered or not. */
export interface RenderSide {
  perSecond: Stat;
  /** Peak RSS of the analysing process, MB. */
  clientPeakMb: Stat;
  /** Peak of the summed RSS of the browser's processes, MB (0 without rendering). */
  browserPeakMb: Stat;
  /** Peak of the summed PSS of the browser's processes, MB: shared pages counted once. */
  browserPeakPssMb: Stat;
  /** Hops per analysis (2 when the JavaScript redirect was followed, 1 without rendering). */
  hopsPerAnalysis: number;
  /** Analyses whose render said it did not finish (`render_incomplete`), over all runs. */
  incomplete: number;
}

export interface RenderResult {
  analyses: number;
  callers: number;
  rendered: RenderSide;
  plain: RenderSide;
}

interface ClientRun {
  perSecond: number;
  clientPeakMb: number;
  browserPeakMb: number;
  browserPeakPssMb: number;
  hopsPerAnalysis: number;
  incomplete: number;
}

async function runClient(origin: string, analyses: number, callers: number, render: boolean): Promise<ClientRun> {
  const script = fileURLToPath(new URL('../lib/render-client.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, origin, String(analyses), String(callers), String(render)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid!;
  const browser = watchChromium(pid);
  let clientPeakMb = 0;
  // VmHWM is gone with the process: sample it while it lives.
  const sampler = setInterval(() => {
    const peak = memoryOf(pid)?.peak;
    // An exiting process's status has no VmHWM line any more.
    if (peak !== undefined && Number.isFinite(peak)) clientPeakMb = Math.max(clientPeakMb, peak);
  }, 100);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  clearInterval(sampler);
  const browserPeak = browser.stop();
  if (code !== 0) throw new Error(`render-client exited with ${code}`);
  const result = JSON.parse(output.trim()) as { seconds: number; analyses: number; hops: number; incomplete: number };
  return {
    perSecond: result.analyses / result.seconds,
    clientPeakMb,
    browserPeakMb: browserPeak.rss,
    browserPeakPssMb: browserPeak.pss,
    hopsPerAnalysis: result.hops / result.analyses,
    incomplete: result.incomplete,
  };
}

function side(runs: readonly ClientRun[]): RenderSide {
  return {
    perSecond: stat(runs.map((run) => run.perSecond)),
    clientPeakMb: stat(runs.map((run) => run.clientPeakMb)),
    browserPeakMb: stat(runs.map((run) => run.browserPeakMb)),
    browserPeakPssMb: stat(runs.map((run) => run.browserPeakPssMb)),
    hopsPerAnalysis: runs[0]?.hopsPerAnalysis ?? Number.NaN,
    incomplete: runs.reduce((sum, run) => sum + run.incomplete, 0),
  };
}

/** `analyses` per run, `callers` of them in flight (more than the renderer's 2 slots, so its queue is never empty). */
export async function renderWorkload(reps: number, analyses = 200, callers = 4): Promise<RenderResult> {
  const script = fileURLToPath(new URL('../lib/js-redirect-server.mjs', import.meta.url));
  const target = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [chunk] = (await once(target.stdout!, 'data')) as [Buffer];
    const origin = `http://127.0.0.1:${chunk.toString().trim()}`;
    const rendered: ClientRun[] = [];
    const plain: ClientRun[] = [];
    for (let rep = 0; rep < reps; rep++) {
      rendered.push(await runClient(origin, analyses, callers, true));
      plain.push(await runClient(origin, analyses * 10, callers, false));
    }
    return { analyses, callers, rendered: side(rendered), plain: side(plain) };
  } finally {
    target.kill('SIGTERM');
  }
}
