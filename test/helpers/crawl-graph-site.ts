/**
 * The synthetic site of test/fixtures/crawl-graph/site.mjs, run in its own process, and the link graph it serves,
 * restated here for the tests' expectations.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'crawl-graph', 'site.mjs');

export interface GraphSite {
  origin: string;
  /** Requests so far per `METHOD /path`. */
  hits(): Promise<Record<string, number>>;
  /** The most requests the site had in flight at once, and when its first and last request came (epoch ms). */
  pace(): Promise<{ maxInFlight: number; first: number; last: number }>;
  stop(): Promise<void>;
}

/** Starts the site with `pages` pages, each answer `delayMs` late; rejects after 15 s without its port. */
export async function startGraphSite(pages: number, delayMs: number): Promise<GraphSite> {
  const child: ChildProcess = spawn(process.execPath, [SCRIPT, String(pages), String(delayMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the graph site did not start within 15 s')), 15_000);
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match !== null) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', () => reject(new Error('the graph site exited before listening')));
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    hits: async () =>
      (await (await fetch(`${origin}/__hits`, { signal: AbortSignal.timeout(5_000) })).json()) as Record<
        string,
        number
      >,
    pace: async () =>
      (await (await fetch(`${origin}/__pace`, { signal: AbortSignal.timeout(5_000) })).json()) as {
        maxInFlight: number;
        first: number;
        last: number;
      },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
}

/** The pages page `n` links to (with its anchors), as site.mjs writes them. */
export function graphLinks(n: number, pages: number): { path: string; text: string }[] {
  const links = [(n + 1) % pages, (3 * n + 7) % pages, (7 * n + 3) % pages].map((to) => ({
    path: `/p/${to}`,
    text: `page ${to}`,
  }));
  links.push({ path: `/old/${n}`, text: `old ${n}` });
  if (n % 10 === 0) links.push({ path: `/gone/${n}`, text: `gone ${n}` });
  return links;
}
