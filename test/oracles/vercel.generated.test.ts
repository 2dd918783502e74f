/**
 * Generated whole vercel.json files against Vercel's routing code (issue 42): seeded files (vercel-generator.ts) of
 * `redirects`, `rewrites`, `has`/`missing`, `cleanUrls` and `trailingSlash`, and their samples, each asked of
 * @vercel/routing-utils' routes for the whole file (vercel-oracle.ts) and of the matcher `check --samples` and `lint`
 * use (vercel-compare.ts). Then every entry of corpus/vercel.json (disagreements `npm run fuzz:rules -- vercel` found
 * and shrank) is replayed.
 *
 * What Vercel does, as its documentation states it (vercel.com/docs/project-configuration/vercel-json):
 * - "redirects": `source` is a path-to-regexp pattern, `destination` may use its parameters; `permanent` true is 308,
 *   false 307, `statusCode` as given; the first matching redirect answers.
 * - "has object definition" (and vercel.com/docs/redirects/configuration-redirects): a redirect with `has` applies when
 *   every item holds (`host`, `query`, `header`, `cookie`; a `value` the whole value must match, any when absent), and
 *   with `missing` when none does.
 * - "rewrites": served after the filesystem, never a redirect.
 * - "cleanUrls", "trailingSlash": their 308s come before the file's redirects.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareFile, describeOutcome, type Outcome } from './vercel-compare.js';
import { readCorpus } from './vercel-corpus.js';
import { generatedFile } from './vercel-generator.js';

const SEED = 4242;
const FILES = 500;

async function compareAll(files: readonly { text: string; samples: string[] }[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const file of files) outcomes.push(...(await compareFile(file)));
  return outcomes;
}

describe('generated vercel.json files against @vercel/routing-utils', () => {
  it(`agrees on the samples of ${FILES} generated files (seed ${SEED}), skipping honestly`, async () => {
    const started = Date.now();
    const outcomes = await compareAll(fc.sample(generatedFile, { seed: SEED, numRuns: FILES }));
    const agreed = outcomes.filter((each) => each.verdict === 'agree').length;
    const skipped = outcomes.filter((each) => each.verdict === 'skip').length;
    const wrong = outcomes.filter((each) => each.verdict === 'disagree').map(describeOutcome);
    console.log(
      `vercel generated: ${FILES} files, ${outcomes.length} samples, ${agreed} agree, ${skipped} skipped, ${wrong.length} disagree (${Date.now() - started} ms)`,
    );
    for (const line of wrong) console.log(`  disagree ${line}`);
    expect(outcomes.length).toBeGreaterThanOrEqual(FILES * 5);
    // A disagreement fails the suite: `npm run fuzz:rules -- vercel` shrinks such a case into the corpus.
    expect(wrong).toEqual([]);
    // A skip is a header or cookie condition on a rule whose source matches: only the visitor's request decides.
    expect(skipped / outcomes.length).toBeLessThan(0.06);
  }, 60_000);

  it('replays every shrunk disagreement of the corpus: hoplens agrees or skips honestly, open ones listed', async () => {
    const corpus = await readCorpus();
    const outcomes = await compareAll(corpus);
    const open = (each: Outcome) => (each.file as { open?: string }).open !== undefined;
    const wrong = outcomes.filter((each) => each.verdict === 'disagree');
    console.log(`vercel corpus: ${corpus.length} files, ${outcomes.length} samples, ${wrong.length} disagree`);
    for (const each of wrong.filter(open)) console.log(`  open ${describeOutcome(each)}`);
    expect(wrong.filter((each) => !open(each)).map((each) => `${describeOutcome(each)}\n${each.file.text}`)).toEqual(
      [],
    );
  });

  it('reaches every class the issue names: the seed writes each form and sample kind', () => {
    // Guards the generator, not hoplens: a change that stopped writing a class would prove nothing about it.
    const files = fc.sample(generatedFile, { seed: SEED, numRuns: FILES });
    const texts = files.map((file) => file.text).join('\n');
    const samples = files.flatMap((file) => file.samples).join('\n');
    const forms = [
      /"source": "\/\w+\/:slug\*"/,
      /"source": "\/\w+\/:slug\+"/,
      /"source": "\/\w+\/:slug\?"/,
      /"source": "\/:path\(\(\?!api\/\)\.\*\)"/,
      /"source": "\/\w+\/\(\.\*\)"/,
      /"destination": "[^"]*\?from=:\w+"/,
      /"destination": "https:\/\/new\.example\//,
      /"destination": "[^"]*#top"/,
      /"source": "\/\w+\/:a\/:b"/,
      /"source": "\/\w+\.html"/,
      /"permanent": true/,
      /"permanent": false/,
      ...[301, 302, 307, 308].map((code) => new RegExp(`"statusCode": ${code}`)),
      ...['host', 'query', 'header', 'cookie'].map((type) => new RegExp(`"type": "${type}"`)),
      /"missing": \[/,
      /"rewrites": \[/,
      /"trailingSlash": true/,
      /"trailingSlash": false/,
      /"cleanUrls": true/,
      /"cleanUrls": false/,
      // `has` items defining names (a host's named group, a query value's, a query key without a value) and
      // destinations using them (vercel-json, "has object definition").
      /"value": "\(\?<sub>/,
      /"value": "tw\(\?<code>/,
      /"key": "lang"\s*\}/,
      /"destination": "[^"]*:(?:sub|code)\b/,
      /"destination": "[^"]*:(?:ref|lang)\b/,
      /"destination": "[^"]*:host\b/,
      /"destination": "https:\/\/:(?:sub|code|ref|lang|host)\.new\.example\//,
    ];
    expect(forms.filter((form) => !form.test(texts)).map(String)).toEqual([]);
    // A rule written twice in one file (a migration's duplicate).
    const duplicated = files.some((file) => {
      const rules = (JSON.parse(file.text) as { redirects: unknown[] }).redirects.map((rule) => JSON.stringify(rule));
      return new Set(rules).size < rules.length;
    });
    expect(duplicated).toBe(true);
    // A file written on one line (minified), where every rule is on line 1.
    expect(files.some((file) => file.text.trim().split('\n').length === 1)).toBe(true);
    for (const kind of [
      /%2F/,
      /https:\/\/[^/]+\/\//,
      /\/[A-Z]/,
      /\.html/,
      /\/index/,
      /\?ref=/,
      /\/\?/,
      /https:\/\/shop\.example\.com\//,
    ])
      expect(samples).toMatch(kind);
  });

  it('reaches every kind of answer: by a setting, a redirect, a conditional redirect, none, the request', async () => {
    const outcomes = await compareAll(fc.sample(generatedFile, { seed: SEED, numRuns: FILES }));
    const by = (test: (each: Outcome) => boolean) => outcomes.filter(test).length;
    const answered = (each: Outcome) => each.answer !== undefined && 'location' in each.answer;
    // The answering redirect has a condition (a host or query one, which the URL decides).
    const conditional = (each: Outcome) => {
      const rule = (each.answer as { rule: number }).rule;
      const redirect = (JSON.parse(each.file.text) as { redirects: Record<string, unknown>[] }).redirects[rule];
      return redirect?.has !== undefined || redirect?.missing !== undefined;
    };
    // Vercel answers by a setting, by a redirect, by a conditional redirect (host or query evaluated), not at all,
    // and depending on the request; each is reached.
    expect(by((each) => answered(each) && (each.answer as { rule: number }).rule < 0)).toBeGreaterThan(0);
    expect(by((each) => answered(each) && (each.answer as { rule: number }).rule >= 0)).toBeGreaterThan(0);
    expect(by((each) => answered(each) && conditional(each))).toBeGreaterThan(0);
    expect(by((each) => each.answer === undefined)).toBeGreaterThan(0);
    expect(by((each) => each.verdict === 'skip')).toBeGreaterThan(0);
    // A redirect whose Location holds a name its `has` defines, filled from the sample's host or query: a named
    // group, a query key's value, the host; each reached and agreed on.
    const usesName = (name: RegExp) => (each: Outcome) => {
      if (!answered(each)) return false;
      const rule = (each.answer as { rule: number }).rule;
      const redirect = (JSON.parse(each.file.text) as { redirects: Record<string, unknown>[] }).redirects[rule];
      return each.verdict === 'agree' && name.test(String(redirect?.destination));
    };
    for (const name of [/:(?:sub|code)\b/, /:(?:ref|lang)\b/, /:host\b/]) expect(by(usesName(name))).toBeGreaterThan(5);
  }, 60_000);
});
