/**
 * The crawl benchmark's generated site (bench/lib/site-server.mjs) in a process of its own: started for a page count,
 * asked for what it served (the benchmark's count of pages a tool visited), reset between runs, stopped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('./site-server.mjs', import.meta.url));

/** What the site served since the last reset (bench/lib/site-server.mjs `counts`). */
export interface SiteCounts {
  /** The pages the site has. */
  total: number;
  /** Distinct pages served to a GET: the pages a tool visited. */
  pages: number;
  pageGets: number;
  pageHeads: number;
  requests: number;
  redirects: number;
  notFound: number;
  assets: number;
  sitemaps: number;
}

export interface SiteProcess {
  pages: number;
  /** `http://127.0.0.1:PORT/`: the home page, where every tool starts. */
  url: string;
  pid: number;
  counts(): Promise<SiteCounts>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

async function control(base: string, path: string, method: 'GET' | 'POST'): Promise<SiteCounts> {
  const response = await fetch(new URL(path, base), { method, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`site server ${path}: HTTP ${response.status}`);
  return (await response.json()) as SiteCounts;
}

/** Starts the site and resolves once it has printed its port (within `waitMs`). */
export async function startSite(pages: number, waitMs = 15_000): Promise<SiteProcess> {
  const child: ChildProcess = spawn(process.execPath, [SERVER, String(pages)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`site server did not start within ${waitMs} ms`)), waitMs);
    child.once('exit', (code) => reject(new Error(`site server exited ${code} before listening`)));
    child.stdout!.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      resolve(Number(chunk.toString().trim()));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const url = `http://127.0.0.1:${port}/`;
  return {
    pages,
    url,
    pid: child.pid!,
    counts: () => control(url, '/__bench/stats', 'GET'),
    reset: async () => {
      await control(url, '/__bench/reset', 'POST');
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
