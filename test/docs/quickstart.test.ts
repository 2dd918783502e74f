/**
 * docs/quickstart.md cannot rot (issue 44): every `$ command` of its sh blocks runs here, in order, in an empty folder,
 * with `hoplens` the built executable and the page's ports (8000, 3000) swapped for free ones on loopback; what the
 * page shows under a command must be what it prints (times and column widths aside; `...` skips lines). The install
 * lines are the README's own, which test/install runs from the packed tarball.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, ROOT } from '../helpers/cli.js';

const PAGE = readFileSync(join(ROOT, 'docs', 'quickstart.md'), 'utf8');

/** A command of the page and the lines it is shown printing. */
interface Step {
  command: string;
  shown: string[];
}

/** The sh blocks' text. */
function shBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/** The `$ ` commands of the page, each with the lines below it. */
function steps(markdown: string): Step[] {
  const all: Step[] = [];
  for (const block of shBlocks(markdown)) {
    for (const line of block.split('\n').filter((text) => text !== '')) {
      if (line.startsWith('$ ')) all.push({ command: line.slice(2), shown: [] });
      else all.at(-1)?.shown.push(line);
    }
  }
  return all;
}

/** A line as compared: times and spacing vary from run to run. */
function normal(line: string): string {
  return line
    .replace(/\d+ ms\b/g, 'N ms')
    .replace(/\bin \d+(\.\d+)? s\b/g, 'in N s')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether `shown` is what was printed: all of it, or in order with `...` standing for any lines. */
function matches(shown: string[], printed: string[]): boolean {
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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once something listens on `port`; a loaded machine may take many seconds to start the service. */
async function listening(port: number, limitMs = 90_000): Promise<void> {
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

const folder = mkdtempSync(join(tmpdir(), 'hoplens-quickstart-'));
const background: ChildProcess[] = [];

afterAll(() => {
  // Each background command ran in a process group of its own: end the whole group.
  for (const child of background) if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  rmSync(folder, { recursive: true, force: true });
});

/** Runs one command in sh, with `hoplens` on the PATH; its output (stdout and stderr). */
function run(command: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd: folder, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(output));
  });
}

describe('docs/quickstart.md', () => {
  it("shows the README's own install commands", () => {
    const install = shBlocks(PAGE)[0]!.trim().split('\n');
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const line of install) expect(readme).toContain(line);
  });

  it('prints what it shows for every command, against a local site and the service on loopback', async () => {
    assertBuilt();
    const bin = join(folder, 'bin');
    rmSync(bin, { force: true, recursive: true });
    mkdirSync(bin);
    writeFileSync(join(bin, 'hoplens'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'hoplens'), 0o755);
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, NO_COLOR: '1' };
    const ports = new Map([
      ['8000', String(await freePort())],
      ['3000', String(await freePort())],
    ]);
    const local = (text: string) => text.replace(/\b(8000|3000)\b/g, (port) => ports.get(port)!);
    const all = steps(PAGE);
    expect(all.map((step) => step.command.split(' ')[0])).toEqual(expect.arrayContaining(['hoplens', 'curl']));
    for (const step of all) {
      const command = local(step.command);
      if (command.endsWith(' &')) {
        const child = spawn('sh', ['-c', command.slice(0, -2)], { cwd: folder, env, detached: true, stdio: 'ignore' });
        background.push(child);
        await listening(Number([...ports.values()].find((port) => command.includes(port))));
        continue;
      }
      const printed = await run(command, env);
      const shown = step.shown.map(local);
      expect(matches(shown, printed.split('\n')), `${command}\nshown:\n${shown.join('\n')}\nprinted:\n${printed}`).toBe(
        true,
      );
    }
  }, 240_000);
});
