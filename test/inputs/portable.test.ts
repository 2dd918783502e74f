/**
 * The browser-safe entry (src/inputs/portable.ts) reads a text as the CLI reads the same file as a stream: the page's
 * many-URLs mode gets the CLI's rows, not a copy's. Each case is read both ways and must give the same items.
 */

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectInputFormat, FORMAT_TABLE, readInput } from '../../src/inputs/index.js';
import {
  csvRows,
  csvTextRecords,
  formatOfText,
  type PortableRuleFormat,
  parseListText,
  readRulesText,
} from '../../src/inputs/portable.js';
import { tempDirPerTest } from '../helpers/cli.js';
import { all, chunked } from '../helpers/rule-items.js';

const BASE = 'https://site.test/';
const dir = tempDirPerTest();

const RULES: ReadonlyArray<[PortableRuleFormat, string]> = [
  ['netlify', '# moves\n/old  /new  301\n/blog/*  /news/:splat\n/x\n/gone  /  410\r\n'],
  [
    'apache',
    'RewriteEngine On\nRedirect 301 /old /new\nRedirectMatch ^/b/(.*)$ /c/$1\nRewriteRule ^a$ /b [R=302,L]\n"',
  ],
  ['nginx', 'server {\n  location = /old { return 301 /new; }\n  location ~ ^/r { return 302 /s; }\n  return 301\n}'],
  [
    'vercel',
    '{\n  "redirects": [\n    { "source": "/old", "destination": "/new" },\n    { "source": "/p/:id", "destination": "/q" },\n    3\n  ]\n}',
  ],
];

describe('the portable inputs entry', () => {
  it.each(RULES)('%s: a rules text gives the items the CLI reads from the file', async (format, text) => {
    const options = { baseUrl: BASE };
    const streamed = await all(FORMAT_TABLE[format].read(chunked(text), options));
    expect(readRulesText(format, text, options)).toEqual(streamed);
    expect(streamed.length).toBeGreaterThan(2);
  });

  it('a URL list text gives the rows and the malformed lines of a streamed list', async () => {
    const text = '\uFEFFhttps://a.test/x\n# comment\n/path\nnot a url\n\n_redirects-like /a /b 301\nhttps://b.test/';
    const streamed = await all(readInput('list', chunked(text), { baseUrl: BASE }));
    expect(parseListText(text, BASE)).toEqual(streamed);
    expect(streamed.filter((item) => item.kind === 'row')).toHaveLength(3);
  });

  it('a CSV text gives the rows of a streamed CSV: its separator, comments, a stray quote, extra columns', async () => {
    const text = 'source;target;status;note\n# a comment\n/a;/b;301;x\n/c;"/d";302;y\n/e;/f"g;301;z\n/h;/i;;w\n';
    const streamed = await all(readInput('csv', chunked(text), { baseUrl: BASE }));
    expect(await all(csvRows(csvTextRecords(text), { baseUrl: BASE }))).toEqual(streamed);
    expect(streamed.map((item) => item.kind)).toEqual(['row', 'row', 'invalid', 'row']);
  });

  // Issue 44: the page read these as URL lists, each whole line one URL, while `hoplens check` read them as CSVs.
  it.each([
    'Old URL,Destination URL\n/a,/b\n',
    'old url,new url\nhttps://a.test/a,https://a.test/b\n',
    'Source URL,Target URL,Status Code\n/a,/b,301\n',
    '# exported\nSource URL;Target URL\n/a;/b\n',
  ])('detects %j as the CLI detects a file whose name says nothing: a CSV', async (text) => {
    const file = join(dir(), 'map.txt');
    await writeFile(file, text);
    expect(await detectInputFormat(file, undefined)).toBe('csv');
    expect(formatOfText(text)).toBe('csv');
  });

  it('detects a URL list, a _redirects and an nginx file as the CLI does', async () => {
    const texts = ['https://a.test/x,y\n/b\n', '/old /new 301\n/a /b\n', 'server {\n  rewrite ^/a$ /b permanent;\n}\n'];
    for (const [i, text] of texts.entries()) {
      const file = join(dir(), `input-${i}`);
      await writeFile(file, text);
      expect(formatOfText(text)).toBe(await detectInputFormat(file, undefined));
    }
    expect(texts.map(formatOfText)).toEqual(['list', 'netlify', 'nginx']);
  });
});

/**
 * An unclosed quote (issue 44): RFC 4180 §2 lets a quoted field hold line breaks
 * (https://www.rfc-editor.org/rfc/rfc4180#section-2), so the parser reads on to the end of the file or the next quote
 * and gives up there; the line to fix is the one where the quote opened, streamed and from a text alike.
 */
describe('an unclosed CSV quote', () => {
  it.each([
    ['at the end of the file', 'source,target\n/a,/b\n/c,"/d\n/e,/f\n/g,/h\n', 3, 5],
    ['closed by a later quote', 'source,target\n/a,/b\n/c,"/d\n/e,/f\n/g,"/h\n', 3, 5],
    [
      'after a blank line and a comment, no final line break',
      'source,target\n/a,/b\n\n# c\n/c,"/d\n/e,/f\n/g,/h',
      5,
      7,
    ],
    ['with CRLF and a closed quoted field before it', 'source,target\r\n/a,"/b ""x"""\r\n/c,"/d\r\n/e,/f\r\n', 3, 4],
  ])('%s: is reported on the line where it opened', async (_case, text, opened, end) => {
    const streamed = await all(readInput('csv', chunked(text), { baseUrl: BASE }));
    expect(await all(csvRows(csvTextRecords(text), { baseUrl: BASE }))).toEqual(streamed);
    const invalid = streamed.filter((item) => item.kind === 'invalid');
    expect(invalid).toEqual([
      { kind: 'invalid', line: opened, message: expect.stringContaining(`opened on this line runs on to line ${end}`) },
    ]);
  });

  it('a stray quote inside a field stays on its own line', async () => {
    const text = 'source,target\n/a,/b\n/c,/d"x\n/e,/f\n';
    const streamed = await all(readInput('csv', chunked(text), { baseUrl: BASE }));
    expect(streamed.filter((item) => item.kind === 'invalid').map((item) => item.line)).toEqual([3]);
  });
});
