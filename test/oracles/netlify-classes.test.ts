/**
 * The classes of disagreement issue 26 found between hoplens and Netlify, one test each, every reading asked of
 * Netlify's own code too (netlify-oracle.ts: @netlify/redirect-parser, netlify-redirector) so that the test fails if
 * either side moves.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { describe, expect, it } from 'vitest';
import { parseNetlifyRule } from '../../src/inputs/formats/netlify/line.js';
import { compileNetlify } from '../../src/inputs/formats/netlify/patterns.js';
import { parseNetlify } from '../../src/inputs/formats/netlify/read.js';
import { parseRedirectsText } from '../../src/inputs/formats/netlify/redirects-text.js';
import { netlifyOracle } from './netlify-oracle.js';

const BASE = 'https://site.test';

describe('Netlify _redirects lines, as its parser reads them', () => {
  it('of two identical rules keeps the later one, so a different rule between them answers first', async () => {
    const text = '/twice /one\n/twice /two\n/twice /one\n';
    const url = new URL('/twice', BASE);
    expect((await netlifyOracle(text)).answer(url)).toMatchObject({ to: '/two' });
    expect(compileNetlify(parseRedirectsText(text, 'netlify')).match(url)).toMatchObject({ line: 2, target: '/two' });
  });

  it('keeps /a /b and /a /b 301 both: a written status and the default are not identical to the parser', async () => {
    // Found by `npm run fuzz:rules -- netlify` (seed 894989, corpus/netlify.json): hoplens kept only the later copy.
    const text = '/* /new/:splat 301\n/old /new\n/* /new/:splat\n';
    const url = new URL('/old', BASE);
    expect((await netlifyOracle(text)).answer(url)).toMatchObject({ rule: 0, to: '/new/old' });
    expect(compileNetlify(parseRedirectsText(text, 'netlify')).match(url)).toMatchObject({
      line: 1,
      target: '/new/old',
    });
  });

  it('drops a query or condition token without =, and keeps the rule', async () => {
    for (const line of ['/a novalue /b', '/a /b 301 novalue']) {
      const oracle = await netlifyOracle(`${line}\n`);
      expect(oracle.kept, line).toHaveLength(1);
      expect(oracle.answer(new URL('/a', BASE)), line).toMatchObject({ to: '/b', status: 301 });
      expect(parseNetlifyRule(line), line).toMatchObject({ from: '/a', to: '/b', query: [], conditions: [] });
    }
  });

  it('reads x=1=2 as x=1, as the parser splits on every =', async () => {
    const oracle = await netlifyOracle('/a x=1=2 /b\n');
    expect(oracle.kept[0]?.query).toEqual({ x: '1' });
    expect(parseNetlifyRule('/a x=1=2 /b')).toMatchObject({ query: [['x', '1']] });
    const rules = compileNetlify(parseRedirectsText('/a x=1=2 /b\n', 'netlify'));
    expect(rules.match(new URL('/a?x=1', BASE))).toMatchObject({ line: 1, target: '/b' });
    expect(oracle.answer(new URL('/a?x=1', BASE))).toMatchObject({ to: '/b' });
  });

  it('refuses 3o1 and 2000, which the parser keeps but no browser could receive, saying how the parser reads them', async () => {
    for (const [line, read] of [
      ['/a /b 3o1', 3],
      ['/a /b 2000', 2000],
    ] as const) {
      expect((await netlifyOracle(`${line}\n`)).kept[0]?.status, line).toBe(read);
      expect(parseNetlifyRule(line), line).toEqual({
        error: expect.stringContaining(`Netlify's parser reads it as ${read}, a status no browser receives`),
      });
    }
  });
});

describe('Netlify sources its parser refuses', () => {
  it('refuses a /.netlify source in the matcher too, not only in the rows', async () => {
    const text = '/.netlify/functions/x /y\n/a /b\n';
    expect((await netlifyOracle(text)).errors).toHaveLength(1);
    const rules = compileNetlify(parseRedirectsText(text, 'netlify'));
    expect(rules.problems).toEqual([{ line: 1, message: expect.stringContaining('/.netlify') }]);
    expect(rules.match(new URL('/.netlify/functions/x', BASE))).toBeUndefined();
  });
});

describe('netlify.toml, as its parser reads it', () => {
  it('keeps a rule with force = "true" (a string), forced', async () => {
    const toml = '[[redirects]]\nfrom = "/a"\nto = "/b"\nforce = "true"\n';
    const dir = await mkdtemp(join(tmpdir(), 'hoplens-netlify-toml-'));
    try {
      await writeFile(join(dir, 'netlify.toml'), toml);
      const parsed = await parseAllRedirects({
        redirectsFiles: [],
        netlifyConfigPath: join(dir, 'netlify.toml'),
        configRedirects: [],
        minimal: false,
      });
      expect(parsed.errors).toEqual([]);
      expect(parsed.redirects).toMatchObject([{ from: '/a', to: '/b', force: 'true' }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(await parseNetlify(toml, 'netlify')).toMatchObject([
      { line: 1, rule: { from: '/a', to: '/b', force: true } },
    ]);
  });
});
