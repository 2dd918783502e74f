/**
 * The built CLI loses no output when it exits (src/cli/main.ts drains stdout and stderr first). A CI runner may hand
 * the process a non-blocking pipe, on which Node writes asynchronously: a long warning list still queued when the
 * process exited lost its end and its summary (seen in CI: `hoplens lint`, 500 skipped-rule lines, cut near the
 * end). Here fd 1 and 2 are made non-blocking before Node starts (Python's `os.set_blocking`, then exec), and the
 * reader is slow (a pause after each chunk), so the pipe is full when the last lines are written and they queue.
 * Before the fix, 11 and 43 lines and the summary were lost in two of three runs (5 ms pauses; 20 ms here).
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, tempDir } from '../helpers/cli.js';

const LINES = 8000;
const NON_BLOCKING_EXEC =
  'import os, sys; os.set_blocking(1, False); os.set_blocking(2, False); os.execv(sys.argv[1], sys.argv[1:])';

let dir: Awaited<ReturnType<typeof tempDir>>;
let file: string;
beforeAll(async () => {
  assertBuilt();
  dir = await tempDir();
  file = join(dir.path, '_redirects');
  // Each line a rule with no target: one warning line each on stderr, half a megabyte in all.
  await writeFile(file, Array.from({ length: LINES }, (_, index) => `/only-a-source-${index}\n`).join(''));
});
afterAll(async () => {
  await dir?.remove();
});

/** `hoplens lint` on non-blocking stdio, its stderr read only after `pauseMs`; bounded at 60 s. */
function lintPaused(pauseMs: number): Promise<{ code: number | null; stderr: string }> {
  const args = ['-c', NON_BLOCKING_EXEC, process.execPath, BIN, 'lint', file, '--format', 'json'];
  const child = spawn('python3', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '' } });
  const chunks: Buffer[] = [];
  child.stdout.resume();
  // A slow reader: each chunk taken, then a pause, so that the pipe is full when the last lines are written.
  child.stderr.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    child.stderr.pause();
    setTimeout(() => child.stderr.resume(), 20);
  });
  child.stderr.pause();
  const resume = setTimeout(() => child.stderr.resume(), pauseMs);
  const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(resume);
      clearTimeout(kill);
      resolve({ code, stderr: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

describe('the CLI on a slow, non-blocking pipe', () => {
  it('writes every warning line and the summary before it exits', async () => {
    const { code, stderr } = await lintPaused(2000);
    expect(code).toBe(2);
    const lines = stderr.trimEnd().split('\n');
    expect(lines.filter((line) => line.includes('a rule needs a source and a target'))).toHaveLength(LINES);
    expect(lines.at(-1)).toMatch(new RegExp(`^Summary: .*${LINES} invalid lines`));
  }, 90_000);
});
