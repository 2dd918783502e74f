/**
 * Helpers for the CLI tests: run `run()` in-process with captured streams, or spawn the built `hoplens` binary.
 * Every child is tracked so a test's afterEach can kill what is left; every wait is bounded.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { run } from '../../src/cli/run.js';
import { Analyzer } from '../../src/core/analyzer.js';
import type { Resolver } from '../../src/core/types.js';
import { becomes } from './polling.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'dist', 'cli', 'main.js');

/** A resolver answering 127.0.0.1 for every `*.test` name (and failing the others), for many "hosts" on loopback. */
export const loopbackResolver: Resolver = async (hostname) => {
  if (hostname.endsWith('.test')) return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

/** Collects everything written to a stream. */
export function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** Options of {@link runCli}. */
export interface RunCliOptions {
  /** Standard input: text, or a stream the test writes to. */
  stdin?: string | Readable;
  env?: Record<string, string | undefined>;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  cwd?: string;
  signal?: AbortSignal;
  /** Default: a factory of core Analyzers with {@link loopbackResolver}. */
  analyzer?: CliIo['analyzer'];
  /** Replaces the captured stderr (e.g. a fake terminal). */
  stderr?: PassThrough;
}

/** The outcome of an in-process run. */
export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `hoplens` in-process through `run()` with captured streams. */
export async function runCli(argv: string[], options: RunCliOptions = {}): Promise<CliOutcome> {
  const stdout = capture();
  const stderr = options.stderr === undefined ? capture() : undefined;
  const stdin =
    options.stdin === undefined || typeof options.stdin === 'string'
      ? (() => {
          const input = new PassThrough();
          input.end(options.stdin ?? '');
          return input;
        })()
      : options.stdin;
  const io: CliIo = {
    stdin,
    stdout: stdout.stream,
    stderr: options.stderr ?? stderr!.stream,
    stdoutIsTTY: options.stdoutIsTTY ?? false,
    stderrIsTTY: options.stderrIsTTY ?? false,
    env: options.env ?? {},
    analyzer: options.analyzer ?? ((config) => new Analyzer({ ...config, resolver: loopbackResolver })),
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  const code = await run(argv, io);
  return { code, stdout: stdout.text(), stderr: stderr?.text() ?? '' };
}

/** A temporary directory, removed by the returned function. */
export async function tempDir(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'hoplens-cli-test-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * A fresh temporary directory for each test of the file, removed after it: call at the top level; the returned
 * function gives the current test's directory.
 */
export function tempDirPerTest(): () => string {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await dir?.remove();
  });
  return () => {
    if (dir === undefined) throw new Error('tempDirPerTest(): the directory exists only while a test runs');
    return dir.path;
  };
}

/** The result of a spawned `hoplens`. */
export interface SpawnOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const children = new Set<ChildProcess>();

/** Options of {@link spawnCli}. */
export interface SpawnOptions {
  input?: string;
  env?: Record<string, string>;
  cwd?: string;
  /** Kill the child after this long (default 20 s). */
  timeoutMs?: number;
  /** Called with the child once it runs (to send it signals or feed stdin). */
  onSpawn?: (child: ChildProcess) => void;
}

/** Fails clearly when the binary has not been built (CI's `npm ci` builds it; locally run `npm run build`). */
export function assertBuilt(): void {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` before the CLI process tests`);
}

/** Spawns `node dist/cli/main.js ...args` and resolves when it exits (killed after `timeoutMs`). */
export function spawnCli(args: string[], options: SpawnOptions = {}): Promise<SpawnOutcome> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...options.env };
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
  if (options.input !== undefined) child.stdin!.end(options.input);
  else if (options.onSpawn === undefined) child.stdin!.end();
  options.onSpawn?.(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });
}

/** Kills every child still running (for afterEach/afterAll). */
export function killChildren(): void {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
}

/** Resolves when `predicate` holds, polling; rejects after `timeoutMs`. */
export async function waitFor(predicate: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  if (!(await becomes(predicate, timeoutMs))) throw new Error(`timed out waiting for ${what}`);
}
