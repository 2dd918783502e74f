/**
 * `hoplens ... | head -1`: the reader of stdout goes away after the first line. The spawned binary writes into a real
 * pipe whose reading end the test closes, so its next write fails with EPIPE (Node ignores SIGPIPE); that must be a
 * quiet, normal end (no error text, no "interrupted" 130), and no more requests are started for output nobody reads.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, killChildren, ROOT, tempDir } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const ROWS = 30;

let server: TestServer;
let dir: Awaited<ReturnType<typeof tempDir>>;
const live = new Set<ReturnType<typeof spawn>>();

beforeAll(async () => {
  assertBuilt();
  // Slow enough that the reader is gone long before the last row: the run must stop early, not run to the end.
  server = await startServer((_req, res) => {
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), 50);
  });
  dir = await tempDir();
});

afterEach(() => {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
  killChildren();
});

afterAll(async () => {
  await server.close();
  await dir.remove();
});

/** Spawns the binary with stdout into a pipe the test closes after the first line; resolves on exit (bounded). */
function firstLineOnly(args: string[]): Promise<{ code: number | null; firstLine: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let out = '';
  let firstLine = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    const end = out.indexOf('\n');
    if (end >= 0 && firstLine === '') {
      firstLine = out.slice(0, end);
      // What `head -1` does: it has its line, and closes the pipe.
      child.stdout.destroy();
    }
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      live.delete(child);
      resolve({ code, firstLine, stderr });
    });
  });
}

describe('a closed stdout (| head -1)', () => {
  it('hoplens check: exit 0, nothing on stderr, and the run stops early', async () => {
    const list = join(dir.path, 'urls.txt');
    await writeFile(list, Array.from({ length: ROWS }, (_, i) => `${server.origin}/page/${i}\n`).join(''));
    const before = server.requests.length;
    const { code, firstLine, stderr } = await firstLineOnly(['check', list, '--concurrency', '1']);
    expect(firstLine).toMatch(new RegExp(`^PASS\\s+${server.origin}/page/0\\s`));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(server.requests.length - before).toBeLessThan(ROWS);
  });

  it('hoplens check --format ndjson: exit 0, no "interrupted" note on stderr', async () => {
    const list = join(dir.path, 'urls-ndjson.txt');
    await writeFile(list, Array.from({ length: ROWS }, (_, i) => `${server.origin}/n/${i}\n`).join(''));
    const { code, firstLine, stderr } = await firstLineOnly([
      'check',
      list,
      '--format',
      'ndjson',
      '--concurrency',
      '1',
    ]);
    expect(JSON.parse(firstLine).source).toBe(`${server.origin}/n/0`);
    expect(code).toBe(0);
    // The human summary still goes to stderr, as after any run; it is not an interruption.
    expect(stderr).not.toMatch(/interrupted|EPIPE|hoplens:/i);
    expect(stderr).toMatch(/^Summary: \d+ rows? checked/m);
  });

  it('hoplens URL1 URL2 ...: exit 0, nothing on stderr', async () => {
    const urls = Array.from({ length: 12 }, (_, i) => `${server.origin}/u/${i}`);
    const { code, firstLine, stderr } = await firstLineOnly(urls);
    expect(firstLine).toBe(urls[0]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
