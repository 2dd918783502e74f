/**
 * hoplens as a user gets it: the tarball `npm pack` makes, installed with `npm install` into an empty directory, and
 * its `hoplens` executable run from there. Packed and installed once per run (test/install/pack-install.test.ts),
 * shared by the cases of every command.
 *
 * It packs with `--ignore-scripts`: `prepare` (scripts/build.mjs) empties dist/ before building, and other test files
 * spawn dist/ meanwhile; test/global-setup.ts has already built dist/ from the current sources.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../helpers/cli.js';

const run = promisify(execFile);

/** Generous bounds: the install downloads the dependencies when the npm cache does not have them (a fresh CI box). */
export const INSTALL_TIMEOUT_MS = 180_000;
export const COMMAND_TIMEOUT_MS = 30_000;

/** `npm pack --json`'s description of the tarball. */
export interface Packed {
  filename: string;
  files: Array<{ path: string; mode: number }>;
}

/** The package installed into `app`, with what npm said while installing it. */
export interface Installed {
  work: string;
  app: string;
  packed: Packed;
  /** npm install's stdout and stderr, at npm's default log level (warnings included). */
  installLog: string;
  installMs: number;
}

/**
 * The environment for npm and the installed command: this process's, without the `npm_*` variables that `npm test`
 * sets for its own run (`npm_config_*` would configure the nested npm as if given on its command line), and without
 * a GitHub runner's `GITHUB_*` (which turn the table into annotations): a test gives those itself.
 */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.toLowerCase().startsWith('npm_') && !name.startsWith('GITHUB_')) env[name] = value;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Packs the working tree and installs the tarball into a new empty directory under a new temporary one. */
export async function packAndInstall(): Promise<Installed> {
  const work = await mkdtemp(join(tmpdir(), 'hoplens-install-test-'));
  const packDir = join(work, 'pack');
  const app = join(work, 'app');
  await Promise.all([mkdir(packDir), mkdir(app)]);
  const pack = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], {
    cwd: ROOT,
    env: cleanEnv(),
    timeout: COMMAND_TIMEOUT_MS,
  });
  const packed = (JSON.parse(pack.stdout) as Packed[])[0]!;
  const started = Date.now();
  const install = await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', join(packDir, packed.filename)],
    { cwd: app, env: cleanEnv(), timeout: INSTALL_TIMEOUT_MS },
  );
  return { work, app, packed, installLog: install.stdout + install.stderr, installMs: Date.now() - started };
}

/** What an installed `hoplens` run did. */
export interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Options of {@link runInstalled}. */
export interface RunOptions {
  /** Written to its standard input, which is then closed (closed at once without it). */
  input?: string;
  env?: Record<string, string>;
}

/** The installed executable, as npm linked it: what `npx hoplens` and a package script run. */
export function installedBin(installed: Installed): string {
  return join(installed.app, 'node_modules', '.bin', 'hoplens');
}

/** Runs the installed `hoplens ...args` in the install directory and resolves when it exits (killed after 30 s). */
export function runInstalled(installed: Installed, args: string[], options: RunOptions = {}): Promise<Outcome> {
  const child = spawn(installedBin(installed), args, { cwd: installed.app, env: cleanEnv(options.env) });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  child.stdin.end(options.input ?? '');
  const timer = setTimeout(() => child.kill('SIGKILL'), COMMAND_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The rows of an ndjson report (`--format ndjson`), without its closing summary record if any. */
export function ndjsonRows(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((record) => record.kind !== 'summary');
}
