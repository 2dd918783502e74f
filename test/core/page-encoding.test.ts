/**
 * A page's bytes as a browser reads them before its tokenizer: the character encoding (WHATWG HTML §13.2.3.2,
 * "determining the character encoding", and its prescan), whether a page without a type is HTML (MIME Sniffing §7.1,
 * "rules for identifying an unknown MIME type"), and the query of a URL on a legacy-encoded page (URL standard, query
 * state: "percent-encode after encoding, with encoding"). Chromium agrees on each of these in
 * test/core/page-reading-chromium.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { charsetOfContent, prescanEncoding } from '../../src/core/html/encoding-prescan.js';
import { readTentativePage } from '../../src/core/html/lazy-page-reader.js';
import { prepareLegacyEncoder } from '../../src/core/html/legacy-encoders.js';
import { readsAsHtml } from '../../src/core/html/mime-sniff.js';
import { decodePage, pageEncoding } from '../../src/core/html/page-encoding.js';
import { withQueryEncoded } from '../../src/core/html/query-encoding.js';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('the prescan (HTML §13.2.3.2)', () => {
  it.each([
    ['<meta charset="windows-1252">', 'windows-1252'],
    ['<META CHARSET=latin1>', 'windows-1252'],
    ['<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">', 'windows-1252'],
    ["<meta content='text/html;charset=shift_jis' http-equiv=content-type>", 'shift_jis'],
    // A content charset without the pragma declares nothing.
    ['<meta content="text/html; charset=koi8-r">', undefined],
    // The first attribute of a name counts.
    ['<meta charset="koi8-r" charset="utf-8">', 'koi8-r'],
    ['<!-- <meta charset="koi8-r"> --><meta charset="windows-1251">', 'windows-1251'],
    ['<!--><meta charset="koi8-r">', 'koi8-r'],
    // A '>' in another tag's quoted attribute does not end the tag.
    ['<div title="x>y <meta charset=koi8-r>"><meta charset=gbk>', 'gbk'],
    ['<meta charset="utf-16le">', 'utf-8'],
    ['<meta charset="no-such-encoding">', undefined],
    // Beyond the first 1024 bytes.
    [`${' '.repeat(1024)}<meta charset="koi8-r">`, undefined],
  ])('%s → %s', (head, encoding) => {
    expect(prescanEncoding(bytes(head))).toBe(encoding);
  });

  it.each([
    ['text/html; charset=windows-1252', 'windows-1252'],
    ['charset = "koi8-r"', 'koi8-r'],
    ["charset='unterminated", undefined],
    ['charsetx=1; charset=gbk', 'gbk'],
  ])('a meta content %s gives %s', (content, label) => {
    expect(charsetOfContent(content)).toBe(label);
  });
});

describe("the page's encoding: BOM, then Content-Type, then the prescan, then a guess", () => {
  it('takes a BOM over the Content-Type and the Content-Type over a meta', () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('caf\u00e9')]);
    expect(decodePage(bom, 'text/html; charset=windows-1252')).toEqual({
      text: 'café',
      encoding: 'utf-8',
      guessed: false,
    });
    expect(pageEncoding(bytes('<meta charset=koi8-r>'), 'text/html; charset="windows-1251"')).toBe('windows-1251');
    expect(pageEncoding(bytes('<meta charset=koi8-r>'), 'text/html; charset=bogus')).toBe('koi8-r');
  });

  it('decodes /caf\\xE9 on a windows-1252 page as café, not U+FFFD', () => {
    expect(decodePage(bytes('/caf\xE9'), 'text/html; charset=windows-1252').text).toBe('/café');
    expect(decodePage(bytes('<meta charset=windows-1252>/caf\xE9'), 'text/html').text).toContain('/café');
  });

  it('decodes windows-1252 bytes 0x80-0x9F as the Encoding standard does (Node 20 gives C1 controls)', () => {
    expect(decodePage(bytes('\x80\x93\x9F'), 'text/html; charset=iso-8859-1').text).toBe('\u20AC\u201C\u0178');
  });

  it('guesses UTF-8 for valid UTF-8 (a character cut off at the end too), windows-1252 otherwise', () => {
    expect(pageEncoding(Buffer.from('café'), undefined)).toBe('utf-8');
    expect(pageEncoding(Buffer.from('café').subarray(0, 4), undefined)).toBe('utf-8');
    expect(pageEncoding(bytes('caf\xE9!'), 'text/html')).toBe('windows-1252');
  });
});

describe('sniffing a page without a type (MIME Sniffing §7.1)', () => {
  it.each([
    [undefined, '  <!DOCTYPE html><p>', true],
    [undefined, '<HTML>', true],
    ['*/*', '\n<p>x', true],
    [undefined, '<!-- x -->', true],
    [undefined, 'Moved: <meta http-equiv=refresh>', false],
    // A tag name must end with a space or '>'.
    [undefined, '<pre>', false],
    ['text/plain', '<html>', false],
    ['text/html; charset=utf-8', 'anything', true],
    ['application/xhtml+xml', '<html>', true],
  ])('Content-Type %s, body %j: HTML %s', (type, body, html) => {
    expect(readsAsHtml(type, bytes(body))).toBe(html);
  });
});

