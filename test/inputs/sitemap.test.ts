/**
 * The streaming sitemap reader (src/inputs/sitemap/). The format is the sitemaps protocol (sitemaps.org/protocol.html):
 * a `<urlset>` of `<url><loc>` entries, or a `<sitemapindex>` of `<sitemap><loc>` entries; a `<loc>`'s text is
 * entity-escaped XML (the protocol's "Entity escaping" section), and CDATA is text (XML 1.0, section 2.7).
 */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzipWhenCompressed, readSitemap, scanSitemapLocs } from '../../src/inputs/sitemap/index.js';
import { all, brief, chunked } from '../helpers/rule-items.js';

const URLSET = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment with <loc>http://not.test/</loc> inside -->
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://site.test/a?x=1&amp;y=2</loc>
    <lastmod>2024-01-01</lastmod>
    <image:image><image:loc>https://site.test/photo.jpg</image:loc></image:image>
  </url>
  <url><loc><![CDATA[https://site.test/b?p=<1>&q]]></loc></url>
  <url><loc>
     https://site.test/&#x63;&#100;
  </loc></url>
</urlset>
`;

async function locs(text: string, size = 5) {
  const found = [];
  for await (const loc of scanSitemapLocs(chunked(text, size))) found.push(loc);
  return found;
}

describe('scanSitemapLocs', () => {
  it.each([1, 3, 7, 64, 100_000])(
    'reads the pages of a urlset in chunks of %i bytes: entities decoded, CDATA taken as is, image locs left out',
    async (size) => {
      expect(await locs(URLSET, size)).toEqual([
        { kind: 'page', loc: 'https://site.test/a?x=1&y=2', line: 5 },
        { kind: 'page', loc: 'https://site.test/b?p=<1>&q', line: 9 },
        { kind: 'page', loc: 'https://site.test/cd', line: 10 },
      ]);
    },
  );

  it('reads the child sitemaps of an index, with namespace prefixes', async () => {
    const index =
      '<sm:sitemapindex xmlns:sm="x"><sm:sitemap><sm:loc>https://s.test/1.xml</sm:loc></sm:sitemap>\n<sm:sitemap><sm:loc>https://s.test/2.xml.gz</sm:loc></sm:sitemap></sm:sitemapindex>';
    expect(await locs(index)).toEqual([
      { kind: 'sitemap', loc: 'https://s.test/1.xml', line: 1 },
      { kind: 'sitemap', loc: 'https://s.test/2.xml.gz', line: 2 },
    ]);
  });

  // Google's third way of listing hreflang alternates: `<xhtml:link rel="alternate" hreflang href>` children of a
  // `<url>` entry, before or after its `<loc>` (https://developers.google.com/search/docs/specialty/international/localized-versions).
  it.each([1, 4, 100_000])(
    'gives each entry its hreflang alternates once it closes, when asked (chunks of %i)',
    async (size) => {
      const text = [
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:x="http://www.w3.org/1999/xhtml">',
        "<url><x:link rel='alternate' hreflang='nl' href='https://s.test/nl?a=1&amp;b=2'/>",
        '<loc>https://s.test/en</loc>',
        '<x:link rel="alternate" hreflang="en" href="https://s.test/en" />',
        '<x:link rel="next" href="https://s.test/page2"/><x:link rel="alternate" href="https://s.test/no-lang"/></url>',
        '<url><loc>https://s.test/plain</loc></url>',
        '</urlset>',
      ].join('\n');
      const found = [];
      for await (const entry of scanSitemapLocs(chunked(text, size), { alternates: true })) found.push(entry);
      expect(found).toEqual([
        { kind: 'page', loc: 'https://s.test/en', line: 3 },
        {
          kind: 'alternates',
          loc: 'https://s.test/en',
          line: 3,
          alternates: [
            { hreflang: 'nl', href: 'https://s.test/nl?a=1&b=2' },
            { hreflang: 'en', href: 'https://s.test/en' },
          ],
        },
        { kind: 'page', loc: 'https://s.test/plain', line: 6 },
      ]);
      // Not asked for, the scanner gives the pages only, as it always did.
      expect(await locs(text, size)).toEqual([found[0], found[2]]);
    },
  );

  it('refuses a file whose root is not a sitemap, and one with no element at all', async () => {
    await expect(locs('<?xml version="1.0"?><rss><channel/></rss>')).rejects.toThrow(
      'not a sitemap: the root element is <rss>',
    );
    await expect(locs('just text')).rejects.toThrow('no <urlset> or <sitemapindex>');
  });

  it('refuses text too long to be a sitemap instead of buffering it', async () => {
    const huge = `<urlset><url><loc>${'a'.repeat(300 * 1024)}</loc></url></urlset>`;
    await expect(locs(huge, 64 * 1024)).rejects.toThrow(/too long/);
  });
});

async function bytesOf(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('gunzipWhenCompressed', () => {
  it('gunzips gzip by its magic bytes and passes anything else through', async () => {
    const text = '<urlset><url><loc>https://site.test/z</loc></url></urlset>';
    const read = async (source: Readable) => (await bytesOf(source)).toString();
    expect(await read(gunzipWhenCompressed(Readable.from([gzipSync(text)])))).toBe(text);
    expect(await read(gunzipWhenCompressed(Readable.from([Buffer.from(text)])))).toBe(text);
  });

  it('fails on a corrupt gzip stream instead of hanging', async () => {
    const bad = Buffer.concat([gzipSync('<urlset>').subarray(0, 12), Buffer.from('garbage')]);
    await expect(bytesOf(gunzipWhenCompressed(Readable.from([bad])))).rejects.toThrow();
  });
});

describe('readSitemap', () => {
  it('makes each page a row expecting no redirect, moved onto --base-url when given', async () => {
    const items = await all(readSitemap(chunked(URLSET), { baseUrl: 'http://staging.test:8080/' }));
    expect(brief(items)).toEqual([
      'row 5 http://staging.test:8080/a?x=1&y=2 → - -',
      'row 9 http://staging.test:8080/b?p=%3C1%3E&q → - -',
      'row 10 http://staging.test:8080/cd → - -',
    ]);
    expect(items.every((item) => item.kind === 'row' && item.row.expectNoRedirect === true)).toBe(true);
  });

  it('reads an index child by child, naming each child, and reports a child that cannot be read', async () => {
    const children: Record<string, string> = {
      'https://s.test/1.xml': '<urlset><url><loc>https://s.test/p1</loc></url></urlset>',
      'https://s.test/2.xml.gz': '<urlset>\n<url><loc>https://s.test/p2</loc></url></urlset>',
    };
    const index =
      '<sitemapindex><sitemap><loc>https://s.test/1.xml</loc></sitemap>\n<sitemap><loc>https://s.test/2.xml.gz</loc></sitemap>\n<sitemap><loc>https://s.test/3.xml</loc></sitemap></sitemapindex>';
    const open = async (location: string) => {
      const text = children[location];
      if (text === undefined) throw new Error(`cannot read ${location}: no such file`);
      return gunzipWhenCompressed(Readable.from([location.endsWith('.gz') ? gzipSync(text) : Buffer.from(text)]));
    };
    const items = await all(readSitemap(chunked(index), { open }));
    expect(brief(items)).toEqual([
      'row 1 https://s.test/p1 → - -',
      'row 2 https://s.test/p2 → - -',
      'bad 3 sitemap https://s.test/3.xml: no such file',
    ]);
    expect(items[1]!.kind === 'row' && items[1]!.row.extra).toEqual({ sitemap: 'https://s.test/2.xml.gz' });
  });

  it('reports a loc that is not a URL on its line and reads on', async () => {
    const text = '<urlset>\n<url><loc>ftp://x.test/a</loc></url>\n<url><loc>https://ok.test/</loc></url></urlset>';
    expect(brief(await all(readSitemap(chunked(text), {})))).toEqual([
      expect.stringMatching(/^bad 2 /),
      'row 3 https://ok.test/ → - -',
    ]);
  });
});
