/**
 * Two classes the generated suite (netlify.generated.test.ts) found, each form asked of Netlify's own matcher
 * (netlify-oracle.ts: @netlify/redirect-parser, netlify-redirector) and of hoplens's, so that the test fails if either
 * side moves. Both fail on the matcher before them (src/inputs/formats/netlify/loop-guard.ts, patterns.ts).
 *
 * 1. A `*` rule does not redirect a path under its own target: `/* /new/:splat 301` serves `/new/a` as it is, and no
 *    later rule answers it. Netlify's documentation does not say so (docs.netlify.com/routing/redirects/, "Rule
 *    processing order": the first matching rule answers); the redirector is the engine Netlify's CLI and edge run.
 * 2. `//` is the root: Netlify matches a rule with or without one trailing slash
 *    (docs.netlify.com/routing/redirects/redirect-options/#trailing-slash), so `/` answers `//`, and the splat of
 *    `//` under `/*` is `/`.
 */
import { describe, expect, it } from 'vitest';
import { compileNetlify } from '../../src/inputs/formats/netlify/patterns.js';
import { parseRedirectsText } from '../../src/inputs/formats/netlify/redirects-text.js';
import { netlifyOracle } from './netlify-oracle.js';

const BASE = 'https://site.test';

/** What each side answers for a path: Netlify's target (or null), hoplens's (or null). */
async function both(text: string, path: string): Promise<[string | null, string | null]> {
  const url = new URL(`${BASE}${path}`);
  const netlify = (await netlifyOracle(text)).answer(url);
  const hoplens = compileNetlify(parseRedirectsText(text, 'netlify')).match(url);
  const said = (found: { to?: string; target?: string; status?: number } | null | undefined) =>
    found === null || found === undefined ? null : (found.to ?? found.target ?? `status ${found.status}`);
  return [said(netlify as { to?: string } | null), said(hoplens as { target?: string } | undefined)];
}

describe('a * rule under its own target (netlify-redirector)', () => {
  const CASES: Array<[string, string, string | null]> = [
    // Under the target's text before :splat, less one trailing slash: served as it is.
    ['/* /new/:splat 301\n', '/new/a', null],
    ['/* /new/:splat 301\n', '/news', null],
    ['/* /new/:splat 301\n', '/a', '/new/a'],
    ['/blog/* /blog/archive/:splat 301\n', '/blog/archive/2020/a', null],
    ['/blog/* /blog/archive/:splat 301\n', '/blog/2020/a', '/blog/archive/2020/a'],
    // A target without :splat: its whole text.
    ['/* /other/ 302\n', '/other/x', null],
    ['/* /other/ 302\n', '/other', '/other/'],
    ['/a/* /a 301\n', '/a/b', null],
    // No later rule answers a guarded path.
    ['/* /new 302\n/news /z 301\n', '/news', null],
    // Not when the rule's own source cannot match the target (no loop), a 200 rewrite, an absolute target, a target
    // with a query, or a target ending in / after its :splat.
    ['/news* /new/:splat 301\n', '/newsfoo', '/new/foo'],
    ['/* /new 200\n', '/new', '/new'],
    ['/* https://site.test/new 301\n', '/new', 'https://site.test/new'],
    ['/* /new?x=1 302\n', '/new', '/new?x=1'],
    ['/a/* /a/:splat/ 301\n', '/a/b', '/a/b/'],
  ];
  for (const [text, path, want] of CASES) {
    it(`${text.trim().replaceAll('\n', ' then ')} on ${path}: ${want ?? 'served as it is'}`, async () => {
      const [netlify, hoplens] = await both(text, path);
      expect(netlify).toBe(want);
      // A 200 rewrite names no target on hoplens's side: it serves the path.
      expect(hoplens).toBe(text.includes(' 200') ? 'status 200' : want);
    });
  }
});

describe('// as the root (netlify-redirector)', () => {
  it('answers // with the rule for /, not /// or /a//', async () => {
    expect(await both('/ /other/ 301\n', '//')).toEqual(['/other/', '/other/']);
    expect(await both('/ /other/ 301\n', '///')).toEqual([null, null]);
    expect(await both('/a/ /other/ 301\n', '/a//')).toEqual([null, null]);
    expect(await both('/:id /n/:id 301\n', '//')).toEqual([null, null]);
  });

  it('gives / as the splat of //', async () => {
    expect(await both('/* /new/:splat 301\n', '//')).toEqual(['/new//', '/new//']);
  });
});
