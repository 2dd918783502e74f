/**
 * A page's bytes as a browser reads them before its tokenizer: the character encoding (WHATWG HTML §13.2.3.2,
 * "determining the character encoding", and its prescan), whether a page without a type is HTML (MIME Sniffing §7.1,
 * "rules for identifying an unknown MIME type"), and the query of a URL on a legacy-encoded page (URL standard, query
 * state: "percent-encode after encoding, with encoding"). Chromium agrees on each of these in
 * test/core/page-reading-chromium.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { charsetOfContent, prescanEncoding } from '../../src/core/html/encoding-prescan.js';
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
    expect(decodePage(bom, 'text/html; charset=windows-1252')).toEqual({ text: 'café', encoding: 'utf-8' });
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
    // Multi-byte legacy encodings have no encoder in Node: the query stays UTF-8 (a documented difference).
    ['/p?q=\u00e9', 'shift_jis', '/p?q=\u00e9'],
  ])('%s in %s → %s', (input, encoding, expected) => {
    expect(withQueryEncoded(input, encoding)).toBe(expected);
  });

  it('leaves the escapes to the URL parser as they are', () => {
    expect(new URL(withQueryEncoded('/caf\u00e9?q=\u00e9', 'windows-1252'), 'http://a.test').href).toBe(
      'http://a.test/caf%C3%A9?q=%E9',
    );
  });
});
