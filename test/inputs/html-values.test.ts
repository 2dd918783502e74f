/**
 * The parsers of links kept inside values (src/inputs/html/), each against its authority:
 * - srcset: the HTML standard's "parse a srcset attribute" (4.8.4.3.10,
 *   https://html.spec.whatwg.org/multipage/images.html#parsing-a-srcset-attribute): a URL is a run of non-whitespace
 *   (commas inside it kept, trailing ones removed), descriptors run to the next comma outside parentheses;
 * - CSS: CSS Syntax Level 3's tokenizer (https://www.w3.org/TR/css-syntax-3/#consume-url-token): comments and strings
 *   are tokens of their own, a bad URL token is no URL;
 * - JSON-LD: schema.org's URL properties as Google's structured data reads them
 *   (https://developers.google.com/search/docs/appearance/structured-data/intro-structured-data).
 * Each range must slice out the URL exactly as written, as the files crawl's rewrites need.
 */
import { describe, expect, it } from 'vitest';
import { cssUrls, jsonLdUrls, type LocatedUrl, srcsetUrls } from '../../src/inputs/html/index.js';

/** Each URL, checked against its range. */
function urls(text: string, found: LocatedUrl[]): string[] {
  for (const located of found) expect(text.slice(located.start, located.end).length).toBeGreaterThan(0);
  return found.map((located) => located.url);
}

describe('srcset', () => {
  it('reads candidates with density and width descriptors, spaced or not', () => {
    const a = 'a.jpg 1x, b.jpg 2x';
    expect(urls(a, srcsetUrls(a))).toEqual(['a.jpg', 'b.jpg']);
    const b = 'a.jpg 480w,b.jpg 800w';
    expect(urls(b, srcsetUrls(b))).toEqual(['a.jpg', 'b.jpg']);
    expect(srcsetUrls(b).map((u) => b.slice(u.start, u.end))).toEqual(['a.jpg', 'b.jpg']);
  });

  it('keeps commas inside a URL, drops trailing ones, and skips empty candidates and descriptor parentheses', () => {
    expect(srcsetUrls('/img?size=1,2 1x,,, /b.png')).toMatchObject([{ url: '/img?size=1,2' }, { url: '/b.png' }]);
    expect(srcsetUrls('a.png, b.png,').map((u) => u.url)).toEqual(['a.png', 'b.png']);
    expect(srcsetUrls('  \n a.png (x, y), c.png').map((u) => u.url)).toEqual(['a.png', 'c.png']);
    expect(srcsetUrls('')).toEqual([]);
  });
});

describe('CSS url()', () => {
  it('reads unquoted, double- and single-quoted url() and @import strings, with their ranges', () => {
    const css = `@import "imp.css"; a { background: url(a.png) } b { x: URL( "b.png" ) } c { x: url('c.png') }`;
    const found = cssUrls(css);
    expect(urls(css, found)).toEqual(['imp.css', 'a.png', 'b.png', 'c.png']);
    expect(found.map((u) => css.slice(u.start, u.end))).toEqual(['imp.css', 'a.png', 'b.png', 'c.png']);
  });

  it("marks an @import's URL, written as a string or a url()", () => {
    const css = `@import "a.css"; @import url(b.css) screen; @import /* c */ 'c.css'; x { y: url(d.png) }`;
    expect(cssUrls(css).map((u) => `${u.url}${u.imported ? ' imported' : ''}`)).toEqual([
      'a.css imported',
      'b.css imported',
      'c.css imported',
      'd.png',
    ]);
  });

  it('takes nothing from comments, other strings, bad URL tokens, data: URLs or names ending in url', () => {
    const css = [
      '/* url(comment.png) @import "c.css"; */',
      'a::after { content: "url(string.png)" }',
      'b { x: url(bad url.png) } c { x: url(data:image/png;base64,AAAA) } d { x: myurl(no.png) }',
      'e { x: url(ok.png) }',
    ].join('\n');
    expect(cssUrls(css).map((u) => u.url)).toEqual(['ok.png']);
  });

  it('decodes escapes in the URL, its range being the text as written', () => {
    const css = 'a { x: url(a\\(1\\).png) } b { x: url("\\62 .png") }';
    const found = cssUrls(css);
    expect(found.map((u) => u.url)).toEqual(['a(1).png', 'b.png']);
    expect(css.slice(found[0]!.start, found[0]!.end)).toBe('a\\(1\\).png');
  });
});

describe('JSON-LD', () => {
  it('reads url, @id, sameAs, image, logo and mainEntityOfPage in nested objects, arrays and @graph', () => {
    const text = JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Organization',
          '@id': '#org',
          url: 'https://a.test/',
          logo: { '@type': 'ImageObject', url: '/logo.png' },
          sameAs: ['https://x.test/a', 'https://y.test/b'],
          name: 'https://not-a-url-property.test/',
        },
        { '@type': 'Article', image: ['/i1.png', { '@id': '/i2.png' }], mainEntityOfPage: '/article' },
      ],
    });
    expect(urls(text, jsonLdUrls(text))).toEqual([
      '#org',
      'https://a.test/',
      '/logo.png',
      'https://x.test/a',
      'https://y.test/b',
      '/i1.png',
      '/i2.png',
      '/article',
    ]);
  });

  it('skips invalid JSON silently, blank nodes, and keeps ranges through escapes and whitespace', () => {
    expect(jsonLdUrls('{"url": "https://a.test/", oops}')).toEqual([]);
    expect(jsonLdUrls('')).toEqual([]);
    expect(jsonLdUrls('{"@id": "_:b0", "url": ""}')).toEqual([]);
    const text = '{\n  "url" :\t"https:\\/\\/a.test\\/x"\n}';
    const [found] = jsonLdUrls(text);
    expect(found?.url).toBe('https://a.test/x');
    expect(text.slice(found!.start, found!.end)).toBe('https:\\/\\/a.test\\/x');
  });

  it('does not exhaust the stack on deep nesting', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(jsonLdUrls(`{"url": ${deep}, "@id": "/after"}`)).toMatchObject([{ url: '/after' }]);
  });
});
