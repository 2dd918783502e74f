/**
 * The kinds of link a page keeps besides `<a href>` (issue 47), read by src/crawl/page-links.ts: each named by its
 * kind, resolved against the page's base URL, and turned off by `--skip`. Authorities: the HTML standard for `srcset`
 * (4.8.4.3.10), `<area>` (4.8.14, a hyperlink as `<a>` is) and `<form action>` (4.10.21.3); schema.org and Google's
 * structured data docs for JSON-LD; CSS Syntax Level 3 for `url()`; X's card markup for `twitter:*`.
 */
import { describe, expect, it } from 'vitest';
import { pageLinks } from '../../src/crawl/page-links.js';

const PAGE = 'https://site.test/dir/page';

/** Each link as `kind url`. */
function kinds(markup: string, skip: string[] = []): string[] {
  return pageLinks(markup, PAGE, undefined, new Set(skip) as never).map((link) => `${link.element} ${link.url}`);
}

const EVERY_KIND = `<!doctype html><html><head>
<link rel=amphtml href=/amp><link rel=manifest href=/app.webmanifest><link rel="shortcut icon" href=/favicon.ico>
<link rel=apple-touch-icon href=/touch.png>
<meta name="twitter:image" content="/card.png"><meta property="twitter:url" content="https://site.test/tw">
<meta name="twitter:title" content="not a url">
<style>/* url(/commented.png) */ body { background: url("/bg.png") } @import '/imported.css';</style>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@id":"#org","url":"/org","sameAs":["https://social.test/org"]}]}</script>
<script type="application/ld+json">{ not json</script>
</head><body>
<map name=m><area href=/area alt="An area"></map>
<picture><source srcset="/s1.webp 1x, /s2.webp 2x"><img src=/i.png srcset="/w480.png 480w,/w800.png 800w" alt=i></picture>
<div style="background-image: url(/div.png); mask: url(data:image/png;base64,AA)"></div>
<form action=/post method=post><button formaction=/other>go</button></form><form></form>
</body></html>`;

describe('the kinds of link of a page', () => {
  it('reads each kind, in document order, and no URL from comments, invalid JSON-LD, data: URLs or the page itself', () => {
    expect(kinds(EVERY_KIND)).toEqual([
      'amphtml https://site.test/amp',
      'manifest https://site.test/app.webmanifest',
      'icon https://site.test/favicon.ico',
      'icon https://site.test/touch.png',
      'twitter https://site.test/card.png',
      'twitter https://site.test/tw',
      'css https://site.test/bg.png',
      'css https://site.test/imported.css',
      'json-ld https://site.test/org',
      'json-ld https://social.test/org',
      'area https://site.test/area',
      'srcset https://site.test/s1.webp',
      'srcset https://site.test/s2.webp',
      'img https://site.test/i.png',
      'srcset https://site.test/w480.png',
      'srcset https://site.test/w800.png',
      'css https://site.test/div.png',
      'form https://site.test/post',
      'form https://site.test/other',
    ]);
  });

  it('keeps an area its alt as its text, and a Twitter URL its property name', () => {
    const links = pageLinks(EVERY_KIND, PAGE, undefined, new Set());
    expect(links.find((link) => link.element === 'area')?.text).toBe('An area');
    expect(links.find((link) => link.element === 'twitter')?.text).toBe('twitter:image');
  });

  it('leaves each new kind out with --skip', () => {
    const skipped = ['json-ld', 'srcset', 'css', 'twitter', 'amphtml', 'manifest', 'icon', 'area', 'form'];
    expect(kinds(EVERY_KIND, skipped)).toEqual(['img https://site.test/i.png']);
    expect(kinds(EVERY_KIND, ['srcset']).some((kind) => kind.startsWith('srcset'))).toBe(false);
  });

  it('resolves against <base href>, JSON-LD and CSS included', () => {
    const markup = `<base href="https://cdn.test/b/"><div style="background:url(x.png)"></div>
      <script type="application/ld+json">{"image": "y.png", "@id": "https://site.test/dir/page#main"}</script>`;
    expect(kinds(markup)).toEqual(['css https://cdn.test/b/x.png', 'json-ld https://cdn.test/b/y.png']);
  });
});
