/**
 * The built `hoplens lint` on rules whose regular expressions need a backtracking matcher (backreferences,
 * lookarounds): bounded in steps per match and per file (src/inputs/patterns/server-regex.ts, docs/cli.md "Rules
 * files from strangers"), so that a file of runaway rules ends soon, names every skipped rule, stops on SIGTERM and
 * SIGINT, and gives the same answer however busy the machine is. Before, each match ran on JavaScript's RegExp under
 * a 20 ms wall-clock bound: 500 such rules ran past 120 s and ignored SIGTERM, and the Next.js catch-all below was
 * dropped in most fresh processes on a busy machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, spawnCli, tempDir } from '../helpers/cli.js';

const A30 = 'a'.repeat(30);
/** 500 runaway backreference rules, each followed by a literal rule whose path makes lint try the patterns above it. */
const RUNAWAY = Array.from(
  { length: 500 },
  (_, index) => `RedirectMatch 301 ^/(a+)+\\1b${index}$ /x${index}\nRedirect 301 /${A30}b${index}X /y${index}\n`,
).join('');
/** Next.js's documented catch-all (a negative lookahead), and a rule it answers first. */
const CATCH_ALL = JSON.stringify(
  {
    redirects: [
      { source: '/:path((?!api/|_next/).*)', destination: '/new/:path', permanent: true },
      { source: '/blog', destination: '/b', permanent: true },
    ],
  },
  null,
  1,
);

let dir: Awaited<ReturnType<typeof tempDir>>;
let runaway: string;
let catchAll: string;
beforeAll(async () => {
  assertBuilt();
  dir = await tempDir();
  runaway = join(dir.path, '.htaccess');
  catchAll = join(dir.path, 'vercel.json');
  await writeFile(runaway, RUNAWAY);
  await writeFile(catchAll, CATCH_ALL);
});
afterAll(async () => {
  await dir.remove();
});

/** Runs `hoplens lint` with a signal sent `afterMs` after it starts: the exit, and the time from signal to exit. */
async function signalled(signal: NodeJS.Signals, afterMs: number) {
  let sentAt = 0;
  const outcome = await spawnCli(['lint', runaway], {
    timeoutMs: 60_000,
    onSpawn: (child) => {
      child.stdin!.end();
      setTimeout(() => {
        sentAt = performance.now();
        child.kill(signal);
      }, afterMs);
    },
  });
  return { ...outcome, seconds: (performance.now() - sentAt) / 1000 };
}

/** Two processes that keep both cores busy until stopped. */
function busyLoops(): ChildProcess[] {
  return [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

describe('lint on rules that need a backtracking matcher', () => {
  /** How long a whole run took, from spawn to exit: the signals below are sent across it. */
  let wholeRunMs = 1_000;

  it('ends a file of 500 runaway backreference rules soon, naming each skipped rule', async () => {
    const started = performance.now();
    const { code, stdout, stderr } = await spawnCli(['lint', runaway], { timeoutMs: 60_000 });
    wholeRunMs = performance.now() - started;
    const seconds = wholeRunMs / 1000;
    // About 2 s on a quiet two-core machine; the bound leaves room for a loaded one.
    expect(seconds).toBeLessThan(30);
    expect(code).toBe(0);
    const named = new Set([...stderr.matchAll(/\.htaccess:(\d+): skipped /g)].map((found) => Number(found[1])));
    expect([...named].sort((a, b) => a - b)).toEqual(Array.from({ length: 500 }, (_, index) => 2 * index + 1));
    expect(stdout + stderr).toMatch(/500 for a regular expression past its step budget/);
  }, 90_000);

  it.each([
    ['SIGTERM', 143, 40],
    ['SIGINT', 130, 12],
  ] as const)(
    'stops on %s within a few seconds (old: over 65 s), whenever it comes in the first quarter of a run',
    async (signal, status, points) => {
      // Sent at `points` moments across the first quarter of the fastest whole run seen, from while the bundle loads
      // to while the rules are matched. Lint once matched with the signals left to their default action, and closing
      // Node's signal watcher to do so dropped a signal that came just before (lint ended with status 0 on a loaded CI
      // machine, in 1 of 52 signals). It now matches in slices and the usual handlers stop it (src/lint/time-slices.ts;
      // test/lint/time-slices.test.ts holds that without timing). Only the first quarter of the fastest: on a CI
      // machine a run took less than half as long as the one measured before it, and a signal after the run's last
      // check is no interruption.
      const started = performance.now();
      await spawnCli(['lint', runaway], { timeoutMs: 60_000 });
      const fastestMs = Math.min(wholeRunMs, performance.now() - started);
      for (let point = 0; point < points; point++) {
        const afterMs = Math.round((point * 0.25 * fastestMs) / points);
        const outcome = await signalled(signal, afterMs);
        const { seconds, stdout } = outcome;
        // Obeyed, not that the run had ended: main.ts's handler exited with the signal's status, or, for a signal that
        // came before main.ts set its handlers (while Node started), the default action ended the process.
        const obeyed = outcome.signal === signal ? status : outcome.code;
        expect({ afterMs, obeyed }).toEqual({ afterMs, obeyed: status });
        expect(seconds).toBeLessThan(3);
        expect(stdout).toBe('');
      }
    },
    300_000,
  );

  it('gives the same output while other processes hold both cores, the catch-all kept', async () => {
    const quiet = await Promise.all([
      spawnCli(['lint', catchAll, '--format', 'json'], { timeoutMs: 150_000 }),
      spawnCli(['lint', runaway, '--format', 'json'], { timeoutMs: 150_000 }),
    ]);
    expect(quiet.map((outcome) => outcome.signal)).toEqual([null, null]);
    expect(quiet[0]!.stdout).toContain('"kind":"shadowed"');
    const loops = busyLoops();
    try {
      for (let round = 0; round < 3; round++) {
        const loaded = await Promise.all([
          spawnCli(['lint', catchAll, '--format', 'json'], { timeoutMs: 150_000 }),
          spawnCli(['lint', runaway, '--format', 'json'], { timeoutMs: 150_000 }),
        ]);
        for (const [index, outcome] of loaded.entries()) {
          // Ended by itself (not by the timeout below), so that a difference is the matcher's, not a cut-off run's.
          expect({ code: outcome.code, signal: outcome.signal }).toEqual({ code: quiet[index]!.code, signal: null });
          expect(outcome.stdout).toBe(quiet[index]!.stdout);
          expect(outcome.stderr).toBe(quiet[index]!.stderr);
          expect(outcome.code).toBe(quiet[index]!.code);
        }
      }
    } finally {
      for (const loop of loops) loop.kill('SIGKILL');
    }
  }, 600_000);
});
