/**
 * Reading a page as the HTML standard's parser builds its document (src/core/html/page-signals.ts) and the
 * standard's first-refresh rule (src/core/html/meta-refresh.ts), as fast pure tests. Side by side with Chromium:
 * test/core/page-reading-chromium.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { declaredRefresh } from '../../src/core/client-redirect.js';
import { findCanonicalLink } from '../../src/core/html/link-canonical.js';
import { firstMetaRefresh } from '../../src/core/html/meta-refresh.js';
import { findRobotsMeta } from '../../src/core/html/meta-robots.js';
import { NO_SIGNALS, readPage } from '../../src/core/html/page-signals.js';
import { findScriptRedirect } from '../../src/core/html/script-redirect.js';
import { signalExtent } from '../../src/core/html/signal-extent.js';
import { IGNORED_CONTEXTS, REFRESHING_CONTEXTS } from './helpers/refresh-contexts.js';

const PAGE = new URL('https://a.test/dir/page');

/** Where the page's meta refreshes send it (the first the standard accepts), or undefined. */
function refreshTarget(html: string): string | undefined {
  return firstMetaRefresh(readPage(html).refreshes, PAGE)?.target.href;
}

describe('meta refresh contexts (WHATWG HTML: the pragma runs when the parser inserts the element into the document)', () => {
  it.each(IGNORED_CONTEXTS.map((context) => [context.name, context] as const))(
    'ignores one in %s',
    (_name, context) => {
      expect(refreshTarget(context.html('/next'))).toBeUndefined();
    },
  );

  it.each(REFRESHING_CONTEXTS.map((context) => [context.name, context] as const))('reads one in %s', (_, context) => {
    expect(refreshTarget(context.html('/next'))).toBe(new URL(context.expected ?? '/next', PAGE).href);
  });
});

describe('meta refresh elements', () => {
  const head = (tags: string) => `<!doctype html><html><head><title>t</title>${tags}</head><body>hi</body></html>`;

  it.each([
    ['<meta http-equiv="refresh" content="0; url=/next">', 'https://a.test/next'],
    ["<META HTTP-EQUIV='Refresh' CONTENT='5;URL=https://b.test/'>", 'https://b.test/'],
    ['<meta http-equiv=REFRESH content=0;url=/x />', 'https://a.test/x'],
    ['<meta\n  http-equiv = "refresh"\n  content = " 1 ; url=/y ">', 'https://a.test/y'],
    ['<meta data-content="nope" http-equiv="refresh" content="2;url=z">', 'https://a.test/dir/z'],
    // Attribute values carry character references: a query's "&" is often written "&amp;" (HTML §13.2.5.73).
    ['<meta http-equiv="refresh" content="0; url=/n?a=1&amp;b=2">', 'https://a.test/n?a=1&b=2'],
    // The first of a repeated attribute wins (HTML §13.2.5.33, "duplicate-attribute" parse error).
    ['<meta http-equiv="refresh" content="0;url=/first" content="0;url=/second">', 'https://a.test/first'],
  ])('reads %s', (tag, target) => {
    expect(refreshTarget(head(tag))).toBe(target);
  });

  it.each([
    ['no meta at all', ''],
    ['another http-equiv', '<meta http-equiv="content-type" content="text/html; charset=utf-8">'],
    ['a name, not an http-equiv', '<meta name="refresh" content="0;url=/x">'],
    ['a lookalike attribute', '<meta data-http-equiv="refresh" content="0;url=/x">'],
    ['a lookalike value', '<meta http-equiv="refresh-rate" content="0;url=/x">'],
    // An enumerated attribute's keyword is matched as written, ASCII case-insensitively: no trimming (Chromium agrees).
    ['a keyword with spaces', '<meta http-equiv=" refresh " content="0;url=/x">'],
    ['a commented-out tag', '<!-- <meta http-equiv="refresh" content="0;url=/old"> -->'],
    ['a tag after an unclosed comment', '<!-- <p>oops</p> <meta http-equiv="refresh" content="0;url=/x">'],
    ['a tag inside a script', '<script>document.write(\'<meta http-equiv="refresh" content="0;url=/x">\')</script>'],
    ['text that mentions it', '<p>use &lt;meta http-equiv="refresh"&gt; sparingly</p>'],
  ])('ignores %s', (_name, tags) => {
    expect(refreshTarget(head(tags))).toBeUndefined();
  });
});

