/**
 * hoplens outside its clone (README.md "Install"): the package made by `npm pack`, installed into an empty directory
 * as a user would, then used from there as `npx hoplens`, `npx hoplens serve` and `import('hoplens')`, and every
 * command run from the installed executable (test/install/installed-commands.ts, installed-service.ts). Packed and
 * installed once per run, shared by the cases (test/install/installed-package.ts).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBundleSound } from '../../scripts/build-cli.mjs';
import { assertBuilt, ROOT } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';
import { describeInstalledCommands } from './installed-commands.js';
import { describeInstalledLibrary } from './installed-library.js';
import {
  COMMAND_TIMEOUT_MS,
  cleanEnv,
  INSTALL_TIMEOUT_MS,
  type Installed,
  installedBin,
  packAndInstall,
} from './installed-package.js';
import { describeInstalledService } from './installed-service.js';
import { describeInstalledSharedCrawl } from './installed-shared-crawl.js';

const run = promisify(execFile);

const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

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

let installed: Installed;
let target: TestServer;
let serving: ServeProcess | undefined;
const started: ChildProcess[] = [];

beforeAll(
  async () => {
    assertBuilt();
    installed = await packAndInstall();
    // Seen in the run's output: the one pack and install every case here shares.
    console.info(`test/install: npm install of the tarball took ${installed.installMs} ms`);
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
  if (installed !== undefined) await rm(installed.work, { recursive: true, force: true });
});

/**
 * `npx hoplens ...` in the install directory, as the docs write it. `npm_config_yes=false` makes npx fail rather than
 * fetch a package of that name from the registry, should the local install be broken.
 */
function npxHoplens(args: string[]) {
  return run('npx', ['hoplens', ...args], {
    cwd: installed.app,
    env: cleanEnv({ npm_config_yes: 'false' }),
    timeout: COMMAND_TIMEOUT_MS,
  });
}

