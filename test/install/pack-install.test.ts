/**
 * hoplens outside its clone (README.md "Install"): the package made by `npm pack`, installed into an empty directory
 * as a user would, then used from there as `npx hoplens`, `npx hoplens serve` and `import('hoplens')`. Packed and
 * installed once per run, shared by the cases.
 *
 * It packs with `--ignore-scripts`: `prepare` (scripts/build.mjs) empties dist/ before building, and other test files
 * spawn dist/ meanwhile; test/global-setup.ts has already built dist/ from the current sources, and the tarball is
 * checked below for anything that has no source (a stale module).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, ROOT } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

const run = promisify(execFile);

/** Generous bounds: the install downloads the dependencies when the npm cache does not have them (a fresh CI box). */
const INSTALL_TIMEOUT_MS = 180_000;
const COMMAND_TIMEOUT_MS = 30_000;

const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

/** `npm pack --json`'s description of the tarball. */
interface Packed {
  filename: string;
  files: Array<{ path: string; mode: number }>;
}

/**
 * The environment for npm and the installed command: this process's, without the `npm_*` variables that `npm test`
 * sets for its own run (`npm_config_*` would configure the nested npm as if given on its command line).
 */
function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.toLowerCase().startsWith('npm_')) env[name] = value;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Where the build puts the chunks of the bundled `hoplens` executable. */
const CHUNKS = 'dist/cli-chunks/';

/** The package paths of the chunks a bundle file imports, statically or dynamically, and those they import. */
function chunksImportedFrom(file: string, found = new Set<string>()): Set<string> {
  for (const match of readFileSync(file, 'utf8').matchAll(/(?:from\s*|import\s*\(?\s*)"(\.\.?\/[^"]+\.js)"/g)) {
    const target = resolve(dirname(file), match[1]!);
    const path = relative(ROOT, target);
    if (!path.startsWith(CHUNKS) || found.has(path)) continue;
    found.add(path);
    chunksImportedFrom(target, found);
  }
  return found;
}

let work: string;
let app: string;
let packed: Packed;
let target: TestServer;
let serving: ServeProcess | undefined;
const started: ChildProcess[] = [];

beforeAll(
  async () => {
    assertBuilt();
    work = await mkdtemp(join(tmpdir(), 'hoplens-install-test-'));
    const packDir = join(work, 'pack');
    app = join(work, 'app');
    await Promise.all([mkdir(packDir), mkdir(app)]);
    const pack = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], {
      cwd: ROOT,
      env: cleanEnv(),
      timeout: COMMAND_TIMEOUT_MS,
    });
    packed = (JSON.parse(pack.stdout) as Packed[])[0]!;
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', join(packDir, packed.filename)],
      { cwd: app, env: cleanEnv(), timeout: INSTALL_TIMEOUT_MS },
    );
    target = await startRedirectServer({
      '/old': { status: 301, location: '/new' },
      '/new': { status: 200, body: 'new' },
    });
  },
  INSTALL_TIMEOUT_MS + 2 * COMMAND_TIMEOUT_MS,
);