describe("a URL's query in the page's encoding (URL standard)", () => {
  it.each([
    ['/caf\u00e9?q=\u00e9', 'windows-1252', '/caf\u00e9?q=%E9'],
    ['/p?q=\u20ac#\u00e9', 'windows-1252', '/p?q=%80#\u00e9'],
    // A character the encoding has not: an HTML character reference, percent-encoded.
    ['/p?q=\u4e00', 'windows-1252', '/p?q=%26%2319968%3B'],
    ['/p?q=\u00e9', 'utf-8', '/p?q=\u00e9'],
    // Multi-byte legacy encodings (src/core/html/legacy-encoders.ts; the URL standard's "percent-encode after
    // encoding" over the Encoding standard's encoders). Checked against Chromium in page-reading-chromium.test.ts.
    ['/p?q=\u00e9', 'shift_jis', '/p?q=%26%23233%3B'],
    ['/p?q=\u00a5', 'shift_jis', '/p?q=\\'],
    // EUC-JP's encoder has no JIS X 0212 (iconv-lite's table has é there), and Big5's none of HKSCS below 0xA1.
    ['/p?q=\u00e9', 'euc-jp', '/p?q=%26%23233%3B'],
    ['/p?q=\u00e9', 'big5', '/p?q=%26%23233%3B'],
    // GBK has no four-byte sequence; gb18030 has.
    ['/p?q=\uac00', 'gbk', '/p?q=%26%2344032%3B'],
    ['/p?q=\uac00', 'gb18030', '/p?q=%827%CF5'],
    // ISO-2022-JP: the escape into JIS X 0208, ア as 0x25 0x22 (a `%` kept, a `"` encoded), the escape back; an error
    // leaves JIS X 0208 first; half-width katakana is made full-width.
    ['/p?q=\u30a2', 'iso-2022-jp', '/p?q=%1B$B%%22%1B(B'],
    ['/p?q=\u30a2\uac00a', 'iso-2022-jp', '/p?q=%1B$B%%22%1B(B%26%2344032%3Ba'],
    ['/p?q=\uff71', 'iso-2022-jp', '/p?q=%1B$B%%22%1B(B'],
    // The URL parser's own first steps: tabs and newlines dropped before the query is encoded.
    ['/p?q=\t\u00e9\n', 'windows-1252', '/p?q=%E9'],
  ])('%s in %s → %s', async (input, encoding, expected) => {
    await prepareLegacyEncoder(encoding);
    expect(withQueryEncoded(input, encoding)).toBe(expected);
  });

  it('leaves the escapes to the URL parser as they are', () => {
    expect(new URL(withQueryEncoded('/caf\u00e9?q=\u00e9', 'windows-1252'), 'http://a.test').href).toBe(
      'http://a.test/caf%C3%A9?q=%E9',
    );
  });
});

/**
 * A `<meta charset>` the parser inserts past the prescan's 1024 bytes changes a guessed encoding (WHATWG HTML
 * §13.2.6.4.4, a meta start tag; §13.2.3.4 "changing the encoding while parsing"), and only a guessed one. Chromium
 * does the same in the head and in the body (page-reading-chromium.test.ts, the late <meta charset> pages).
 */
describe('a late <meta charset>', () => {
  const late = (charset: string, prefix = '') =>
    Buffer.from(`${prefix}<head><!-- ${'x'.repeat(1100)} --><meta charset="${charset}"><p>café</p>`);

  it('changes a guessed encoding: the page is read again in the declared one', async () => {
    const bytes = late('windows-1252');
    const { text, encoding, guessed } = decodePage(bytes, 'text/html');
    expect([encoding, guessed]).toEqual(['utf-8', true]);
    const read = await readTentativePage(text, encoding, bytes);
    expect(read.encoding).toBe('windows-1252');
    expect(read.text).toContain('cafÃ©');
    expect(read.signals.encoding).toBe('windows-1252');
  });

  it('does not change an encoding the Content-Type declared', async () => {
    const bytes = late('windows-1252');
    const { text, encoding, guessed } = decodePage(bytes, 'text/html; charset=utf-8');
    expect(guessed).toBe(false);
    const read = await readTentativePage(text, encoding, guessed ? bytes : undefined);
    expect([read.encoding, read.text.includes('café')]).toEqual(['utf-8', true]);
  });

  it('keeps the first one the parser inserts', async () => {
    const bytes = Buffer.concat([late('windows-1252'), Buffer.from('<meta charset="iso-8859-2">')]);
    const read = await readTentativePage(decodePage(bytes, undefined).text, 'utf-8', bytes);
    expect(read.encoding).toBe('windows-1252');
  });

  it('reads UTF-16 declared in ASCII bytes as UTF-8, and ignores a label that names nothing', async () => {
    const utf16 = late('utf-16le');
    expect((await readTentativePage(utf16.toString('latin1'), 'windows-1252', utf16)).encoding).toBe('utf-8');
    const unknown = late('no-such-charset');
    expect((await readTentativePage(unknown.toString(), 'utf-8', unknown)).encoding).toBe('utf-8');
  });
});
