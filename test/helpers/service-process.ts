/**
 * Runs the built service (`node dist/service/main.js`, what `npm start` runs) as a child process for tests. dist/ is
 * brought up to date with the sources before any test file runs, by test/global-setup.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Cleanup, cleanupAfterEach } from './cleanups.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVICE_MAIN = join(root, 'dist', 'service', 'main.js');

export interface ServiceProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT` once listening. */
  origin: string;
  /** Parsed JSON log lines so far. */
  logs: Array<Record<string, unknown>>;
  stderr(): string;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILLs the process if it is still running. */
  kill(): Promise<void>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function spawnMain(env: Record<string, string>): Omit<ServiceProcess, 'origin'> & { listening: Promise<string> } {
  const child = spawn(process.execPath, [SERVICE_MAIN], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const logs: Array<Record<string, unknown>> = [];
  let errText = '';
  let pending = '';
  let onListening: (origin: string) => void = () => {};
  const listening = new Promise<string>((resolve) => {
    onListening = resolve;
  });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.trim() === '') continue;
      try {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        logs.push(parsed);
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(parsed.msg));
        if (match?.[1] !== undefined) onListening(match[1]);
      } catch {
        logs.push({ raw: line });
      }
    }
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    errText += chunk;
  });
  const exited = once(child, 'exit').then(([code, signal]) => {
    live.delete(child);
    return { code: code as number | null, signal: signal as NodeJS.Signals | null };
  });
  return {
    child,
    logs,
    listening,
    stderr: () => errText,
    exited,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Starts the service with `env` (plus HOST=127.0.0.1, PORT=0) and waits until it listens. */
export async function startServiceProcess(env: Record<string, string>, timeoutMs = 15_000): Promise<ServiceProcess> {
  const started = spawnMain(env);
  let timer: NodeJS.Timeout | undefined;
  try {
    const origin = await Promise.race([
      started.listening,
      started.exited.then(({ code }) => {
        throw new Error(`service exited (code ${code}) before listening: ${started.stderr()}`);
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('service did not listen in time')), timeoutMs);
      }),
    ]);
    return { ...started, origin };
  } catch (error) {
    await started.kill();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the service expecting it to exit by itself (a configuration error, say). */
export async function runServiceToExit(env: Record<string, string>, timeoutMs = 15_000) {
  const started = spawnMain(env);
  const timer = setTimeout(() => void started.kill(), timeoutMs);
  const result = await started.exited;
  clearTimeout(timer);
  return { ...result, stderr: started.stderr(), logs: started.logs };
}

/** What a test file that runs the service process gets from {@link useServiceProcess}. */
export interface ServiceProcesses {
  /**
   * Starts the service with loopback allowed (the test targets live there) plus `env`, which may override that, and
   * kills it after the test.
   */
  start(env?: Record<string, string>): Promise<ServiceProcess>;
  /** Run after each test, latest first (the processes `start` started among them). */
  cleanups: Cleanup[];
}

/**
 * Sets up a test file that runs the service process (built by test/global-setup.ts before any test file): after each
 * test, its cleanups. Call at the top level.
 */
export function useServiceProcess(): ServiceProcesses {
  const cleanups = cleanupAfterEach();
  return {
    cleanups,
    start: async (env = {}) => {
      const started = await startServiceProcess({ HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8', ...env });
      cleanups.push(() => started.kill());
      return started;
    },
  };
}
