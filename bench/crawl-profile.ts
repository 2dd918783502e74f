/**
 * `npx tsx bench/crawl-profile.ts [PAGES]`: one `hoplens crawl` of the crawl benchmark's generated site (10,000 pages
 * by default) under `node --cpu-prof`, as the benchmark runs it (bench/workloads/crawl.ts), then the functions and files
 * with the most self time, what the site served, and the peak RSS. The profile is left in bench/.work/crawl-profile/
 * for Chrome DevTools. Needs the built CLI (`npm run build`).
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selfTime } from './lib/cpu-profile.js';
import { startSite } from './lib/site-process.js';
import { runTree } from './lib/tree-run.js';
import { CRAWL_CONCURRENCY, hoplensArgv } from './workloads/crawl.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const dir = fileURLToPath(new URL('./.work/crawl-profile/', import.meta.url));
const pages = Number(process.argv[2] ?? 10_000);

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const site = await startSite(pages);
try {
  const argv = hoplensArgv(['--cpu-prof', `--cpu-prof-dir=${dir}`, CLI], site);
  const run = await runTree(process.execPath, argv, { timeoutMs: 1_800_000 });
  const counts = await site.counts();
  console.log(
    `hoplens crawl, ${pages} pages, concurrency ${CRAWL_CONCURRENCY}: ${counts.pages} visited in ${run.seconds.toFixed(1)} s (${(counts.pages / run.seconds).toFixed(0)} pages/s), ${counts.requests} requests, peak RSS ${run.peakMb.toFixed(0)} MB, exit ${run.code}`,
  );
  if (run.code !== 0 && run.code !== 1) console.log(run.stderrTail);
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error(`no profile in ${dir}`);
  const { samples, functions, files } = selfTime(join(dir, file));
  console.log(`\nprofile: ${join(dir, file)} (${samples} busy samples)\n\nself time by file:`);
  for (const f of files) console.log(`${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);
  console.log('\nself time by function:');
  for (const f of functions) console.log(`${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);
} finally {
  await site.stop();
}
