/**
 * Pages whose meaning is in their bytes and headers as sent: a charset (WHATWG HTML §13.2.3, "determining the
 * character encoding"), no Content-Type (MIME Sniffing §7.1), Refresh headers as written, a long head. Served raw
 * (node:http refuses a form feed in a header value) to Chromium and hoplens side by side
 * (test/core/page-reading-chromium.test.ts).
 */

import iconv from 'iconv-lite';

/** A page: its header lines (no status line, no Content-Length) and its body (a string is sent as UTF-8). */
export interface WirePage {
  readonly headers: readonly string[];
  readonly body: string | Buffer;
  /** The status line's code and reason, `200 OK` unless given. */
  readonly status?: string;
}

/** A case: where Chromium lands (path and query) and, when it differs on purpose (docs/library.md), hoplens. */
export interface WireCase extends WirePage {
  readonly name: string;
  readonly path: string;
  readonly chromium: string;
  /** What hoplens gives instead, when docs/library.md lists the difference: a path and query, or an error code. */
  readonly hoplens?: string;
}

/** The response `page` is sent as: its status, its headers as Latin-1 bytes, a Content-Length, then the connection closes. */
export function rawResponse(page: WirePage): Buffer {
  const body = typeof page.body === 'string' ? Buffer.from(page.body, 'utf8') : page.body;
  const head = [
    `HTTP/1.1 ${page.status ?? '200 OK'}`,
    ...page.headers,
    `Content-Length: ${body.length}`,
    'Connection: close',
    '',
    '',
  ];
  return Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), body]);
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');
/** A page declaring `charset` whose refresh goes to `/q?x=` then `query`, all of it in that charset's bytes. */
const queryPage = (charset: string, query: string) =>
  iconv.encode(`<meta charset="${charset}"><meta http-equiv="refresh" content="0; url=/q?x=${query}">`, charset);
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
    // undici's strict parser refuses the byte; hoplens sends the GET again with Node's lenient one
    // (src/core/hop/lenient-request.ts) and reads the header with Chromium's whitespace (src/core/refresh.ts).
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
  // A <meta charset> past the prescan's 1024 bytes: the encoding guessed for the bytes (UTF-8, as they are valid UTF-8)
  // is tentative, and the tree construction's "change the encoding" (WHATWG HTML §13.2.6.4.4, a meta start tag; and
  // §13.2.3.4) reads the page again in the declared one. Chromium does so in the head and in the body alike.
  // The query in the multi-byte legacy encodings (URL standard, "percent-encode after encoding"; src/core/html/
  // legacy-encoders.ts): each byte the page's encoder gives, percent-encoded unless it is a printable ASCII byte
  // outside the special-query set, and a character the encoding lacks as `&#N;`. The expected values are Chromium's.
  {
    name: 'a Shift_JIS query, with half-width katakana and a character Shift_JIS lacks',
    path: '/m1',
    headers: [HTML],
    // The Hangul syllable as a character reference: Shift_JIS bytes cannot hold it.
    body: queryPage('shift_jis', 'アｱ中&#44032;'),
    chromium: '/q?x=%83A%B1%92%86%26%2344032%3B',
  },
  {
    name: 'an EUC-JP query, half-width katakana in two bytes',
    path: '/m2',
    headers: [HTML],
    body: queryPage('euc-jp', 'ア中ｱ'),
    chromium: '/q?x=%A5%A2%C3%E6%8E%B1',
  },
  {
    // ISO-2022-JP's JIS X 0208 bytes are ASCII bytes: `ア` is 0x25 0x22, a `%` kept as it is and a `"` encoded.
    name: 'an ISO-2022-JP query, escape sequences and all',
    path: '/m3',
    headers: [HTML],
    body: latin1(`<meta charset="iso-2022-jp"><meta http-equiv="refresh" content='0; url=/q?x=\x1b$B%"Cf\x1b(B'>`),
    chromium: '/q?x=%1B$B%%22Cf%1B(B',
  },
  {
    name: 'an EUC-KR query',
    path: '/m4',
    headers: [HTML],
    body: queryPage('euc-kr', '가中'),
    chromium: '/q?x=%B0%A1%F1%E9',
  },
  {
    name: 'a Big5 query',
    path: '/m5',
    headers: [HTML],
    body: queryPage('big5', '中€'),
    chromium: '/q?x=%A4%A4%A3%E1',
  },
  {
    name: 'a GBK query, the euro sign in one byte',
    path: '/m6',
    headers: [HTML],
    body: queryPage('gbk', '中€'),
    chromium: '/q?x=%D6%D0%80',
  },
  {
    name: 'a gb18030 query, a Hangul syllable in four bytes',
    path: '/m7',
    headers: [HTML],
    body: queryPage('gb18030', '中가'),
    chromium: '/q?x=%D6%D0%827%CF5',
  },
  {
    name: 'a late <meta charset> in the head, after a long comment',
    path: '/w14',
    headers: [HTML],
    body: `<html><head><!-- ${'x'.repeat(1100)} --><meta charset="windows-1252">${refreshTo('/café')}`,
    chromium: '/caf%C3%83%C2%A9',
  },
  {
    name: 'a late <meta charset> after the refresh it decodes',
    path: '/w15',
    headers: [HTML],
    body: `<html><head>${refreshTo('/café')}<title>${'x'.repeat(1100)}</title><meta charset="windows-1252">`,
    chromium: '/caf%C3%83%C2%A9',
  },
  {
    name: 'a late <meta charset> in the body',
    path: '/w16',
    headers: [HTML],
    body: `<html><head></head><body><p>${'x'.repeat(2000)}</p><meta charset="windows-1252">${refreshTo('/café')}`,
    chromium: '/caf%C3%83%C2%A9',
  },
  {
    name: 'a late <meta http-equiv="Content-Type"> naming ISO-8859-2',
    path: '/w17',
    headers: [HTML],
    body: `<head><script>var pad = "${'x'.repeat(1100)}";</script><meta http-equiv="content-type" content="text/html; charset=iso-8859-2">${refreshTo('/café')}`,
    // UTF-8's C3 A9 read as ISO-8859-2: U+0102 U+0160.
    chromium: '/caf%C4%82%C5%A0',
  },
  {
    name: 'two late <meta charset>s: the first changes the encoding, the second is ignored',
    path: '/w18',
    headers: [HTML],
    body: `<head><!-- ${'x'.repeat(1100)} --><meta charset="windows-1252"><meta charset="iso-8859-2">${refreshTo('/café')}`,
    chromium: '/caf%C3%83%C2%A9',
  },
  {
    name: 'a late <meta charset> on a page whose prescan found one: the first stays',
    path: '/w19',
    headers: [HTML],
    body: latin1(
      `<meta charset="windows-1252"><!-- ${'x'.repeat(1100)} --><meta charset="iso-8859-2">${refreshTo('/caf\xE9')}`,
    ),
    chromium: CAFE,
  },
  {
    name: 'a late <meta charset> naming UTF-16, read as UTF-8',
    path: '/w20',
    headers: [HTML],
    body: latin1(`<head><!-- ${'x'.repeat(1100)} --><meta charset="utf-16le">${refreshTo('/caf\xE9')}`),
    // Not valid UTF-8 (so guessed windows-1252), then declared UTF-16, which a page in ASCII bytes is read as UTF-8:
    // the lone 0xE9 is U+FFFD.
    chromium: '/caf%EF%BF%BD',
  },
  // Error pages (docs/library.md, "Where hoplens differs from Chromium, on purpose"): Chromium runs a refresh on any
  // page it shows, an error page included; hoplens records it (meta_refresh) but ends the chain on the error status,
  // which is what the status says to a crawler: Google Search Central, "How HTTP status codes, and network and DNS
  // errors affect Google Search" (developers.google.com/search/docs/crawling-indexing/http-network-errors): a 4xx
  // means the content does not exist, a 5xx slows the crawl; neither page's content is used.
  {
    name: 'a 404 page with an immediate meta refresh',
    path: '/e1',
    status: '404 Not Found',
    headers: [HTML],
    body: refreshTo('/next'),
    chromium: '/next',
    hoplens: '/e1',
  },
  {
    name: 'a 503 page with an immediate Refresh header',
    path: '/e2',
    status: '503 Service Unavailable',
    headers: [HTML, 'Refresh: 0; url=/next'],
    body: '<p>Back soon.</p>',
    chromium: '/next',
    hoplens: '/e2',
  },
  {
    name: 'a 410 page with a delayed meta refresh',
    path: '/e3',
    status: '410 Gone',
    headers: [HTML],
    body: '<meta http-equiv="refresh" content="1; url=/next">',
    chromium: '/next',
    hoplens: '/e3',
  },
];
