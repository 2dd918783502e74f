/**
 * Rules files from strangers cannot hang a command. Each pattern below takes JavaScript's backtracking engine
 * exponential time on a short path (`^/(a+)+$` on 32 `a`s: minutes; the doubling is the classic catastrophic
 * backtracking of a nested quantifier). They run on the linear-time engine (re2js) and finish at once with the same
 * answer; a pattern only a backtracking engine runs (a backreference) is stopped at its bound and its rule skipped,
 * said by `lint` and `check`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileRules } from '../../src/inputs/patterns/index.js';
import {
  FILE_STEP_BUDGET,
  MATCH_STEP_BUDGET,
  newSkipLog,
  serverRegex,
} from '../../src/inputs/patterns/server-regex.js';
import { runCli, tempDir } from '../helpers/cli.js';

const A32 = 'a'.repeat(32);
const A40B = `${'a'.repeat(40)}b`;

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await dir.remove();
});

async function file(name: string, text: string): Promise<string> {
  const path = join(dir.path, name);
  await writeFile(path, text);
  return path;
}

/** Runs the command and measures it. */
async function timed(args: string[]) {
  const started = performance.now();
  const result = await runCli(args);
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

describe('serverRegex', () => {
  it('runs what RE2 supports on the linear engine, with RegExp-like matches (groups, named groups, case)', () => {
    const nested = serverRegex('^/(a+)+$', false)!;
    expect(nested.engine).toBe('linear');
    expect(nested.exec(`/${A40B}`)).toBeNull();
    expect(nested.exec(`/${A32}`)?.[1]).toBe(A32);
    const named = serverRegex('^/old/(?P<id>\\d+)/(.*)$', false)!;
    const found = named.exec('/old/12/x/y')!;
    expect([...found]).toEqual(['/old/12/x/y', '12', 'x/y']);
    expect(found.groups?.id).toBe('12');
    expect(serverRegex('^/BLOG$', true)!.exec('/blog')).not.toBeNull();
    expect(serverRegex('^/(unclosed', false)).toBeUndefined();
  });

  it('runs a backreference on the step-counting matcher; a match past its budget skips the rule for that text only', () => {
    const log = newSkipLog();
    const repeat = serverRegex('^/(\\w+)/\\1$', false, { log, line: 3 })!;
    expect(repeat.engine).toBe('backtracking');
    expect(repeat.exec('/ab/ab')?.[1]).toBe('ab');
    expect(repeat.exec('/ab/cd')).toBeNull();
    const bomb = serverRegex('^/(a+)+\\1$', false, { log, line: 7 })!;
    const started = performance.now();
    expect(bomb.exec(`/${A40B}`)).toBeNull();
    expect(bomb.exec(`/${A40B}`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(log.entries).toEqual([{ line: 7, pattern: '^/(a+)+\\1$', text: `/${A40B}`, cause: 'match', count: 2 }]);
    expect(log.stepsLeft).toBeLessThan(FILE_STEP_BUDGET - 2 * MATCH_STEP_BUDGET + 1);
    // Not dropped for good: the next path, which it answers within its budget, is matched.
    expect(bomb.exec('/aa')?.[1]).toBe('a');
    expect(repeat.exec('/xy/xy')?.[1]).toBe('xy');
  });

  it("skips every backtracking rule once the file's budget is spent, naming each", () => {
    const log = newSkipLog();
    const rules = [1, 2, 3].map((line) => serverRegex(`^/(a+)+\\1b${line}$`, false, { log, line })!);
    const tries = Math.ceil(FILE_STEP_BUDGET / MATCH_STEP_BUDGET);
    for (let index = 0; index < tries; index++) rules[0]!.exec(`/${A40B}`);
    expect(log.stepsLeft).toBeLessThanOrEqual(0);
    expect(rules[1]!.exec('/aab2')).toBeNull();
    expect(rules[2]!.exec('/aab3')).toBeNull();
    expect(log.entries.map(({ line, cause }) => [line, cause])).toEqual([
      [1, 'match'],
      [2, 'file'],
      [3, 'file'],
    ]);
  });
});

describe('compiled rules from a hostile file', () => {
  it('matches a Vercel source with a nested-quantifier group in linear time', async () => {
    const vercel = JSON.stringify({ redirects: [{ source: '/:p((?:a+)+)', destination: '/x/:p', permanent: true }] });
    const rules = await compileRules('vercel', Readable.from([vercel]));
    const started = performance.now();
    expect(rules.match(new URL(`http://s.test/${A40B}`))).toBeUndefined();
    expect(rules.match(new URL(`http://s.test/${A32}`))).toMatchObject({ target: `/x/${A32}`, status: 308 });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(rules.skipped.entries).toEqual([]);
  });
});

describe('commands on hostile rules files', () => {
  it('lint: a two-line .htaccess with a nested quantifier finishes at once and finds the shadowing', async () => {
    const path = await file('.htaccess', `RedirectMatch 301 ^/(a+)+$ /x\nRedirect 301 /${A32} /y\n`);
    const { code, stdout, seconds } = await timed(['lint', path, '--format', 'json']);
    expect(seconds).toBeLessThan(5);
    const findings = JSON.parse(stdout) as Array<{ kind: string; line: number; related?: number[] }>;
    expect(findings).toContainEqual(expect.objectContaining({ kind: 'shadowed', line: 2, related: [1] }));
    expect(code).toBe(0);
  });

  it('lint: a backreference rule that runs away is skipped, named, and counted in the summary', async () => {
    const path = await file('.htaccess', `RedirectMatch 301 ^/(a+)+\\1$ /x\nRedirect 301 /${A40B} /y\n`);
    const { stdout, stderr, seconds } = await timed(['lint', path]);
    expect(seconds).toBeLessThan(5);
    const text = stdout + stderr;
    expect(stderr).toMatch(
      /:1: skipped (once|\d+ times): its regular expression \^\/\(a\+\)\+\\1\$ needed more than 100,000 steps/,
    );
    expect(text).toMatch(/2 rules skipped \(1 for a regular expression past its step budget\)/);
  });

  it('check --samples: nginx and Vercel rules with nested quantifiers match a 40-character sample at once', async () => {
    const nginx = await file('site.conf', 'server {\n  rewrite ^/(a+)+$ /x permanent;\n  return 404;\n}\n');
    const samples = await file('samples.txt', `/${A40B}\n`);
    // The sample answers 404 by the rules; a closed port makes the live check fail fast, which is not the point here.
    const base = ['--base-url', 'http://127.0.0.1:9', '--format', 'ndjson', '--retries', '0'];
    const result = await timed(['check', nginx, '--samples', samples, ...base]);
    expect(result.seconds).toBeLessThan(10);
    const rows = result.stdout.trim().split('\n').filter(Boolean);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('"expectedStatus":404,"extra":{"rule":"line 3"}');
    const vercel = await file(
      'vercel.json',
      JSON.stringify({ redirects: [{ source: '/:p((?:a+)+)', destination: '/x/:p', permanent: true }] }),
    );
    const second = await timed(['check', vercel, '--samples', samples, ...base]);
    expect(second.seconds).toBeLessThan(10);
    expect(second.stdout).toContain('"extra":{"rule":""}');
  });
});
