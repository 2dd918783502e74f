// Builds everything `npm start`, `npx hoplens` and `import 'hoplens'` need: the TypeScript library, service and CLI
// into dist/, and the web page's static files into dist/web/public/. Run by `npm ci` (prepare) and `npm run build`.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

// dist/ is overwritten in place rather than wiped, so a build never pulls files from under a running test.
try {
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
} catch {
  console.error('build: TypeScript compilation failed (errors above)');
  process.exit(1);
}

const client = join(root, 'src', 'web', 'client');
const publicDir = join(dist, 'web', 'public');
if (existsSync(join(client, 'main.ts'))) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [join(client, 'main.ts')],
    outfile: join(publicDir, 'app.js'),
    bundle: true,
    minify: true,
    sourcemap: true,
    format: 'esm',
    target: ['es2020'],
    logLevel: 'warning',
  });
  mkdirSync(publicDir, { recursive: true });
  for (const file of readdirSync(client)) {
    if (/\.(html|css|svg|ico|png|webmanifest)$/.test(file)) cpSync(join(client, file), join(publicDir, file));
  }
}

const bin = join(dist, 'cli', 'main.js');
if (existsSync(bin)) chmodSync(bin, 0o755);
