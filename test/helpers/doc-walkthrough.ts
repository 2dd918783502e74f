/**
 * Runs a docs page's walkthrough (issues 44 and 45: docs/quickstart.md, docs/migration.md): every `$ command` of its
 * sh blocks in order, in an empty folder, with `hoplens` the built executable on the PATH and the page's ports
 * swapped for free ones on loopback; what the page shows under a command must be what it prints (times and column
 * widths aside; `...` stands for any lines). A command ending in `<<'EOF'` takes the lines up to `EOF` as its input.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from './cli.js';

/** A command of the page and the lines it is shown printing. */
export interface Step {
  command: string;
  shown: string[];
}

/** The sh blocks' text. */
export function shBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/** The `$ ` commands of the page, each with the lines below it; a here-document's lines belong to its command. */
export function steps(markdown: string): Step[] {
  const all: Step[] = [];
  for (const block of shBlocks(markdown)) {
    let heredoc: string | undefined;
    for (const line of block.split('\n')) {
      const last = all.at(-1);
      if (heredoc !== undefined && last !== undefined) {
        last.command += `\n${line}`;
        if (line === heredoc) heredoc = undefined;
      } else if (line.startsWith('$ ')) {
        all.push({ command: line.slice(2), shown: [] });
        heredoc = /<<'(\w+)'$/.exec(line)?.[1];
      } else if (line !== '') last?.shown.push(line);
    }
  }
  return all;
}

/** A line as compared: times and spacing vary from run to run. */
export function normal(line: string): string {
  return line
    .replace(/\d+ ms\b/g, 'N ms')
    .replace(/\bin \d+(\.\d+)? s\b/g, 'in N s')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether `shown` is what was printed: all of it, or in order with `...` standing for any lines. */
export function matches(shown: string[], printed: string[]): boolean {
  const lines = printed.map(normal).filter((line) => line !== '');
  if (!shown.includes('...')) return JSON.stringify(shown.map(normal)) === JSON.stringify(lines);
  let at = 0;
  for (const line of shown.filter((text) => text !== '...').map(normal)) {
    at = lines.indexOf(line, at);
    if (at < 0) return false;
    at += 1;
  }
  return true;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once something listens on `port`; a loaded machine may take many seconds to start the service. */
export async function listening(port: number, limitMs = 90_000): Promise<void> {
  const until = Date.now() + limitMs;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket.end() !== undefined));
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > until) throw new Error(`nothing listened on ${port} within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** An empty folder with `hoplens` on its PATH, where a page's commands run; `close` ends what they left running. */
export class Walkthrough {
  readonly folder = mkdtempSync(join(tmpdir(), 'hoplens-walkthrough-'));
  readonly #background: ChildProcess[] = [];
  readonly #env: NodeJS.ProcessEnv;
  /** The page's text -> this run's (its ports, a program's path here). */
  readonly #swaps: ReadonlyMap<string, string>;

  private constructor(swaps: ReadonlyMap<string, string>) {
    const bin = join(this.folder, '.bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'hoplens'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'hoplens'), 0o755);
    this.#env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, NO_COLOR: '1' };
    this.#swaps = swaps;
  }

  /** A folder for a page whose `ports` are each swapped for a free one; `swaps`, other text to replace. */
  static async start(ports: readonly number[], swaps: Record<string, string> = {}): Promise<Walkthrough> {
    const all = new Map(Object.entries(swaps));
    for (const port of ports) all.set(String(port), String(await freePort()));
    return new Walkthrough(all);
  }

  /** The page's text as it runs here. */
  local(text: string): string {
    let out = text;
    for (const [from, to] of this.#swaps) {
      // A port as a number of its own, not inside a longer one; other text wherever it is.
      out = /^\d+$/.test(from) ? out.replace(new RegExp(`(?<!\\d)${from}(?!\\d)`, 'g'), to) : out.split(from).join(to);
    }
    return out;
  }

  /**
   * Runs a step: a command ending in `&` in the background (its group ended by `close`), waited for until the port
   * it names listens; any other to its end. Returns whether it printed what the page shows, and what it printed.
   */
  async run(step: Step): Promise<{ ok: boolean; message: string }> {
    const command = this.local(step.command);
    if (command.endsWith(' &')) {
      const child = spawn('sh', ['-c', command.slice(0, -2)], {
        cwd: this.folder,
        env: this.#env,
        detached: true,
        stdio: 'ignore',
      });
      this.#background.push(child);
      await this.#listeningOn(command);
      return { ok: true, message: command };
    }
    const printed = await this.#output(command);
    // A server started in the background inside a command (`server & echo $! > server.pid`): wait until it listens.
    if (/(^|[^&])&\s+[^&]/.test(command)) await this.#listeningOn(command);
    const shown = step.shown.map((line) => this.local(line));
    const ok = matches(shown, printed.split('\n'));
    return { ok, message: `${command}\nshown:\n${shown.join('\n')}\nprinted:\n${printed}` };
  }

  /** Waits until the first of this run's ports that `command` names listens. */
  async #listeningOn(command: string): Promise<void> {
    const port = [...this.#swaps.values()].find((value) => /^\d+$/.test(value) && command.includes(value));
    if (port !== undefined) await listening(Number(port));
  }

  /** Runs one command in sh; its output (stdout and stderr). */
  #output(command: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn('sh', ['-c', command], { cwd: this.folder, env: this.#env });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('error', reject);
      child.on('close', () => resolve(output));
    });
  }

  /** Ends what the page left running (background groups, and the processes its `*.pid` files name), then the folder. */
  close(): void {
    // Each background command ran in a process group of its own: end the whole group.
    for (const child of this.#background) if (child.pid !== undefined) signal(-child.pid);
    for (const file of readdirSync(this.folder).filter((name) => name.endsWith('.pid'))) {
      const pid = Number(readFileSync(join(this.folder, file), 'utf8').trim());
      if (Number.isInteger(pid) && pid > 1) signal(pid);
    }
    rmSync(this.folder, { recursive: true, force: true });
  }
}

/** SIGTERM to a process (or group) that may have ended already. */
function signal(pid: number): void {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // Ended already: nothing to stop.
  }
}
