/**
 * Runs once, before any test file (vitest's globalSetup): brings dist/ up to date with the sources by running
 * `npm run build`'s script when a built entry point is missing or older than a source. The build empties dist/ first,
 * so it must never run while a test spawns dist/ (the service process, the `hoplens` binary); here none has started.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What the tests spawn or serve from dist/; the page's script is written last, after the TypeScript build. */
const BUILT = [
  'dist/index.js',
  'dist/service/main.js',
  'dist/cli/main.js',
  'dist/report/report-view.js',
  'dist/web/public/app.js',
];

/** What the build is made from. */
const SOURCES = ['src', 'scripts', 'tsconfig.build.json'];

function newestMtime(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function upToDate(): boolean {
  const built = BUILT.map((file) => join(root, file));
  if (!built.every((file) => existsSync(file))) return false;
  const oldestBuilt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return SOURCES.every((source) => newestMtime(join(root, source)) <= oldestBuilt);
}

export default function setup(): void {
  if (upToDate()) return;
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'pipe', timeout: 180_000 });
}
