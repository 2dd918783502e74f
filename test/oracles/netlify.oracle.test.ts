/**
 * Netlify differential suite (issue 26): every sample of netlify-cases.ts asked of Netlify's own code
 * (netlify-oracle.ts: @netlify/redirect-parser reads, netlify-redirector matches) and of hoplens's matcher (the one
 * `check --samples` uses: src/inputs/formats/netlify/patterns.ts): whether a rule answers, which one, its status and
 * target; and, for each file, which lines the parser keeps and which it refuses. The figures print with
 * `npx vitest run test/oracles/netlify.oracle.test.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileNetlify } from '../../src/inputs/formats/netlify/patterns.js';
import { parseNetlify } from '../../src/inputs/formats/netlify/read.js';
import { parseRedirectsText } from '../../src/inputs/formats/netlify/redirects-text.js';
import { count, newTally, sameUrl, summary, type Verdict } from './agreement.js';
import { NETLIFY_CASES, NETLIFY_EDGE_LINES } from './netlify-cases.js';
import { type NetlifyOracle, netlifyOracle } from './netlify-oracle.js';
import { compareOnPredictingServer } from './samples-rows.js';

const BASE = 'https://site.test';

async function hoplens(text: string) {
  const entries = await parseNetlify(text, 'netlify');
  const fromOf = new Map(entries.flatMap((entry) => ('rule' in entry ? [[entry.line, entry.rule.from]] : [])));
  return { entries, rules: compileNetlify(entries), fromOf };
}

function verdict(oracle: NetlifyOracle, ours: Awaited<ReturnType<typeof hoplens>>, sample: string): Verdict {
  const url = new URL(sample, BASE);
  const want = oracle.answer(url);
  const got = ours.rules.match(url);
  if (got !== undefined && 'problem' in got) {
    return want !== null && 'conditional' in want
      ? { kind: 'skip', why: got.problem }
      : { kind: 'disagree', why: `hoplens skipped (${got.problem}), Netlify ${JSON.stringify(want)}` };
  }
  const said = `Netlify ${JSON.stringify(want)}, hoplens ${JSON.stringify(got)}`;
  if (want === null) return got === undefined ? { kind: 'agree' } : { kind: 'disagree', why: said };
  if ('conditional' in want || got === undefined) return { kind: 'disagree', why: said };
  const sameRule = ours.fromOf.get(got.line) === want.from;
  const redirect = want.status >= 300 && want.status <= 399;
  const sameTarget = !redirect || sameUrl(got.target ?? '', want.to, url.origin);
  return sameRule && got.status === want.status && sameTarget ? { kind: 'agree' } : { kind: 'disagree', why: said };
}

describe('hoplens against @netlify/redirect-parser and netlify-redirector', () => {
  it('predicts what Netlify answers on at least 99% of 100+ samples, skipping under 2%', async () => {
    const tally = newTally();
    for (const { name, text, samples, toml } of NETLIFY_CASES) {
      const oracle = await netlifyOracle(text, toml ? 'netlify.toml' : '_redirects');
      const ours = await hoplens(text);
      for (const sample of samples) count(tally, `${name} ${sample}`, verdict(oracle, ours, sample));
    }
    console.log(summary('netlify', tally));
    expect(tally.total).toBeGreaterThanOrEqual(100);
    expect(tally.agreed / tally.total).toBeGreaterThanOrEqual(0.99);
    expect(tally.skipped / tally.total).toBeLessThan(0.02);
  });

  // `check --samples` on every file: each sample's row expects what the library predicts (no Netlify here, so the
  // server the rows are checked on answers as the library says: the point is the rows' expectations).
  it('check --samples rows expect what the library predicts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hoplens-netlify-rows-'));
    try {
      const files = await Promise.all(
        NETLIFY_CASES.map(async ({ name, text, samples }, index) => {
          const { rules } = await hoplens(text);
          const file = join(dir, `redirects-${index}`);
          return {
            label: name,
            file,
            text,
            input: 'netlify' as const,
            requests: samples,
            match: (url: URL) => rules.match(url),
          };
        }),
      );
      const { compared, mismatches } = await compareOnPredictingServer(files);
      console.log(`check --samples: ${compared - mismatches.length} of ${compared} rows as the library predicts`);
      for (const line of mismatches) console.log(`  ${line}`);
      expect(compared).toBeGreaterThanOrEqual(80);
      expect(mismatches).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps the rules the parser keeps, in its order, and refuses the lines it refuses', async () => {
    for (const { name, text, toml } of NETLIFY_CASES) {
      const oracle = await netlifyOracle(text, toml ? 'netlify.toml' : '_redirects');
      const { entries } = await hoplens(text);
      expect(
        entries.filter((entry) => 'error' in entry),
        name,
      ).toEqual([]);
      expect(oracle.errors, name).toEqual([]);
    }
  });
});

/**
 * Statuses Netlify's parser keeps (its `parseInt` reads `3o1` as 3) but no browser could receive as a redirect or a
 * page: Netlify's documentation lists the statuses a rule may have (docs.netlify.com/routing/redirects/
 * redirect-options/#http-status-codes), so the parser contradicts it and hoplens refuses them, saying why
 * (docs/oracles/netlify.md).
 */
const REFUSED_AGAINST_THE_PARSER = ['/a /b 3o1', '/a /b 2000', '/a /b 99'];

describe('edge lines, one per file', () => {
  it('are kept or refused as the parser does, and read alike when kept, but for the documented statuses', async () => {
    const differences: string[] = [];
    for (const line of NETLIFY_EDGE_LINES) {
      const oracle = await netlifyOracle(`${line}\n`);
      const [entry] = parseRedirectsText(line, 'netlify');
      const ours = entry !== undefined && 'rule' in entry ? entry.rule : undefined;
      const kept = oracle.kept[0];
      if ((kept === undefined) !== (ours === undefined)) {
        differences.push(line);
        continue;
      }
      if (kept === undefined || ours === undefined) continue;
      expect(ours.from, line).toBe(kept.from);
      expect(ours.to, line).toBe(kept.to);
      expect(ours.status, line).toBe(kept.status ?? 301);
      expect(Object.fromEntries(ours.query), line).toEqual(
        Object.fromEntries(Object.entries(kept.query ?? {}).filter(([, value]) => value !== undefined)),
      );
    }
    expect(differences).toEqual(REFUSED_AGAINST_THE_PARSER);
    for (const line of REFUSED_AGAINST_THE_PARSER) {
      const [entry] = parseRedirectsText(line, 'netlify');
      expect(entry, line).toMatchObject({ error: expect.stringContaining('no browser receives') });
    }
  });
});
