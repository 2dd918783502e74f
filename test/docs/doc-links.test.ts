/**
 * The docs link-check themselves with hoplens (issue 44): `hoplens crawl README.md SECURITY.md BENCHMARKS.md docs/
 * --offline`, the files crawl, finds every relative link and `#anchor` of what the package ships leading to a file
 * of the repository and, in a Markdown file, to a heading there (with the anchors GitHub gives headings: GitHub Docs,
 * "Basic writing and formatting syntax", section links). External links are not requested (`--offline`). The
 * installed package's own copy is checked the same way in test/install.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runFiles } from '../crawl-files/run-files.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = ['README.md', 'SECURITY.md', 'BENCHMARKS.md', 'docs'];

interface Report {
  summary: { files: number; local: number };
  findings: Array<{ file: string; line: number; target: string; message: string }>;
}

async function check(root: string) {
  const outcome = await runFiles(PAGES, { format: 'json', offline: true }, root);
  return { ...outcome, report: JSON.parse(outcome.stdout) as Report };
}

const copies: string[] = [];
afterAll(() => Promise.all(copies.map((dir) => rm(dir, { recursive: true, force: true }))));

describe("the docs' own links, checked by hoplens", () => {
  it('lead to a file that exists and, with an #anchor, to a heading of it', async () => {
    const { code, report, stderr } = await check(ROOT);
    expect(report.findings.map((finding) => `${finding.file}:${finding.line} ${finding.message}`)).toEqual([]);
    expect(code).toBe(0);
    // Every page is read, docs/oracles/ included, and the links are many.
    expect(report.summary.files).toBeGreaterThanOrEqual(20);
    expect(report.summary.local).toBeGreaterThan(200);
    expect(stderr).toMatch(/0 links to 0 URLs, \d+ links to local files: 0 redirecting \(0 fixable\), 0 broken/);
  });

  it('would see a link to a missing heading or file (the check is not blind)', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'hoplens-doc-links-'));
    copies.push(copy);
    // What the pages link to besides each other, as the package ships it: the schema and the benchmark results.
    for (const path of [...PAGES, 'schema', 'bench']) await cp(join(ROOT, path), join(copy, path), { recursive: true });
    const cli = join(copy, 'docs', 'cli.md');
    const text = await readFile(cli, 'utf8');
    await writeFile(cli, `${text}\n[a](issues.md#no-such-heading) [b](no-such-page.md) [c](../README.md#install)\n`);
    const { code, report } = await check(copy);
    expect(report.findings.map((finding) => [finding.file, finding.target])).toEqual([
      ['docs/cli.md', 'issues.md#no-such-heading'],
      ['docs/cli.md', 'no-such-page.md'],
    ]);
    expect(code).toBe(1);
  });
});
