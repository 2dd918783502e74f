/**
 * `withDefaultSignals` (src/cli/default-signals.ts), in fresh processes that send SIGTERM to themselves, so that
 * where the signal lands does not depend on timing: a signal that was pending when the work began must interrupt the
 * run (it was once dropped: lint ended with status 0 after a CI runner's SIGTERM), and one that comes during the work
 * ends the process at once.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'pending-signal.ts');

function runFixture(mode: 'pending' | 'during') {
  return new Promise<{ stdout: string; code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ stdout, code, signal });
    });
  });
}

describe('withDefaultSignals', () => {
  it('lets a signal that was pending when the work begins interrupt the run, without starting the work', async () => {
    const { stdout, code } = await runFixture('pending');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ result: null, interrupted: true });
  }, 40_000);

  it('ends the process by the signal when it comes during the work', async () => {
    const { stdout, signal } = await runFixture('during');
    expect(signal).toBe('SIGTERM');
    expect(stdout).toBe('');
  }, 40_000);
});
