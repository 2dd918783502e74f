/**
 * The docs link-check themselves (issue 44): every relative link and `#anchor` in README.md, SECURITY.md,
 * BENCHMARKS.md and docs/ names a file of the repository and, in a Markdown file, a heading there, with the anchors
 * GitHub gives headings (GitHub Docs, "Basic writing and formatting syntax", section links). External links are not
 * requested.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isRelativeLink, markdownOutline } from '../helpers/doc-links.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The pages checked: the top-level ones and every Markdown file under docs/. */
function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file));
  return ['README.md', 'SECURITY.md', 'BENCHMARKS.md', ...docs].sort();
}

const outlines = new Map<string, ReturnType<typeof markdownOutline>>();
function outlineOf(page: string): ReturnType<typeof markdownOutline> {
  let outline = outlines.get(page);
  if (outline === undefined) {
    outline = markdownOutline(readFileSync(join(ROOT, page), 'utf8'));
    outlines.set(page, outline);
  }
  return outline;
}

/** What is wrong with `href` on `page`, or undefined when it leads somewhere. */
function brokenLink(page: string, href: string): string | undefined {
  const hash = href.indexOf('#');
  const path = hash < 0 ? href : href.slice(0, hash);
  const fragment = hash < 0 ? undefined : decodeURIComponent(href.slice(hash + 1));
  const target = path === '' ? page : relative(ROOT, resolve(ROOT, dirname(page), decodeURI(path)));
  if (!existsSync(join(ROOT, target))) return `no file ${target}`;
  if (fragment === undefined || !target.endsWith('.md')) return undefined;
  return outlineOf(target).anchors.has(fragment) ? undefined : `no heading #${fragment} in ${target}`;
}

describe("the docs' own links", () => {
  it('checks the pages it should: README, SECURITY, BENCHMARKS and docs/ with docs/oracles/', () => {
    expect(pages()).toEqual(expect.arrayContaining(['README.md', 'docs/cli.md', 'docs/oracles/README.md']));
  });

  it('lead to a file that exists and, with an #anchor, to a heading of it', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const page of pages()) {
      for (const href of outlineOf(page).links.filter(isRelativeLink)) {
        checked += 1;
        const wrong = brokenLink(page, href);
        if (wrong !== undefined) broken.push(`${page} -> ${href}: ${wrong}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('would see a link to a missing heading or file (the check is not blind)', () => {
    expect(brokenLink('docs/cli.md', 'issues.md#no-such-heading')).toBe(
      'no heading #no-such-heading in docs/issues.md',
    );
    expect(brokenLink('docs/cli.md', '../README.md#install')).toBeUndefined();
    expect(brokenLink('README.md', 'docs/no-such-page.md')).toBe('no file docs/no-such-page.md');
  });
});
