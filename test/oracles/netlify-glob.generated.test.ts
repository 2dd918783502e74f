/**
 * Netlify sources with a `*` anywhere, generated (issue 42): glued to a word (`/docs*`), inside the path, or as the
 * usual trailing `/*`, with one or two rules before it, asked of Netlify's own parser and matcher (netlify-oracle.ts:
 * @netlify/redirect-parser, netlify-redirector) and of hoplens's matcher (the one `check --samples`, `lint` and `fix`
 * use). Samples are built around each source: the star replaced by nothing, a word, a segment or two, with and
 * without a trailing slash, a near miss, a query. fast-check shrinks a disagreement to a minimal file and path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileNetlify } from '../../src/inputs/formats/netlify/patterns.js';
import { parseRedirectsText } from '../../src/inputs/formats/netlify/redirects-text.js';
import { sameUrl } from './agreement.js';
import { netlifyOracle } from './netlify-oracle.js';

const BASE = 'https://site.test';
const SEED = 4343;
const RUNS = 300;

const word = fc.constantFrom('docs', 'a', 'blog', 'x-y', 'v1');
/** A source path of one to three words with one `*` somewhere: glued after a word, alone in a segment, or at the end. */
const source = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.nat(), fc.constantFrom('glued', 'segment'))
  .map(([words, at, how]) => {
    const index = at % (words.length + 1);
    const parts: string[] = [...words];
    if (how === 'glued' && index > 0) parts[index - 1] = `${parts[index - 1]}*`;
    else parts.splice(index, 0, '*');
    return `/${parts.join('/')}`;
  });
const fill = fc.constantFrom('', 'foo', '/foo', '/foo/bar', 'foo/', '/');
const rule = fc.record({
  source,
  target: fc.constantFrom('/new/:splat', '/fixed', 'https://other.test/:splat'),
  status: fc.constantFrom(301, 302),
});
const file = fc.record({
  before: fc.array(fc.record({ source: word.map((w) => `/${w}`), target: fc.constant('/before') }), { maxLength: 2 }),
  rule,
  fills: fc.array(fc.tuple(fill, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 5 }),
});

type File = typeof file extends fc.Arbitrary<infer T> ? T : never;

function textOf({ before, rule }: File): string {
  return [...before.map((b) => `${b.source} ${b.target}`), `${rule.source} ${rule.target} ${rule.status}`, ''].join(
    '\n',
  );
}

/** The samples of a file: its star filled with each fill, a trailing slash or a query added, and a near miss. */
function samplesOf({ rule, fills }: File): string[] {
  return fills.flatMap(([text, slash, query]) => {
    const path = rule.source.replace('*', text).replace(/\/{2,}/g, '/');
    const near = `${path.slice(0, -1)}Z`;
    return [`${path}${slash && !path.endsWith('/') ? '/' : ''}${query ? '?q=1' : ''}`, near];
  });
}

async function disagreements(generated: File): Promise<string[]> {
  const text = textOf(generated);
  const oracle = await netlifyOracle(text);
  const rules = compileNetlify(parseRedirectsText(text, 'netlify'));
  return samplesOf(generated).flatMap((sample) => {
    const url = new URL(sample, BASE);
    const want = oracle.answer(url);
    const got = rules.match(url);
    const said = `${sample}: Netlify ${JSON.stringify(want)}, hoplens ${JSON.stringify(got)}`;
    if (want === null) return got === undefined ? [] : [said];
    if ('conditional' in want || got === undefined || 'problem' in got) return [said];
    // The oracle numbers the rules its parser kept (an identical pair is one): compared by the answering source.
    const source = text.split('\n')[got.line - 1]?.split(' ')[0];
    const same = source === want.from && got.status === want.status && sameUrl(got.target ?? '', want.to, BASE);
    return same ? [] : [said];
  });
}

describe('Netlify sources with a star anywhere against netlify-redirector (generated)', () => {
  it(`agrees on every sample of ${RUNS} generated files (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(file, async (generated) => {
        expect(await disagreements(generated), textOf(generated)).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
