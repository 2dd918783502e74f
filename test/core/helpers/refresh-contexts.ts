/**
 * Pages with a `<meta http-equiv="refresh">` in one HTML context each, shared by the reader's unit tests
 * (test/core/page-reading.test.ts) and the side-by-side run with Chromium (test/core/page-reading-chromium.test.ts).
 * The contexts are those of issue 22's attack pages and issue 27's list, plus the tree builder's less obvious moves.
 */

/** A page, given the URL its refresh names (`url=` value, as written). */
export interface RefreshContext {
  readonly name: string;
  readonly html: (target: string) => string;
  /** Where a page at /dir/page lands when the refresh counts: the target unless a `<base>` changes it. */
  readonly expected?: string;
}

const meta = (target: string) => `<meta http-equiv="refresh" content="0; url=${target}">`;
const page = (head: string, body = '<p>Still here.</p>') =>
  `<!doctype html><html><head><title>Page</title>${head}</head><body>${body}</body></html>`;

/**
 * Contexts whose meta refresh the HTML standard never inserts into the document, so that Chromium stays on the page:
 * text of RCDATA/RAWTEXT/PLAINTEXT elements (§13.2.5 tokenizer states; `<noscript>` is RAWTEXT with scripting
 * enabled, §13.2.6.4.5), a template's contents (a separate document fragment, §4.12.3), and attribute values.
 */
export const IGNORED_CONTEXTS: readonly RefreshContext[] = [
  { name: '<template>', html: (t) => page(`<template>${meta(t)}</template>`) },
  { name: '<noscript> (scripting enabled)', html: (t) => page(`<noscript>${meta(t)}</noscript>`) },
  { name: '<title>', html: (t) => page('', `<title>${meta(t)}</title>`).replace('<title>Page</title>', '') },
  { name: '<textarea>', html: (t) => page('', `<textarea>${meta(t)}</textarea>`) },
  { name: '<style>', html: (t) => page(`<style>${meta(t)}</style>`) },
  { name: '<xmp>', html: (t) => page('', `<xmp>${meta(t)}</xmp>`) },
  { name: '<plaintext>', html: (t) => page('', `<plaintext>${meta(t)}`) },
  { name: 'an iframe srcdoc', html: (t) => page('', `<iframe srcdoc='${meta(t)}'></iframe>`) },
  { name: 'an attribute value', html: (t) => page('', `<div title='${meta(t)}'>x</div>`) },
  { name: 'iframe fallback content', html: (t) => page('', `<iframe>${meta(t)}</iframe>`) },
  { name: '<noembed>', html: (t) => page('', `<noembed>${meta(t)}</noembed>`) },
  { name: '<noframes>', html: (t) => page(`<noframes>${meta(t)}</noframes>`) },
  { name: 'a comment', html: (t) => page(`<!-- ${meta(t)} -->`) },
  { name: 'a script', html: (t) => page(`<script>var s = '${meta(t)}';</script>`) },
  {
    name: 'an http-equiv keyword with spaces',
    html: (t) => page(`<meta http-equiv=" refresh " content="0; url=${t}">`),
  },
];

/** Contexts where the parser inserts the meta element into the document: the refresh counts (Chromium follows it). */
export const REFRESHING_CONTEXTS: readonly RefreshContext[] = [
  { name: 'the head', html: (t) => page(meta(t)) },
  { name: 'the body', html: (t) => page('', `<p>Moved.</p>${meta(t)}`) },
  {
    name: 'the head, after a <base href>',
    html: (t) => page(`<base href="/based/">${meta(t.replace(/^\//, ''))}`),
    expected: '/based/next',
  },
  { name: 'after </html>', html: (t) => `${page('')}${meta(t)}` },
  { name: 'a table (foster parented)', html: (t) => page('', `<table><tr><td>x</td></tr>${meta(t)}</table>`) },
  { name: 'an <svg> (breaks out of foreign content)', html: (t) => page('', `<svg>${meta(t)}</svg>`) },
  { name: 'an <object> fallback', html: (t) => page('', `<object>${meta(t)}</object>`) },
  {
    name: 'the body, after an unparsable refresh',
    html: (t) => page('<meta http-equiv="refresh" content="soon; url=/never">', `<p>x</p>${meta(t)}`),
  },
  { name: 'a page with no head or body tags', html: (t) => meta(t) },
];