/**
 * WHATWG HTML, "shared declarative refresh steps": step 1 returns when the document's "will declaratively refresh" is
 * already true, and only a refresh whose content and URL parse sets it. So the first meta refresh that parses is the
 * page's, and one that does not parse hides nothing after it.
 */
describe('the first-refresh rule', () => {
  it('lets a valid refresh after an unparsable one count', () => {
    const page = '<meta http-equiv=refresh content="soon; url=/bad"><meta http-equiv=refresh content="0; url=/good">';
    expect(refreshTarget(page)).toBe('https://a.test/good');
    // The refresh state's own steps: a missing or empty content does nothing either.
    const empty = '<meta http-equiv=refresh><meta http-equiv=refresh content=""><meta http-equiv=refresh content=0;/b>';
    expect(refreshTarget(empty)).toBe('https://a.test/b');
    // A URL that does not parse fails the steps before the flag is set.
    expect(
      refreshTarget('<meta http-equiv=refresh content="0;url=http://[x"><meta http-equiv=refresh content="0;/c">'),
    ).toBe('https://a.test/c');
  });

  it('keeps the first valid refresh, even when a later one is sooner', () => {
    const page = '<meta http-equiv=refresh content="5; url=/first"><meta http-equiv=refresh content="0; url=/second">';
    expect(firstMetaRefresh(readPage(page).refreshes, PAGE)).toMatchObject({ delay: 5 });
    expect(refreshTarget(page)).toBe('https://a.test/first');
  });

  it('lets a reload (no URL) end the search: it is the page refresh, and not a redirect', () => {
    const page = '<meta http-equiv=refresh content="30"><meta http-equiv=refresh content="0; url=/elsewhere">';
    expect(refreshTarget(page)).toBe(PAGE.href);
    expect(declaredRefresh(PAGE, undefined, readPage(page))).toBeUndefined();
  });

  it('runs the Refresh header first; one that does not parse does not hide the meta refresh', () => {
    const page = readPage('<meta http-equiv=refresh content="0; url=/meta">');
    expect(declaredRefresh(PAGE, '0; url=/header', page)).toMatchObject({ via: 'refresh-header' });
    expect(declaredRefresh(PAGE, 'soon', page)).toMatchObject({ via: 'meta-refresh', target: new URL('/meta', PAGE) });
  });
});

/** WHATWG HTML, "document base URL": the first `<base href>` in the document, parsed against the page's URL. */
describe('<base href>', () => {
  it('resolves the refresh URL with the base in force when the meta is inserted', () => {
    expect(refreshTarget('<base href="https://cdn.a.test/x/"><meta http-equiv=refresh content="0;url=y">')).toBe(
      'https://cdn.a.test/x/y',
    );
    // A base inserted after the meta was not the document's base URL when the refresh's steps ran.
    expect(refreshTarget('<meta http-equiv=refresh content="0;url=y"><base href="https://cdn.a.test/x/">')).toBe(
      'https://a.test/dir/y',
    );
    expect(refreshTarget('<base href="/other/"><meta http-equiv=refresh content="0;url=y">')).toBe(
      'https://a.test/other/y',
    );
  });

  it('ignores a base in a template, and takes the first base that has an href', () => {
    const signals = readPage(
      '<template><base href="/t/"></template><base target=_top><base href="/b/"><base href="/c/">',
    );
    expect(signals.base).toBe('/b/');
  });

  it('is given with the canonical link, which resolves against it', () => {
    const link = findCanonicalLink(readPage('<base href="https://cdn.a.test/d/"><link rel=canonical href="p">'));
    expect(link).toEqual({ href: 'p', base: 'https://cdn.a.test/d/' });
  });
});

