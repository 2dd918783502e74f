/**
 * Where each link of a Markdown, MDX or HTML text is written, by the CommonMark parser's own reading (spec 0.31.2,
 * https://spec.commonmark.org/0.31.2/): the range of every target must be exactly the destination as written, so
 * that a rewrite touches nothing else. Cases restated from the spec's sections: link destinations in angle brackets
 * and with balanced parentheses (6.3 #links), a destination on the line after the label of a definition (4.7
 * #link-reference-definitions), the first of two definitions of one label winning (4.7), autolinks (6.5
 * #autolinks), no links inside code spans (6.1) or fenced code (4.5), raw HTML (6.6 #raw-html). HTML attributes'
 * positions are parse5's source locations (sourceCodeLocationInfo), their values decoded per the HTML standard
 * (13.2.5.72, character references).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlFileLinks } from '../../src/file-links/html-links.js';
import { markdownLinks } from '../../src/file-links/markdown-links.js';
import { walkFiles } from '../../src/inputs/files/walk-files.js';

/** Each link as `form text-as-written` (the range sliced out of the source). */
function written(text: string): string[] {
  return markdownLinks(text).map((link) => `${link.form} ${text.slice(link.start, link.end)}`);
}

describe('Markdown links and their ranges', () => {
  it('reads inline links with titles, angle brackets, balanced parentheses and a line break before the destination', () => {
    const text = [
      '[a](https://a.example/x "title") [b](<https://b.example/with space>)',
      '[c](https://c.example/wiki/Foo_(bar)) [d](',
      '  https://d.example/next-line)',
    ].join('\n');
    expect(written(text)).toEqual([
      'inline https://a.example/x',
      'inline <https://b.example/with space>',
      'inline https://c.example/wiki/Foo_(bar)',
      'inline https://d.example/next-line',
    ]);
  });

  it('gives two links with one target each its own place, and an image inside a link its own', () => {
    const text =
      '[one](https://same.example/) and [two](https://same.example/)\n[![i](https://img.example/i.png)](https://same.example/)';
    const links = markdownLinks(text);
    // Line 1: `[one](` then the target at 6, `[two](` at 33 so 39; line 2 starts at 62: the image's at 68, the link's at 96.
    expect(links.map((link) => link.start)).toEqual([6, 39, 68, 96]);
    expect(new Set(links.map((link) => text.slice(link.start, link.end))).size).toBe(2);
  });

  it('reads a reference link at its definition, only the first definition of a label, with the destination on the next line', () => {
    const text = '[x][Label] [label]\n\n[LABEL]:\n   https://first.example/ "t"\n[label]: https://second.example/\n';
    expect(written(text)).toEqual(['definition https://first.example/']);
  });

  it('takes no link from code spans, fenced code, indented code, or a definition whose label is never used as a link target twice', () => {
    const text =
      '`[a](https://code.example/)`\n\n```\n[b](https://fence.example/)\n```\n\n    [c](https://indented.example/)\n';
    expect(written(text)).toEqual([]);
  });

  it('reads autolinks (any scheme: linkUrl keeps http(s) only) and bare URLs (GFM), not a bare www. name', () => {
    const text =
      'see <https://auto.example/a?b=1> or https://bare.example/p, <mailto:x@y.example>, www.fuzzy.example\n';
    expect(written(text)).toEqual([
      'autolink https://auto.example/a?b=1',
      'bare https://bare.example/p',
      'autolink mailto:x@y.example',
    ]);
  });

  it('reads href and src of raw HTML inline and in blocks, and of JSX components, not JSX expressions', () => {
    const text =
      'Text <a href="https://inline.example/">x</a>.\n\n<div>\n  <img src=\'https://block.example/i.png\'>\n</div>\n\n<Card href="https://jsx.example/" to={url} src={other} />\n';
    expect(written(text)).toEqual([
      'attribute https://inline.example/',
      'attribute https://block.example/i.png',
      'attribute https://jsx.example/',
    ]);
  });

  it('counts lines with CRLF endings as an editor does', () => {
    const text = 'line one\r\n\r\n[x](https://crlf.example/)\r\n';
    const [link] = markdownLinks(text);
    expect(text.slice(link!.start, link!.end)).toBe('https://crlf.example/');
    expect(text.slice(0, link!.start).split('\r\n')).toHaveLength(3);
  });
});

describe('HTML links', () => {
  it('reads the link attributes of a page with their value ranges, entities decoded in the value', () => {
    const text =
      '<link rel=stylesheet href="https://s.example/a.css"><script src=https://j.example/a.js></script>' +
      '<a href="https://q.example/?a=1&amp;b=2">q</a><iframe src=\'https://f.example/\'></iframe><p title="https://no.example/">';
    const links = htmlFileLinks(text);
    expect(links.map((link) => `${link.element} ${text.slice(link.start, link.end)}`)).toEqual([
      'link https://s.example/a.css',
      'script https://j.example/a.js',
      'a https://q.example/?a=1&amp;b=2',
      'iframe https://f.example/',
    ]);
    expect(links[2]!.value).toBe('https://q.example/?a=1&b=2');
  });
});

describe('walking directories', () => {
  it('reads Markdown, MDX and HTML files, past node_modules and .git, filtered by --include and --exclude', async () => {
    const root = await mkdtemp(join(tmpdir(), 'hoplens-walk-'));
    try {
      for (const path of [
        'a.md',
        'b.mdx',
        'c.html',
        'd.txt',
        'node_modules/p/e.md',
        '.git/f.md',
        'sub/g.md',
        'sub/h.md',
      ]) {
        await mkdir(join(root, path, '..'), { recursive: true });
        await writeFile(join(root, path), '');
      }
      const names = async (include?: string[], exclude?: string[]) =>
        (await walkFiles(['.'], { cwd: root, ...(include ? { include } : {}), ...(exclude ? { exclude } : {}) })).map(
          (file) => file.absolute.slice(root.length + 1),
        );
      expect(await names()).toEqual(['a.md', 'b.mdx', 'c.html', 'sub/g.md', 'sub/h.md']);
      expect(await names(['*.md'])).toEqual(['a.md', 'sub/g.md', 'sub/h.md']);
      expect(await names(undefined, ['sub/**', '*.html'])).toEqual(['a.md', 'b.mdx']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
