/**
 * Pages whose meaning is in their bytes and headers as sent: a charset (WHATWG HTML §13.2.3, "determining the
 * character encoding"), no Content-Type (MIME Sniffing §7.1), Refresh headers as written, a long head. Served raw
 * (node:http refuses a form feed in a header value) to Chromium and hoplens side by side
 * (test/core/page-reading-chromium.test.ts).
 */

/** A page: its header lines (no status line, no Content-Length) and its body (a string is sent as UTF-8). */
export interface WirePage {
  readonly headers: readonly string[];
  readonly body: string | Buffer;
}

/** A case: where Chromium lands (path and query) and, when it differs on purpose (docs/library.md), hoplens. */
export interface WireCase extends WirePage {
  readonly name: string;
  readonly path: string;
  readonly chromium: string;
  /** What hoplens gives instead, when docs/library.md lists the difference: a path and query, or an error code. */
  readonly hoplens?: string;
}

/** The response `page` is sent as: 200, its headers as Latin-1 bytes, a Content-Length, then the connection closes. */
export function rawResponse(page: WirePage): Buffer {
  const body = typeof page.body === 'string' ? Buffer.from(page.body, 'utf8') : page.body;
  const head = ['HTTP/1.1 200 OK', ...page.headers, `Content-Length: ${body.length}`, 'Connection: close', '', ''];
  return Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), body]);
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const refreshTo = (url: string) => `<meta http-equiv="refresh" content="0; url=${url}">`;
const HTML = 'Content-Type: text/html';
/** `café` as UTF-8 always, whatever the page's encoding: the URL standard percent-encodes a path as UTF-8. */
const CAFE = '/caf%C3%A9';

export const WIRE_PAGES: readonly WireCase[] = [
  {
    name: 'windows-1252 by the Content-Type charset',
    path: '/w1',
    headers: ['Content-Type: text/html; charset=windows-1252'],
    body: latin1(refreshTo('/caf\xE9')),
    chromium: CAFE,
  },
  {
    name: 'windows-1252 by <meta charset>',
    path: '/w2',
    headers: [HTML],
    body: latin1(`<meta charset="windows-1252">${refreshTo('/caf\xE9')}`),
    chromium: CAFE,
  },
  {
    name: 'ISO-8859-1 (windows-1252) by <meta http-equiv="Content-Type">',
    path: '/w3',
    headers: [HTML],
    body: latin1(`<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">${refreshTo('/caf\xE9')}`),
    chromium: CAFE,
  },
  {
    name: 'a UTF-8 BOM over a windows-1252 Content-Type',
    path: '/w4',
    headers: ['Content-Type: text/html; charset=windows-1252'],
    body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(refreshTo('/café'))]),
    chromium: CAFE,
  },
  {
    name: 'the Content-Type charset over a <meta charset>',
    path: '/w5',
    headers: ['Content-Type: text/html; charset=utf-8'],
    body: Buffer.from(`<meta charset="windows-1252">${refreshTo('/café')}`),
    chromium: CAFE,
  },
  {
    name: 'Shift_JIS by <meta charset>',
    path: '/w6',
    headers: [HTML],
    body: Buffer.concat([latin1('<meta charset="shift_jis">'), latin1(refreshTo('/\x83\x41'))]),
    chromium: '/%E3%82%A2',
  },
  {
    name: 'no Content-Type, sniffed as HTML',
    path: '/w7',
    headers: [],
    body: `<html><head>${refreshTo('/next')}</head></html>`,
    chromium: '/next',
  },
  {
    name: 'no Content-Type, sniffed as text (no HTML tag first)',
    path: '/w8',
    headers: [],
    body: `Moved: ${refreshTo('/next')}`,
    chromium: '/w8',
  },
  {
    name: 'a refresh after a 100 KB inline script in the head',
    path: '/w9',
    headers: [HTML],
    body: `<head><script>var pad = "${'x'.repeat(100_000)}";</script>${refreshTo('/next')}</head>`,
    chromium: '/next',
  },
  {
    // The issue's `1;\furl=foo`, immediate so that the side-by-side wait is short.
    name: 'a Refresh header with a form feed before url=',
    path: '/w10',
    headers: [HTML, 'Refresh: 0;\furl=/next'],
    body: '<p>Moved.</p>',
    // Chromium's refresh parser does not take the form feed for whitespace (the HTML standard's steps do, which would
    // go to /next): the URL is "\furl=/next", whose leading control character the URL parser strips.
    chromium: '/url=/next',
    // A documented difference: undici's HTTP parser (llhttp) refuses a form feed in a header value.
    hoplens: 'PROTOCOL_ERROR',
  },
  {
    name: 'two Refresh headers',
    path: '/w11',
    headers: [HTML, 'Refresh: 0; url=/first', 'Refresh: 0; url=/second'],
    body: '<p>Moved.</p>',
    // One value, the Fetch standard's combination ("0; url=/first, 0; url=/second"): its URL is the rest of it.
    chromium: '/first,%200;%20url=/second',
  },
  {
    // Isomorphic decoding (WHATWG HTML, "create and initialize a Document object"): each byte one character.
    name: 'a Refresh header with UTF-8 bytes',
    path: '/w12',
    headers: [HTML, 'Refresh: 0; url=/caf\xC3\xA9'],
    body: '<p>Moved.</p>',
    chromium: '/caf%C3%83%C2%A9',
  },
  {
    name: 'a windows-1252 page with a query',
    path: '/w13',
    headers: ['Content-Type: text/html; charset=windows-1252'],
    body: latin1(refreshTo('/caf\xE9?q=\xE9')),
    chromium: `${CAFE}?q=%E9`,
  },
];