describe('one parse for every signal', () => {
  it('reads robots metas, canonical links, scripts and the language from the document only', () => {
    const html =
      '<html lang="fr-CA"><head><meta name="ROBOTS" content="noindex"><meta name="googlebot" content="nofollow">' +
      '<link rel="alternate" hreflang="fr" href="/fr/"><link rel="canonical" href="/c">' +
      '<template><meta name="robots" content="none"><link rel=canonical href=/t><script>location="/t"</script></template>' +
      '<noscript><meta name="robots" content="none"></noscript></head>' +
      '<body><script src="/app.js">location="/src"</script><script>location.replace("/go")</script></body></html>';
    const signals = readPage(html);
    expect(findRobotsMeta(signals)).toEqual([
      { name: 'ROBOTS', content: 'noindex' },
      { name: 'googlebot', content: 'nofollow' },
    ]);
    expect(findCanonicalLink(signals)).toEqual({ href: '/c' });
    expect(signals.links.map((link) => [link.rel, link.hreflang])).toEqual([
      [['alternate'], 'fr'],
      [['canonical'], undefined],
    ]);
    expect(signals.scripts).toEqual(['location.replace("/go")']);
    expect(findScriptRedirect(signals.scripts)).toBe('/go');
    expect(signals.lang).toBe('fr-CA');
  });

  it('does not parse a page without any element a signal comes from', () => {
    expect(readPage('<h1>Home</h1><p>Nothing here names a <b>meta</b>.</p>')).toBe(NO_SIGNALS);
    expect(readPage('plain text')).toBe(NO_SIGNALS);
    expect(readPage('<HTML LANG=en>')).toMatchObject({ lang: 'en' });
  });
});

/**
 * The tokenizer reads left to right and the tree is built as tokens come (WHATWG HTML §13.2.1), so a parse that stops
 * after the last tag a signal may come from reads what a parse of the whole page reads.
 */
describe('parsing only the part of a page that holds signals', () => {
  const body = `<main>${'<div class="card"><p>Text &amp; more, <a href="/x?a=1&amp;b=2">a link</a></p></div>\n'.repeat(400)}</main>`;
  const pages: Array<[string, string]> = [
    ...[...IGNORED_CONTEXTS, ...REFRESHING_CONTEXTS].map((context): [string, string] => [
      context.name,
      context.html('/n'),
    ]),
    [
      'signals in the head, a long body',
      `<html lang=en><head><link rel=canonical href=/c><meta name=robots content=noindex></head><body>${body}`,
    ],
    ['a > in a quoted value of the last tag', `<meta name="a>b" content='c>d' http-equiv=refresh>${body}`],
    ['a > in an unquoted value', `<link href=/a?x=>b rel=canonical>${body}`],
    ['a self-closing last tag', `<meta name=robots content=none/>${body}`],
    ['attributes with = and quotes in names', `<meta a"b=1 'c =d name=robots content=noindex>${body}`],
    [
      'a script last, then a long body',
      `<script>var a = '<meta http-equiv=refresh content=0;/x>'; location = "/y";</script>${body}`,
    ],
    ['a script whose end tag has attributes', `<script>location = "/y"</script foo="a>b">${body}<p>`],
    ['a script never closed', `<script>location = "/y";${body}`],
    [
      'a tag cut off by the end of the input',
      `<link rel=canonical href=/c><meta http-equiv=refresh content="0;url=/x"`,
    ],
    ['a script start inside a textarea', `<textarea><script></textarea><meta name=robots content=noindex>${body}`],
    ['a script inside a template', `<template><script>location="/t"</script></template><meta name=x content=y>${body}`],
    ['an SVG script', `<svg><script>location.href = '/svg'</script></svg>${body}`],
    ['the first-refresh rule', `<meta http-equiv=refresh content=x><meta http-equiv=refresh content="0;/a">${body}`],
  ];

  it.each(pages)('reads the same as the whole page: %s', (_name, html) => {
    expect(readPage(html)).toEqual(readPage(html, html.length));
  });

  it('stops after the head when the body has no tag a signal comes from', () => {
    const html = `<html lang=en><head><title>t</title><link rel=canonical href=/c></head><body>${body}`;
    expect(signalExtent(html)).toBe(html.indexOf('</head>'));
    const script = `<head><script>location = "/y"</script foo="a>b"></head><body>${body}`;
    expect(signalExtent(script)).toBe(script.indexOf('</head>'));
    expect(signalExtent(`<p>${body}`)).toBe(0);
  });
});
