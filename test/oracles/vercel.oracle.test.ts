/**
 * Vercel differential suite (issue 26): every sample of vercel-cases.ts asked of Vercel's own routing code
 * (vercel-oracle.ts: @vercel/routing-utils' routes, matched as Vercel's proxy matches them) and of hoplens's matcher
 * (the one `check --samples` uses: src/inputs/formats/vercel/patterns.ts): whether a rule answers, which one, its
 * status and Location. The figures print with `npx vitest run test/oracles/vercel.oracle.test.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileVercel } from '../../src/inputs/formats/vercel/patterns.js';
import { parseVercel } from '../../src/inputs/formats/vercel/read.js';
import { count, newTally, sameUrl, summary, type Verdict } from './agreement.js';
import { compareOnPredictingServer } from './samples-rows.js';
import { VERCEL_CASES, VERCEL_REFUSED } from './vercel-cases.js';
import { type VercelOracle, vercelOracle } from './vercel-oracle.js';

const BASE = 'https://site.test';

function compiled(redirects: unknown[]) {
  const text = JSON.stringify({ redirects }, null, 2);
  const entries = parseVercel(text);
  return { entries, rules: compileVercel(entries) };
}

function verdict(oracle: VercelOracle, { entries, rules }: ReturnType<typeof compiled>, path: string): Verdict {
  const url = new URL(path, BASE);
  const want = oracle.answer(url);
  const got = rules.match(url);
  if (got !== undefined && 'problem' in got) {
    return want !== undefined && 'conditional' in want
      ? { kind: 'skip', why: got.problem }
      : { kind: 'disagree', why: `hoplens skipped (${got.problem}), Vercel ${JSON.stringify(want)}` };
  }
  if (want === undefined)
    return got === undefined
      ? { kind: 'agree' }
      : { kind: 'disagree', why: `Vercel: no rule, hoplens: ${JSON.stringify(got)}` };
  if ('conditional' in want)
    return { kind: 'disagree', why: `a has/missing rule may answer first, hoplens: ${JSON.stringify(got)}` };
  const line = entries[want.rule]!.line;
  const same =
    got !== undefined &&
    got.line === line &&
    got.status === want.status &&
    sameUrl(got.target ?? '', want.location, BASE);
  return same
    ? { kind: 'agree' }
    : {
        kind: 'disagree',
        why: `Vercel: line ${line} ${want.status} ${want.location}, hoplens: ${JSON.stringify(got)}`,
      };
}

describe('hoplens against @vercel/routing-utils', () => {
  it('predicts what Vercel answers on at least 99% of 100+ samples, skipping under 2%', () => {
    const tally = newTally();
    for (const { name, redirects, samples } of VERCEL_CASES) {
      const oracle = vercelOracle(redirects);
      expect(oracle.error, name).toBeUndefined();
      const ours = compiled(redirects);
      for (const path of samples) count(tally, `${name} ${path}`, verdict(oracle, ours, path));
    }
    console.log(summary('vercel', tally));
    expect(tally.total).toBeGreaterThanOrEqual(100);
    expect(tally.agreed / tally.total).toBeGreaterThanOrEqual(0.99);
    expect(tally.skipped / tally.total).toBeLessThan(0.02);
  });

  // `check --samples` on every file: each sample's row expects what the library predicts (no Vercel here, so the
  // server the rows are checked on answers as the library says: the point is the rows' expectations).
  it('check --samples rows expect what the library predicts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hoplens-vercel-rows-'));
    try {
      const files = VERCEL_CASES.map(({ name, redirects, samples }, index) => {
        const { rules } = compiled(redirects);
        const text = JSON.stringify({ redirects }, null, 2);
        const file = join(dir, `vercel-${index}.json`);
        return {
          label: name,
          file,
          text,
          input: 'vercel' as const,
          requests: samples,
          match: (url: URL) => rules.match(url),
        };
      });
      const { compared, mismatches } = await compareOnPredictingServer(files);
      console.log(`check --samples: ${compared - mismatches.length} of ${compared} rows as the library predicts`);
      for (const line of mismatches) console.log(`  ${line}`);
      expect(compared).toBeGreaterThanOrEqual(80);
      expect(mismatches).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses the rules Vercel refuses, on their line', () => {
    for (const { name, redirects, rule } of VERCEL_REFUSED) {
      expect(vercelOracle(redirects).error, name).toBeDefined();
      const { entries, rules } = compiled(redirects);
      expect(
        rules.problems.map((problem) => problem.line),
        name,
      ).toEqual([entries[rule]!.line]);
    }
  });
});
