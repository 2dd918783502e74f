/**
 * Runs `hoplens serve` as a child process (the built binary, or an installed one through npx) and waits until it
 * says where it serves: the line `hoplens: serving on http://HOST:PORT` on stderr (src/cli/commands/serve.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

/** A running `hoplens serve`. */
export interface ServeProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT`, read from its stderr. */
  origin: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILLs the process if it is still running. */
  kill(): Promise<void>;
}

/** What to spawn: a command and its arguments, where, with which environment. */
export interface ServeSpawn {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Longest wait for the address line (default 45 s: 15 s was passed once at a load of 14 to 18). */
  timeoutMs?: number;
}

const SERVING = /hoplens: serving on (http:\/\/[^\s]+)/;

/** Spawns `hoplens serve ...` and resolves once it listens; rejects (and kills it) when it exits or stalls first. */
export async function startServe(spec: ServeSpawn): Promise<ServeProcess> {
  const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        err += chunk;
        const match = SERVING.exec(err);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      void exited.then(({ code }) => reject(new Error(`hoplens serve exited (code ${code}) first: ${err}`)));
      timer = setTimeout(
        () => reject(new Error(`hoplens serve did not listen in time: ${err}`)),
        spec.timeoutMs ?? 45_000,
      );
    });
    return { child, origin, stdout: () => out, stderr: () => err, exited, kill };
  } catch (error) {
    await kill();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
