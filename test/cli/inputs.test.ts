import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../src/inputs/csv/read.js';
import type { InputItem } from '../../src/inputs/index.js';
import { detectInputFormat } from '../../src/inputs/index.js';
import { readList } from '../../src/inputs/list/read.js';
import { readLines } from '../../src/inputs/text/lines.js';

async function all(items: AsyncIterable<InputItem>): Promise<InputItem[]> {
  const out: InputItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** A stream delivering `text` in small chunks, so that lines and records straddle chunk boundaries. */
function chunked(text: string, size = 7): Readable {
  const chunks: Buffer[] = [];
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
}

describe('readLines', () => {
  it('splits LF and CRLF across chunks, numbers lines, drops a BOM and decodes UTF-8 split mid-character', async () => {
    const lines = [];
    for await (const line of readLines(chunked('\uFEFFone\r\ntwo\n\nthré€\nlast', 3))) lines.push(line);
    expect(lines).toEqual([
      { number: 1, text: 'one' },
      { number: 2, text: 'two' },
      { number: 3, text: '' },
      { number: 4, text: 'thré€' },
      { number: 5, text: 'last' },
    ]);
  });
});

describe('readList', () => {
  it('yields one row per URL, skips blanks and comments, and reports bad lines with their number', async () => {
    const items = await all(
      readList(chunked('# urls\nhttp://a.test/x\n\n  https://b.test/y  \nnot a url\nftp://c.test/\n')),
    );
    expect(items).toEqual([
      { kind: 'row', row: { line: 2, source: 'http://a.test/x' } },
      { kind: 'row', row: { line: 4, source: 'https://b.test/y' } },
      // A URL has no spaces: `new URL` would make `not%20a%20url` of the line.
      { kind: 'invalid', line: 5, message: 'a list line holds one URL, and this one has spaces in it' },
      { kind: 'invalid', line: 6, message: expect.stringContaining('ftp:') },
    ]);
  });
});

describe('readCsv', () => {
  it('reads a header in any order and case, quoted fields with commas, quotes and line breaks', async () => {
    const csv = [
      'Target,SOURCE,status',
      '# a comment',
      '',
      '"http://new.test/a?x=1,2","http://old.test/a",301',
      // A `#` inside an unquoted field is a fragment, not a comment.
      '/relative,http://old.test/b#frag,',
      '"http://new.test/say ""hi""","http://old.test/c",308',
      '"http://new.test/multi',
      'line","http://old.test/d",',
    ].join('\n');
    const items = await all(readCsv(chunked(csv)));
    expect(items).toEqual([
      { kind: 'row', row: { line: 4, source: 'http://old.test/a', target: 'http://new.test/a?x=1,2', status: 301 } },
      { kind: 'row', row: { line: 5, source: 'http://old.test/b#frag', target: 'http://old.test/relative' } },
      {
        kind: 'row',
        row: { line: 6, source: 'http://old.test/c', target: 'http://new.test/say%20%22hi%22', status: 308 },
      },
      // WHATWG URL parsing drops line breaks, as browsers do.
      { kind: 'row', row: { line: 8, source: 'http://old.test/d', target: 'http://new.test/multiline' } },
    ]);
  });

  it('accepts rows without target or status values', async () => {
    const items = await all(readCsv(chunked('source,target\nhttp://old.test/a,\n')));
    expect(items).toEqual([{ kind: 'row', row: { line: 2, source: 'http://old.test/a' } }]);
  });

  it('reports malformed rows with their line numbers and goes on', async () => {
    const csv = [
      'source,target,status',
      'http://old.test/a,http://new.test/a,301',
      'http://old.test/b,http://new.test/b',
      // Not `nope`, which is a bare host now (https://nope/, as on the web page).
      'not a url,http://new.test/c,301',
      'http://old.test/d,http://new.test/d,3xx',
      'http://old.test/f,http://new.test/f,301',
      '"http://old.test/e"x,http://new.test/e,301',
    ].join('\n');
    const items = await all(readCsv(chunked(csv)));
    expect(items.map((item) => [item.kind, item.kind === 'row' ? item.row.line : item.line])).toEqual([
      ['row', 2],
      ['invalid', 3],
      ['invalid', 4],
      ['invalid', 5],
      ['row', 6],
      ['invalid', 7],
    ]);
    expect(items[1]).toMatchObject({ message: 'expected 3 fields like the header, got 2' });
    expect(items[5]).toMatchObject({ message: expect.stringMatching(/^malformed CSV: Invalid Closing Quote/) });
  });

  // The headers real exports write (sources cited beside CSV_HEADER_NAMES, src/inputs/csv/header.ts).
  it.each([
    [
      'Screaming Frog, Response Codes',
      'Address,Status Code,Status,Redirect URL',
      'http://o.test/a,301,Moved Permanently,http://n.test/a',
    ],
    ['Yoast (for Redirection)', 'source URL,target URL,regex,http code', 'http://o.test/a,http://n.test/a,0,301'],
    [
      'Redirection',
      'source,target,regex,code,type,hits,title,status',
      'http://o.test/a,http://n.test/a,0,301,url,0,,active',
    ],
    ['Rank Math', 'source,destination,type', 'http://o.test/a,http://n.test/a,301'],
    ['Shopify', 'Redirect from,Redirect to', 'http://o.test/a,http://n.test/a'],
    ['Squarespace and Wix migration maps', 'Old URL,New URL', 'http://o.test/a,http://n.test/a'],
    ['Webflow', 'Old Path,Redirect to', 'http://o.test/a,http://n.test/a'],
    ['HubSpot', 'Original URL,Redirect to', 'http://o.test/a,http://n.test/a'],
    ['HubSpot API', 'routePrefix,destination,redirectStyle', 'http://o.test/a,http://n.test/a,301'],
    ['Botify', 'URL,Redirects to URL', 'http://o.test/a,http://n.test/a'],
  ])('reads the source and target (and status) of a %s export', async (_tool, header, record) => {
    const [item] = await all(readCsv(chunked(`${header}\n${record}\n`)));
    expect(item).toMatchObject({ kind: 'row', row: { source: 'http://o.test/a', target: 'http://n.test/a' } });
    if (/code|type|style/i.test(header)) expect(item).toMatchObject({ row: { status: 301 } });
  });

  it('rejects a missing or unknown header', async () => {
    await expect(all(readCsv(chunked('http://old.test/a,http://new.test/a\n')))).rejects.toMatchObject({
      code: 'INPUT_MALFORMED',
      message: expect.stringContaining('line 1: unknown CSV column'),
    });
    // A header without a source column lists what it may be called.
    await expect(all(readCsv(chunked('status,notes\nhttp://a.test/,301\n')))).rejects.toMatchObject({
      code: 'INPUT_MALFORMED',
      message: expect.stringMatching(
        /^line 1: no source column in the CSV header "status", "notes"; expected source \(or from, old, old url, source url, url, .*\), target \(or to, new, .*\), status code \(or http status, http code, code, /,
      ),
    });
    await expect(all(readCsv(chunked('# only a comment\n')))).rejects.toMatchObject({ code: 'INPUT_MALFORMED' });
  });
});

describe('detectInputFormat', () => {
  it('goes by --input, then by file name', async () => {
    expect(await detectInputFormat('x.csv', undefined)).toBe('csv');
    expect(await detectInputFormat('dir/REDIRECTS.CSV', undefined)).toBe('csv');
    expect(await detectInputFormat('public/_redirects', undefined)).toBe('netlify');
    expect(await detectInputFormat('site.redirects', undefined)).toBe('netlify');
    expect(await detectInputFormat('urls.txt', undefined)).toBe('list');
    expect(await detectInputFormat('-', undefined)).toBe('list');
    expect(await detectInputFormat('-', 'csv')).toBe('csv');
    expect(await detectInputFormat('x.csv', 'list')).toBe('list');
    expect(await detectInputFormat('site/netlify.toml', undefined)).toBe('netlify');
    expect(await detectInputFormat('vercel.json', undefined)).toBe('vercel');
    expect(await detectInputFormat('public/.htaccess', undefined)).toBe('apache');
    expect(await detectInputFormat('conf/httpd-vhosts.conf', undefined)).toBe('apache');
    expect(await detectInputFormat('/etc/nginx/nginx.conf', undefined)).toBe('nginx');
    expect(await detectInputFormat('sites/redirects.conf', undefined)).toBe('nginx');
    expect(await detectInputFormat('package.json', undefined)).toBe('list');
    expect(await detectInputFormat('export.json', 'wordpress')).toBe('wordpress');
  });
});