afterAll(async () => {
  await serving?.kill();
  for (const child of started) child.kill('SIGKILL');
  await target?.close();
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

/**
 * `npx hoplens ...` in the install directory, as the docs write it. `npm_config_yes=false` makes npx fail rather than
 * fetch a package of that name from the registry, should the local install be broken.
 */
function npxHoplens(args: string[]) {
  return run('npx', ['hoplens', ...args], {
    cwd: app,
    env: cleanEnv({ npm_config_yes: 'false' }),
    timeout: COMMAND_TIMEOUT_MS,
  });
}

describe('the packed package', () => {
  it('holds the built library, CLI and web page, the policy file schema, and nothing else', () => {
    const paths = packed.files.map((file) => file.path);
    for (const path of ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts']) {
      expect(paths).toContain(path);
    }
    for (const path of ['index.html', 'app.js', 'styles.css', 'favicon.svg']) {
      expect(paths).toContain(`dist/web/public/${path}`);
    }
    expect(paths).toContain('schema/hoplens.config.schema.json');
    const shipped = /^(dist\/|schema\/hoplens\.config\.schema\.json$|package\.json$|README\.md$|LICENSE$)/;
    expect(paths.filter((path) => !shipped.test(path))).toEqual([]);
    // The bin is executable in the tarball, so npm links a runnable `hoplens`.
    const bin = packed.files.find((file) => file.path === 'dist/cli/main.js');
    expect(bin !== undefined && (bin.mode & 0o111) !== 0).toBe(true);
  });

  it('has no stale module: every compiled file outside the page comes from a source in src/', () => {
    const compiled = packed.files
      .map((file) => file.path)
      .filter((path) => path.startsWith('dist/') && !path.startsWith('dist/web/public/') && !path.startsWith(CHUNKS));
    expect(compiled.length).toBeGreaterThan(50);
    const orphans = compiled.filter((path) => {
      const source = path.replace(/^dist\//, 'src/').replace(/\.(js|d\.ts)(\.map)?$/, '.ts');
      return !existsSync(join(ROOT, source));
    });
    expect(orphans).toEqual([]);
  });

  it("holds exactly the executable's bundle chunks that dist/cli/main.js imports (scripts/build-cli.mjs)", () => {
    const chunks = packed.files.map((file) => file.path).filter((path) => path.startsWith(CHUNKS));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.sort()).toEqual([...chunksImportedFrom(join(ROOT, 'dist', 'cli', 'main.js'))].sort());
  });
});

describe('installed from the tarball into an empty directory', () => {
  it('npx hoplens --version prints the package version', async () => {
    const { stdout } = await npxHoplens(['--version']);
    expect(stdout.trim()).toBe(PACKAGE.version);
  });

  it('npx hoplens URL --json traces a redirect chain', async () => {
    const { stdout } = await npxHoplens([`${target.origin}/old`, '--json']);
    const result = JSON.parse(stdout) as { success: boolean; chain: Array<{ url: string; status: number }> };
    expect(result.success).toBe(true);
    expect(result.chain.map((hop) => [hop.url, hop.status])).toEqual([
      [`${target.origin}/old`, 301],
      [`${target.origin}/new`, 200],
    ]);
  });

  // The installed command itself (what `npx hoplens` runs, through npm and a shell): a SIGTERM sent to npx kills npx
  // and leaves its grandchild running, so a supervisor runs the command, not npx (docs/api.md).
  it('hoplens serve serves /healthz and the web page, and stops on SIGTERM', async () => {
    serving = await startServe({
      command: join(app, 'node_modules', '.bin', 'hoplens'),
      args: ['serve', '--port', '0', '--host', '127.0.0.1'],
      cwd: app,
      env: cleanEnv(),
      timeoutMs: COMMAND_TIMEOUT_MS,
    });
    const health = await request(`${serving.origin}/healthz`);
    expect(await health.body.json()).toEqual({ status: 'ok' });
    const page = await request(`${serving.origin}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = await page.body.text();
    // The built page (dist/web/public/index.html), not the placeholder served when it is missing.
    expect(html).toContain('app.js');
    const script = await request(`${serving.origin}/app.js`);
    expect(script.statusCode).toBe(200);
    await script.body.dump();
    serving.child.kill('SIGTERM');
    expect(await serving.exited).toEqual({ code: 0, signal: null });
  });

  it("import('hoplens') gives the library", async () => {
    const script = `
      const { analyze, PACKAGE_VERSION } = await import('hoplens');
      const result = await analyze(process.argv[1], { blockPrivate: false });
      console.log(JSON.stringify({ version: PACKAGE_VERSION, finalUrl: result.summary.finalUrl, hops: result.chain.length }));
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, `${target.origin}/old`], {
      cwd: app,
      env: cleanEnv(),
    });
    started.push(child);
    const { stdout } = await new Promise<{ stdout: string }>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        err += chunk;
      });
      child.on('close', (code) => (code === 0 ? resolve({ stdout: out }) : reject(new Error(`exit ${code}: ${err}`))));
    });
    expect(JSON.parse(stdout)).toEqual({ version: PACKAGE.version, finalUrl: `${target.origin}/new`, hops: 2 });
  });
});
