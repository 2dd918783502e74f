// Builds everything `npm start`, `npx hoplens` and `import 'hoplens'` need: the TypeScript library, service and CLI
// into dist/, and the web page's static files into dist/web/public/. Run by `npm ci` (prepare) and `npm run build`.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCli } from './build-cli.mjs';
import { buildClient, CLIENT_DIR } from './build-client.mjs';
import { buildReportView } from './build-report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

// dist/ starts empty, so a renamed or deleted module is never served or published stale. Tests never build while
// other tests use dist/: the build runs once, before any test file, in test/global-setup.ts.
rmSync(dist, { recursive: true, force: true });
try {
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
} catch {
  console.error('build: TypeScript compilation failed (errors above)');
  process.exit(1);
}

await buildCli(dist);
await buildReportView(join(dist, 'report'));
if (existsSync(join(CLIENT_DIR, 'main.ts'))) await buildClient(join(dist, 'web', 'public'));

const bin = join(dist, 'cli', 'main.js');
if (existsSync(bin)) chmodSync(bin, 0o755);
