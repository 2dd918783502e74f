/**
 * What the many-URLs mode makes of a paste before a run (src/web/client/many/pasted-input.ts): the format the CLI's
 * own detection gives (issue 44: a header with a space, `Old URL,New URL`, was read as a URL list), the rows read by the inputs room's own parsers (the same items `hoplens check` reads from the
 * file, test/inputs/portable.test.ts), and the rows left out when the day's quota is smaller than the list.
 */
import { describe, expect, it } from 'vitest';
import { readInput } from '../../src/inputs/index.js';
import { detectFormat, overQuota, pastedItems } from '../../src/web/client/many/pasted-input.js';
import { all, chunked } from '../helpers/rule-items.js';

describe('a paste in the many-URLs mode', () => {
  it.each([
    ['https://a.test/x\nhttps://a.test/y', 'list'],
    ['# moved pages\nwww.example.com/old', 'list'],
    ['https://a.test/?ids=1,2', 'list'],
    ['source,target,status\n/a,/b,301', 'csv'],
    ['Address;Redirect URL\n/a;/b', 'csv'],
    ['# Netlify\n/old  /new  301\n/blog/*  /news/:splat', 'netlify'],
    ['Old URL,Destination URL\n/a,/b', 'csv'],
    ['old url,new url\nhttps://a.test/a,https://a.test/b', 'csv'],
    ['Source URL,Target URL,Status Code\n/a,/b,301', 'csv'],
    ['server {\n  location = /a { return 301 /b; }\n}', 'nginx'],
    ['RewriteEngine On\nRedirect 301 /a /b', 'apache'],
  ])('detects %j as %s', (text, format) => {
    expect(detectFormat(text)).toEqual({ format });
  });

  it('names the command that reads a format the page has no text parser for', () => {
    const bulk = '[\n  { "source": "/a", "destination": "/b", "permanent": true }\n]';
    expect(detectFormat(bulk)).toEqual({ unreadable: expect.stringContaining('hoplens check --input vercel-bulk') });
  });

  it('reads a CSV paste into the rows a streamed CSV gives the CLI', async () => {
    const text = 'source,target,status\n/a,/b,301\nnot a url,/c,301\n';
    const base = 'https://site.test/';
    expect(await pastedItems('csv', text, ` ${base} `)).toEqual(
      await all(readInput('csv', chunked(text), { baseUrl: base })),
    );
  });

  it('keeps the first rows the quota covers and every line that is not a row', async () => {
    const items = await pastedItems('list', 'https://a.test/1\nnot a url\nhttps://a.test/2\nhttps://a.test/3\n', '');
    const { kept, dropped } = overQuota(items, 2);
    expect(dropped).toBe(1);
    expect(kept.map((item) => (item.kind === 'row' ? item.row.source : item.kind))).toEqual([
      'https://a.test/1',
      'invalid',
      'https://a.test/2',
    ]);
  });
});
