/**
 * `npm run bench:profile`: runs the engine-overhead loop (workload 1, hoplens only) under `node --cpu-prof` and
 * prints the functions with the most self time. The raw profile is left in bench/.work/ for Chrome DevTools.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

const here = fileURLToPath(new URL('.', import.meta.url));
const dir = join(here, '.work', 'profile');
if (process.argv[2] !== '--child') rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

if (process.argv[2] === '--child') {
  const { Analyzer } = await import('../dist/index.js');
  const { startNginx } = await import('./lib/nginx.js');
  const nginx = await startNginx(join(here, '.work'));
  const analyzer = new Analyzer();
  const url = `http://127.0.0.1:${nginx.port}/r5/profile`;
  for (let i = 0; i < 6000; i++) await analyzer.analyze(url, { allowNetworks: ['127.0.0.0/8'] });
  await analyzer.close();
  await nginx.stop();
} else {
  const run = spawnSync(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', fileURLToPath(import.meta.url), '--child'],
    { stdio: 'inherit' },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
  // One profile per thread (tsx runs a loader thread too): the main thread's is the busiest.
  const busiest = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => {
      const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { nodes: ProfileNode[] };
      const busy = profile.nodes.reduce(
        (sum, node) => sum + (node.callFrame.functionName === '(idle)' ? 0 : node.hitCount),
        0,
      );
      return { name, profile, busy };
    })
    .sort((a, b) => b.busy - a.busy)[0]!;
  const { profile, name: file } = busiest;
  const total = profile.nodes.reduce((sum, node) => sum + node.hitCount, 0);
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const where = node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/hoplens\//, '');
    const key = `${node.callFrame.functionName || '(anonymous)'}  ${where.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + node.hitCount);
  }
  const top = [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
  console.log(`profile: ${join(dir, file)} (${total} samples)`);
  for (const [name, hits] of top) console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
}