describe('the packed package', () => {
  it('holds the built library, CLI and web page, the policy file schema, the docs, and nothing else', () => {
    const paths = installed.packed.files.map((file) => file.path);
    for (const path of ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts']) {
      expect(paths).toContain(path);
    }
    // report-view.*: the many-URLs mode's HTML download inlines them (scripts/build-client.mjs).
    for (const path of ['index.html', 'app.js', 'styles.css', 'favicon.svg', 'report-view.js', 'report-view.css']) {
      expect(paths).toContain(`dist/web/public/${path}`);
    }
    expect(paths).toContain('schema/hoplens.config.schema.json');
    // Every finding's own help, docs/issues.md#<type>, is a file of the package (src/core/issues/help.ts).
    expect(paths).toContain('docs/issues.md');
    expect(paths).toContain('docs/oracles/nginx.md');
    expect(paths).toContain('docs/oracles/README.md');
    // docs/oracles/: what hoplens predicts against what the real servers do, per format, indexed by its README.md.
    const shipped =
      /^(dist\/|docs\/(oracles\/)?[a-z-]+\.md$|docs\/oracles\/README\.md$|schema\/hoplens\.config\.schema\.json$|package\.json$|README\.md$|LICENSE$|SECURITY\.md$|BENCHMARKS\.md$|bench\/results[a-z-]*\.md$)/;
    expect(paths.filter((path) => !shipped.test(path))).toEqual([]);
    // The bin is executable in the tarball, so npm links a runnable `hoplens`.
    const bin = installed.packed.files.find((file) => file.path === 'dist/cli/main.js');
    expect(bin !== undefined && (bin.mode & 0o111) !== 0).toBe(true);
  });

  it('ships every file its own pages link to (SECURITY.md, BENCHMARKS.md and its figures were left out)', () => {
    const paths = new Set(installed.packed.files.map((file) => file.path));
    const missing: string[] = [];
    for (const page of [...paths].filter((path) => path.endsWith('.md'))) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      // Relative links only: a URL or a path on the service (/docs/...) is not a file of the package.
      for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target!) || target!.startsWith('/')) continue;
        const path = relative(ROOT, resolve(ROOT, dirname(page), target!));
        if (!paths.has(path)) missing.push(`${page} -> ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });

  // Files esbuild bundles from many sources, not compiled one for one: the page, the HTML report's view
  // (scripts/build-report.mjs) and the executable's chunks.
  const BUNDLED = ['dist/web/public/', 'dist/report/report-view.', 'dist/report/static-page.css', CHUNKS];
  it('has no stale module: every compiled file outside the bundles comes from a source in src/', () => {
    const compiled = installed.packed.files
      .map((file) => file.path)
      .filter((path) => path.startsWith('dist/') && !BUNDLED.some((prefix) => path.startsWith(prefix)));
    expect(compiled.length).toBeGreaterThan(50);
    const orphans = compiled.filter((path) => {
      const source = path.replace(/^dist\//, 'src/').replace(/\.(js|d\.ts)(\.map)?$/, '.ts');
      return !existsSync(join(ROOT, source));
    });
    expect(orphans).toEqual([]);
  });

  it("holds exactly the executable's bundle chunks that dist/cli/main.js imports (scripts/build-cli.mjs)", () => {
    const chunks = installed.packed.files.map((file) => file.path).filter((path) => path.startsWith(CHUNKS));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.sort()).toEqual([...chunksImportedFrom(join(ROOT, 'dist', 'cli', 'main.js'))].sort());
  });
});

describe('the bundled executable (scripts/build-cli.mjs)', () => {
  it('imports from undici only names undici exports, and reads no __dirname: the build checks it', () => {
    expect(() => assertBundleSound(join(ROOT, 'dist'))).not.toThrow();
  });

  it('fails the build on a name the bundle would not find, or a module looking for its files by __dirname', async () => {
    const dist = join(installed.work, 'fake-dist');
    await mkdir(join(dist, 'cli'), { recursive: true });
    await mkdir(join(dist, 'cli-chunks'));
    await writeFile(join(dist, 'cli', 'main.js'), '// program.executableDir(__dirname) in a comment is fine\n');
    await writeFile(join(dist, 'cli-chunks', 'a.js'), 'await (0, import_undici.fetch)(url);\n');
    expect(() => assertBundleSound(dist)).not.toThrow();
    await writeFile(join(dist, 'cli-chunks', 'b.js'), 'import_undici2.fetchh(url);\nconst here = __dirname;\n');
    expect(() => assertBundleSound(dist)).toThrow(
      /b\.js uses undici's fetchh, which undici does not export\n.*b\.js reads __dirname/,
    );
  });
});

describe('the install on this Node', () => {
  it('warns of no engine: every dependency runs on the Node the package says it needs', () => {
    // npm prints EBADENGINE for an installed package whose "engines" excludes this Node (npm docs, package.json
    // "engines"); hoplens's own is ">=20.18.1".
    expect(process.versions.node.split('.')[0]).toBe('20');
    expect(installed.installLog).not.toMatch(/EBADENGINE|Unsupported engine/);
  });

  it('is a valid tree: `npm ls --all` finds nothing missing, invalid or extraneous', async () => {
    // npm ls exits non-zero on a missing, invalid or extraneous package (npm docs, npm-ls).
    const listed = await run('npm', ['ls', '--all'], {
      cwd: installed.app,
      env: cleanEnv(),
      timeout: COMMAND_TIMEOUT_MS,
    });
    expect(listed.stdout).toContain(`${PACKAGE.name}@${PACKAGE.version}`);
    expect(listed.stdout).not.toMatch(/invalid|missing|extraneous/);
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
      command: installedBin(installed),
      args: ['serve', '--port', '0', '--host', '127.0.0.1'],
      cwd: installed.app,
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
    // Read whole: `dump()` stops at 128 KiB, and the page's script is larger, which left its response unfinished and
    // the service draining it until the shutdown grace ran out (exit 1).
    expect((await script.body.arrayBuffer()).byteLength).toBeGreaterThan(0);
    serving.child.kill('SIGTERM');
    expect(await serving.exited).toEqual({ code: 0, signal: null });
  });

  it("import('hoplens') gives the library", async () => {
    const script = `
      import { createRequire } from 'node:module';
      import { pathToFileURL } from 'node:url';
      const { analyze } = await import('hoplens');
      const { version } = createRequire(pathToFileURL(process.cwd() + '/'))('hoplens/package.json');
      const result = await analyze(process.argv[1], { blockPrivate: false });
      console.log(JSON.stringify({ version, finalUrl: result.summary.finalUrl, hops: result.chain.length }));
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, `${target.origin}/old`], {
      cwd: installed.app,
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

describeInstalledLibrary(() => installed);
describeInstalledCommands(() => installed);
describeInstalledService(() => installed);
describeInstalledSharedCrawl(() => installed);
