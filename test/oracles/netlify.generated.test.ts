/**
 * Generated Netlify redirect files against Netlify's own parser and matcher (issue 42): seeded whole migration files,
 * `_redirects` and `netlify.toml` (netlify-generator.ts), each sample asked of @netlify/redirect-parser with
 * netlify-redirector (netlify-oracle.ts) and of hoplens's matcher, the one `check --samples`, `lint` and `fix` use
 * (netlify-verdicts.ts). Then every entry of corpus/netlify.json (disagreements `npm run fuzz:rules -- netlify`
 * found and shrank) is replayed.
 *
 * What Netlify does, as its documentation states it:
 * - https://docs.netlify.com/routing/redirects/#rule-processing-order: the first rule that matches answers, in file
 *   order (netlify.toml's rules after `_redirects`').
 * - https://docs.netlify.com/routing/redirects/redirect-options/#splats: `/news/*` matches everything under
 *   `/news/`, `:splat` its text; #placeholders: `:year` matches one segment; #query-parameters: `/a id=:id /b/:id`
 *   matches on the query, and a rule without query matches passes the request's query on; #trailing-slash: a rule
 *   answers its path with or without a trailing slash (Netlify normalises them); #http-status-codes: 301 by default,
 *   302, 307, 308, 404; `!` forces the rule over an existing file.
 * - https://docs.netlify.com/routing/redirects/rewrites-proxies/: a 200 rule rewrites (serves the target, no
 *   redirect); "domain-level redirects" (`https://www.example.com/* https://example.com/:splat 301!`): a rule naming
 *   its host answers on that host only.
 * Where the redirector goes further than the documentation (a `*` rule does not redirect a path under its own target,
 * `//` is the root), hoplens follows the redirector: docs/oracles/netlify.md.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCorpus } from './netlify-corpus.js';
import { type GeneratedFile, generatedFile } from './netlify-generator.js';
import { describeOutcome, judgeFile, type NetlifyOutcome } from './netlify-verdicts.js';

const SEED = 4242;
const FILES = 600;
const files = () => fc.sample(generatedFile, { seed: SEED, numRuns: FILES });

async function judgeAll(all: readonly GeneratedFile[]): Promise<Array<[GeneratedFile, NetlifyOutcome]>> {
  const judged: Array<[GeneratedFile, NetlifyOutcome]> = [];
  for (const file of all) for (const outcome of await judgeFile(file)) judged.push([file, outcome]);
  return judged;
}

describe('generated Netlify redirect files against @netlify/redirect-parser and netlify-redirector', () => {
  it(`agrees on every sample of ${FILES} generated files (seed ${SEED}), skipping honestly`, async () => {
    const judged = await judgeAll(files());
    const count = (verdict: string) => judged.filter(([, outcome]) => outcome.verdict === verdict).length;
    const wrong = judged.filter(([, outcome]) => outcome.verdict === 'disagree');
    const hits = judged.filter(([, outcome]) => outcome.netlify !== null).length;
    console.log(
      `netlify generated: ${FILES} files, ${judged.length} samples (${hits} answered by a rule), ${count('agree')} agree, ${count('skip')} skipped, ${wrong.length} disagree`,
    );
    // A disagreement fails the suite: `npm run fuzz:rules -- netlify` shrinks such a case into the corpus.
    expect(wrong.map(([file, outcome]) => `${file.name}\n${file.text}${describeOutcome(outcome)}`)).toEqual([]);
    // A skip is hoplens saying only the visitor can tell (a `Country=` rule): counted, and kept a minority.
    expect(count('skip') / judged.length).toBeLessThan(0.1);
    // Most samples must reach a rule, or the agreement would be mostly on misses.
    expect(hits / judged.length).toBeGreaterThan(0.5);
  }, 60_000);

  it('replays every shrunk disagreement of the corpus: hoplens agrees or skips honestly, open ones listed', async () => {
    const corpus = await readCorpus();
    const judged = await judgeAll(corpus);
    const wrong = judged.filter(([, outcome]) => outcome.verdict === 'disagree');
    const open = wrong.filter(([file]) => 'open' in file);
    console.log(
      `netlify corpus: ${corpus.length} files, ${judged.length} samples, ${wrong.length} disagree (${open.length} open)`,
    );
    for (const [file, outcome] of open)
      console.log(`  open (${String((file as { open?: string }).open)}) ${describeOutcome(outcome)}`);
    const fixed = wrong.filter((each) => !open.includes(each));
    expect(fixed.map(([file, outcome]) => `${describeOutcome(outcome)}\n${file.text}`)).toEqual([]);
  }, 30_000);
});
