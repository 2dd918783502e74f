/**
 * A link's new target in its own syntax. Relative references are resolved and written per RFC 3986 §4.2 and §5
 * (path-, root- and scheme-relative); a fragment is kept across a redirect without its own (RFC 9110 §10.2.2); a
 * Markdown destination takes angle brackets when it holds spaces or unbalanced parentheses (CommonMark 0.31.2 §6.3,
 * https://spec.commonmark.org/0.31.2/#link-destination); an unquoted HTML attribute value may not hold whitespace,
 * quotes, `=`, `<`, `>` or a backtick (HTML standard 13.1.2.3, https://html.spec.whatwg.org/#attributes-2).
 */
import { describe, expect, it } from 'vitest';
import { type RewriteInput, rewrittenText } from '../../src/file-links/rewrite-target.js';

const page = new URL('https://site.example/docs/guide/intro.html');

function rewrite(target: string, finalUrl: string, more: Partial<RewriteInput> = {}): string {
  return rewrittenText({
    form: 'inline',
    written: target,
    target,
    url: new URL(target, page),
    finalUrl,
    pageUrl: page,
    ...more,
  });
}

describe('rewritten link targets', () => {
  it('keeps a relative link relative on the same origin, in the form it was written', () => {
    expect(rewrite('../api/old', 'https://site.example/docs/api/new/')).toBe('../api/new/');
    expect(rewrite('/old?q=1', 'https://site.example/new?q=1')).toBe('/new?q=1');
    expect(rewrite('//site.example/old', 'https://site.example/new')).toBe('//site.example/new');
    expect(rewrite('old', 'https://site.example/docs/guide/new')).toBe('new');
  });

  it('writes an absolute URL when the final URL leaves the origin, or when the link was absolute', () => {
    expect(rewrite('/old', 'https://other.example/new')).toBe('https://other.example/new');
    expect(rewrite('https://site.example/old', 'https://site.example/new')).toBe('https://site.example/new');
  });

  it("keeps the link's fragment unless the final URL has its own", () => {
    expect(rewrite('/old#part', 'https://site.example/new')).toBe('/new#part');
    expect(rewrite('/old#part', 'https://site.example/new#own')).toBe('/new#own');
  });

  it('puts a Markdown destination in angle brackets when it was, or when its parentheses are unbalanced', () => {
    expect(rewrite('https://a.example/x', 'https://a.example/y(1', { written: 'https://a.example/x' })).toBe(
      '<https://a.example/y(1>',
    );
    expect(rewrite('https://a.example/x', 'https://a.example/y', { written: '<https://a.example/x>' })).toBe(
      '<https://a.example/y>',
    );
  });

  it('quotes an unquoted attribute value that needs it, and keeps &amp; where the original wrote it', () => {
    const attribute = { form: 'attribute' as const, quoted: false };
    expect(rewrite('https://a.example/x', 'https://a.example/y?a=1', attribute)).toBe('"https://a.example/y?a=1"');
    expect(rewrite('https://a.example/x', 'https://a.example/y', attribute)).toBe('https://a.example/y');
    const entity = { form: 'attribute' as const, quoted: true, written: 'https://a.example/x?a=1&amp;b=2' };
    expect(rewrite('https://a.example/x?a=1&b=2', 'https://a.example/y?a=1&b=2', entity)).toBe(
      'https://a.example/y?a=1&amp;b=2',
    );
  });
});
