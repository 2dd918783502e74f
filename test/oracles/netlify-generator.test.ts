/**
 * The Netlify generator reaches every class issue 42 names (netlify-generator.ts): guards the generator, not hoplens:
 * a change that stopped writing a class would prove nothing about it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatedFile } from './netlify-generator.js';

const SEED = 4242;
const FILES = 600;

describe('the Netlify file generator at the suite seed', () => {
  const files = fc.sample(generatedFile, { seed: SEED, numRuns: FILES });
  const redirects = files.filter((file) => file.name === '_redirects').map((file) => file.text);
  const tomls = files.filter((file) => file.name === 'netlify.toml').map((file) => file.text);
  const samples = files.flatMap((file) => file.samples);

  it('writes every rule form in _redirects', () => {
    const text = redirects.join('\n');
    const forms = [
      /^\/\S+\/\* \/\S*:splat/m, // trailing splat
      /^\/[a-z]+\* /m, // glued splat
      /^\S+\/:id /m,
      /^\S+\/:year\/:id /m,
      /^\S+ id=:id \S+\/:id/m,
      /^\S+ id=5 /m,
      / 301$/m,
      / 302!$/m,
      / 307$/m,
      / 308!?$/m,
      / 200$/m,
      / 404!?$/m,
      /^\S+\/\* 200$/m, // a forward rule: no target
      /^https:\/\/www\.example\.com\/\S* https:\/\/www\.example\.com\/\S* 30\d/m, // domain-level
      /^http:\/\/www\.example\.com\//m,
      /^\/[a-z/]+\/ /m, // a trailing slash in the source
      /^\/\* /m,
      /^\/ /m,
      / Country=us$/m,
      /^# /m,
      /\n\n/,
      /\?ref=mig/,
    ];
    expect(forms.filter((form) => !form.test(text)).map(String)).toEqual([]);
    expect(redirects.some((file) => new Set(file.split('\n')).size < file.split('\n').filter(Boolean).length)).toBe(
      true,
    );
  });

  it('writes netlify.toml [[redirects]] with each field', () => {
    const text = tomls.join('\n');
    const forms = [/\[\[redirects\]\]/, /force = true/, /query = \{ id = ":id" \}/, /conditions = /, /status = 200/];
    expect(forms.filter((form) => !form.test(text)).map(String)).toEqual([]);
  });

  it('asks samples of every kind', () => {
    const text = samples.join('\n');
    const kinds = [
      /^https:\/\/site\.test\//m,
      /^https:\/\/www\.example\.com\//m,
      /^https:\/\/example\.com\//m,
      /^http:\/\/www\.example\.com\//m,
      /Z(\/|\?|$)/m, // near miss
      /\/[A-Z]/, // another case
      /\/(\?|$)/m, // trailing slash
      /\?id=7/,
      /%[0-9a-f]{2}/i,
      /%20x/,
      /\.test\/\//, // a double slash
    ];
    expect(kinds.filter((kind) => !kind.test(text)).map(String)).toEqual([]);
  });
});
