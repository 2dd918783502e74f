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
import { serverRegex } from '../../src/inputs/patterns/server-regex.js';
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

  it('runs a backreference on the backtracking engine, and stops it at 20 ms, logging the rule', () => {
    const log: Array<{ line: number; pattern: string; text: string }> = [];
    const repeat = serverRegex('^/(\\w+)/\\1$', false, { log, line: 3 })!;
    expect(repeat.engine).toBe('backtracking');
    expect(repeat.exec('/ab/ab')?.[1]).toBe('ab');
    expect(repeat.exec('/ab/cd')).toBeNull();
    const bomb = serverRegex('^/(a+)+\\1$', false, { log, line: 7 })!;
    const started = performance.now();
    expect(bomb.exec(`/${A40B}`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(log).toEqual([{ line: 7, pattern: '^/(a+)+\\1$', text: `/${A40B}` }]);
    // Skipped for good: the next path is not tried, and the rule is logged once.
    expect(bomb.exec('/aa')).toBeNull();
    expect(log).toHaveLength(1);
    // The worker was ended with the runaway match; the next backtracking match starts another.
    expect(repeat.exec('/xy/xy')?.[1]).toBe('xy');
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
    expect(rules.skipped).toEqual([]);
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
    expect(stderr).toContain(':1: skipped: its regular expression ^/(a+)+\\1$ ran past 20 ms');
    expect(text).toMatch(/2 rules skipped \(1 for a regular expression past its time bound\)/);
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
