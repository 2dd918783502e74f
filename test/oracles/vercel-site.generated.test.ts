/**
 * Vercel's `cleanUrls` and `trailingSlash`, generated (issue 42): seeded configs (each setting on, off or absent, and
 * up to four literal redirects) and sample paths (folders, `index`, `.html`, files with an extension, `.well-known`,
 * with and without a trailing slash and a query) asked of @vercel/routing-utils' routes for the whole file
 * (vercel-oracle.ts) and of the matcher hoplens's `check --samples` and `lint` use. A disagreement is shrunk by
 * fast-check to a minimal config and path. Settings documented at vercel.com/docs/project-configuration/vercel-json
 * ("cleanUrls", "trailingSlash"). One intended difference (docs/oracles/vercel.md): the site's own index with both
 * settings, where routing-utils writes a Location of `//`, which hoplens reads as `/`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vercelFormat } from '../../src/inputs/formats/vercel/index.js';
import { sameUrl } from './agreement.js';
import { type VercelSettings, vercelOracle } from './vercel-oracle.js';

const BASE = 'https://site.test';
const SEED = 4242;
const RUNS = 500;

const segment = fc.constantFrom('a', 'blog', 'docs', 'intro', 'index', 'about.html', 'index.html', 'file.pdf', 'x.y');
const path = fc
  .tuple(
    fc.boolean().map((known) => (known ? ['.well-known'] : [])),
    fc.array(segment, { minLength: 0, maxLength: 3 }),
    fc.boolean(),
  )
  .map(([prefix, segments, slash]) => {
    const joined = `/${[...prefix, ...segments].join('/')}`;
    return slash && joined !== '/' ? `${joined}/` : joined;
  });
const setting = fc.constantFrom(undefined, true, false);
const config = fc.record({
  trailingSlash: setting,
  cleanUrls: setting,
  redirects: fc.array(fc.record({ source: path, destination: path }), { maxLength: 4 }),
  samples: fc.array(fc.tuple(path, fc.boolean()), { minLength: 1, maxLength: 6 }),
});

type Config = typeof config extends fc.Arbitrary<infer T> ? T : never;

/** The file as a person writes it, settings first; and the lines each setting's redirects answer on. */
function fileOf({ trailingSlash, cleanUrls, redirects }: Config): { text: string; settings: VercelSettings } {
  const settings: VercelSettings = {
    ...(trailingSlash !== undefined && { trailingSlash }),
    ...(cleanUrls !== undefined && { cleanUrls }),
  };
  return { text: JSON.stringify({ ...settings, redirects }, null, 2), settings };
}

/** Every disagreement of one config: Vercel's answer and hoplens's, for each sample and each rule's own paths. */
async function disagreements(generated: Config): Promise<string[]> {
  const { text, settings } = fileOf(generated);
  const parsed = await vercelFormat.parse!(text, { baseUrl: `${BASE}/` } as never);
  const rules = await parsed.compile!();
  const lines = text.split('\n');
  const lineOf = (needle: string) => lines.findIndex((line) => line.includes(needle)) + 1;
  const siteLines = [lineOf('"trailingSlash"'), lineOf('"cleanUrls"')];
  const redirectLines = lines.flatMap((line, index) => (line.trim() === '{' && index > 0 ? [index + 1] : []));
  const oracle = vercelOracle(generated.redirects, settings);
  if (oracle.error !== undefined) return [];
  const paths = [
    ...generated.samples.map(([sample, query]) => (query ? `${sample}?q=1` : sample)),
    ...generated.redirects.flatMap((rule) => [rule.source, rule.destination]),
  ];
  return paths.flatMap((sample) => {
    const url = new URL(sample, BASE);
    const want = oracle.answer(url);
    const got = rules.match(url);
    const said = `${sample}: Vercel ${JSON.stringify(want)}, hoplens ${JSON.stringify(got)}`;
    if (want === undefined || 'conditional' in want) return got === undefined ? [] : [said];
    if (got === undefined || 'problem' in got) return [said];
    const line = want.rule < 0 ? siteLines : [redirectLines[want.rule]];
    // Whether Vercel passes a request's query on is its platform's, not routing-utils' (docs/oracles/vercel.md):
    // hoplens passes it on unless the destination has its own, and so is compared.
    const path = want.location === '//' ? '/' : want.location;
    const location = url.search === '' || path.includes('?') ? path : `${path}${url.search}`;
    const same = line.includes(got.line) && got.status === want.status && sameUrl(got.target ?? '', location, BASE);
    return same ? [] : [said];
  });
}

describe('vercel.json cleanUrls and trailingSlash against @vercel/routing-utils (generated)', () => {
  it(`agrees on every sample of ${RUNS} generated configs (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(config, async (generated) => {
        expect(await disagreements(generated), fileOf(generated).text).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('reaches each setting: the generator makes configs whose samples each one answers', async () => {
    // Guards the generator, not hoplens: a change that made every sample miss the settings would prove nothing.
    const reached = new Set<string>();
    fc.sample(config, { seed: SEED, numRuns: RUNS }).forEach((generated) => {
      const oracle = vercelOracle(generated.redirects, fileOf(generated).settings);
      for (const [sample] of generated.samples) {
        const want = oracle.answer(new URL(sample, BASE));
        if (want !== undefined && 'location' in want && want.rule < 0) {
          reached.add(`${generated.trailingSlash}/${generated.cleanUrls}`);
        }
      }
    });
    expect([...reached].sort()).toEqual(
      expect.arrayContaining(['true/undefined', 'false/undefined', 'undefined/true', 'true/true', 'false/true']),
    );
  });
});
